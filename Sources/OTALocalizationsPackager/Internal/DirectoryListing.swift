import Foundation

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
        return entries.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }
}
