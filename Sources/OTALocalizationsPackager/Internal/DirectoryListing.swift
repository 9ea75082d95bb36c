import Foundation
import OTALocalizationsNames

/// A folder's entries read with `opendir(3)`/`readdir(3)`, with the type each entry reports, so discovery needs no
/// `lstat` for the plain folders and files that make up almost every repository.
enum DirectoryListing {
    /// One entry: its name and what `readdir` says it is.
    struct Entry {
        var name: String
        /// `d_type`: a folder, a regular file, or something `lstat` must look at (links, unknown types).
        var type: EntryType
    }

    enum EntryType {
        case directory, regularFile, other
    }

    /// The entries of the folder at `path`, without `.` and `..`, sorted by their UTF-8 bytes (so results never
    /// depend on listing order); empty when the folder cannot be read. A name that is not valid UTF-8 (Linux allows
    /// any bytes) comes back repaired, as `FileManager` lists it, and typed `.other`: the repaired name is not a
    /// path that exists, so `lstat` reports it as unreadable, never as a table or a folder to enter.
    ///
    /// `d_type` is trusted only where `lstat` would succeed, so that an entry `lstat` cannot see is still reported
    /// as unreadable rather than entered (silently empty) or read: every entry is typed `.other` when the folder
    /// cannot be searched (readable but without `x`: listing works, `lstat` of an entry does not; one `lstat` of an
    /// entry tells), and so is an entry whose path is too long for `lstat` (`PATH_MAX`).
    static func sortedEntries(ofPath path: String) -> [Entry] {
        guard let folder = opendir(path) else { return [] }
        defer { closedir(folder) }
        var entries: [Entry] = []
        while let entry = readdir(folder) {
            let (name, isValid) = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let bytes = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
                if let valid = String(validatingCString: bytes) { return (valid, true) }
                return (String(cString: bytes), false)
            }
            if name == "." || name == ".." { continue }
            let type: EntryType
            switch Int32(entry.pointee.d_type) {
            case _ where !isValid: type = .other
            case Int32(DT_DIR): type = .directory
            case Int32(DT_REG): type = .regularFile
            default: type = .other
            }
            entries.append(Entry(name: name, type: type))
        }
        let searchable = entries.first.map { isSearchable(path, probing: $0.name) } ?? true
        let longestPath = Int(PATH_MAX) - 1
        for index in entries.indices where !searchable || path.utf8.count + 1 + entries[index].name.utf8.count > longestPath {
            entries[index].type = .other
        }
        return entries.sorted { UTF8ByteOrder.precedes($0.name, $1.name) }
    }

    /// Whether entries of the folder at `path` can be looked at with `lstat`, tried on the entry `name`.
    private static func isSearchable(_ path: String, probing name: String) -> Bool {
        var info = stat()
        return lstat(path + "/" + name, &info) == 0
    }
}
