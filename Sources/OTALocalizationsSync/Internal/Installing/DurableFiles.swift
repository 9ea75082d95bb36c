import Foundation
import OTALocalizations
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// POSIX file operations with the durability the installer needs.
///
/// `FileManager.replaceItemAt` is not used: on this Foundation it passes its arguments to `renameat` in the
/// wrong order and destroys the new file (docs/apple-platform.md X6). `rename(2)` of a file over a file is
/// atomic (POSIX.1-2017, rename()).
package enum DurableFiles {
    /// Creates `url` (which must not exist) with `data`, then flushes it (`fsync`, or further with `flush`) before
    /// returning (``NewFile``).
    static func writeNewFile(_ data: Data, to url: URL, flush: FileFlush = .toDisk) throws(CycleFailure) {
        do {
            try NewFile.create(data, at: url.path, mode: 0o644, flush: flush)
        } catch {
            switch error {
            case .create: throw posixFailure("cannot create \(url.lastPathComponent)")
            case .write: throw posixFailure("cannot write \(url.lastPathComponent)")
            case .sync: throw posixFailure("cannot sync \(url.lastPathComponent)")
            }
        }
    }

    /// Replaces `destination` atomically with `data`: a new file in `temporaryFolder` (same file system), flushed,
    /// `rename(2)` onto `destination`, then the destination's folder flushed, each as far as `flush` says (`fsync`, or
    /// to the medium for the records a power cut must not lose, ``FileFlush/toMedium``). The temporary file never
    /// survives a failure.
    static func replaceFile(
        _ destination: URL, with data: Data, temporaryFolder: URL, flush: FileFlush = .toDisk
    ) throws(CycleFailure) {
        let temporary = temporaryFolder.appendingPathComponent(
            "\(destination.lastPathComponent)-\(UUID().uuidString)", isDirectory: false)
        do {
            try writeNewFile(data, to: temporary, flush: flush)
            try rename(temporary, to: destination)
        } catch {
            remove(temporary)
            throw error
        }
        syncDirectory(destination.deletingLastPathComponent(), flush: flush)
    }

    /// Flushes a directory (`fsync`, or further with `flush`) so that renames and creations inside it are durable;
    /// errors are ignored.
    static func syncDirectory(_ url: URL, flush: FileFlush = .toDisk) {
        flush.applyToFolder(url.path)
    }

    /// Atomically renames `source` to `destination` with `rename(2)` (replacing a file at `destination`).
    static func rename(_ source: URL, to destination: URL) throws(CycleFailure) {
        #if canImport(Glibc)
        let result = Glibc.rename(source.path, destination.path)
        #else
        let result = Darwin.rename(source.path, destination.path)
        #endif
        guard result == 0 else {
            throw posixFailure("cannot rename \(source.lastPathComponent) to \(destination.lastPathComponent)")
        }
    }

    /// Creates `url` (inside the storage root of `layout`) and its missing parents. Only the storage root and what is
    /// inside it get ``directoryAttributes``: a parent outside it (`Library/Application Support` of a fresh container)
    /// is created with the system's defaults, so the host app's own files there keep the app's protection class.
    static func makeDirectory(_ url: URL, layout: OTAStorageLayout) throws(CycleFailure) {
        for folder in missingFolders(for: url, storageRoot: layout.storageRoot) {
            do {
                try FileManager.default.createDirectory(
                    at: folder.url, withIntermediateDirectories: false,
                    attributes: folder.isStorage ? directoryAttributes : nil)
            } catch {
                if isDirectoryFollowingLinks(folder.url) { continue }   // another process made it meanwhile
                throw CycleFailure(.storage, "cannot create folder \(folder.url.lastPathComponent): \(error.localizedDescription)")
            }
        }
    }

    /// The folders missing on the way to `url`, outermost first, each with whether it is the storage root or inside
    /// it (and so gets ``directoryAttributes``).
    static func missingFolders(for url: URL, storageRoot: URL) -> [(url: URL, isStorage: Bool)] {
        let root = storageRoot.standardizedFileURL.pathComponents
        var missing: [(url: URL, isStorage: Bool)] = []
        var folder = url.standardizedFileURL
        while folder.pathComponents.count > 1, !isDirectoryFollowingLinks(folder) {
            let components = folder.pathComponents
            let isStorage = components.count >= root.count && Array(components.prefix(root.count)) == root
            missing.insert((folder, isStorage), at: 0)
            folder = folder.deletingLastPathComponent()
        }
        return missing
    }

    /// Whether `url` is a directory or a symbolic link to one (`/tmp` on macOS): parents are walked as the system
    /// resolves them.
    private static func isDirectoryFollowingLinks(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Creates the folder `url` whose parent must exist (`mkdir(2)`, never creating parents): staging folders in
    /// `tmp/`, so that a cycle whose storage was deleted under it cannot create it again.
    static func makeNewDirectory(_ url: URL) throws(CycleFailure) {
        guard mkdir(url.path, 0o755) == 0 else { throw posixFailure("cannot create folder \(url.lastPathComponent)") }
        #if canImport(Darwin)
        if let attributes = directoryAttributes { try? FileManager.default.setAttributes(attributes, ofItemAtPath: url.path) }
        #endif
    }

    /// Makes `url` a folder: anything else found there (a file, a symbolic link, a FIFO) is moved aside first, so a
    /// wrong kind of file heals instead of failing every cycle; then the folder and its parents are created.
    static func ensureDirectory(_ url: URL, layout: OTAStorageLayout) throws(CycleFailure) {
        if exists(url), !isDirectory(url) { discard(url, layout: layout) }
        try makeDirectory(url, layout: layout)
    }

    /// Moves aside anything at `url` that is not a regular file (a folder, a symbolic link), so that a file can be
    /// renamed onto it.
    static func clearForFile(_ url: URL, layout: OTAStorageLayout) {
        if exists(url), !isRegularFile(url) { discard(url, layout: layout) }
    }

    /// Moves aside anything at `url` but a regular file with one name: for a record written in place (the crash-loop
    /// guard's count), where a hard link would make the writes land in another file and the read side refuses to
    /// count through one.
    static func clearForRecordWrittenInPlace(_ url: URL, layout: OTAStorageLayout) {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { return }
        if (status.st_mode & S_IFMT) != S_IFREG || status.st_nlink != 1 { discard(url, layout: layout) }
    }

    /// Whether anything (file, folder, dangling symbolic link) exists at `url` (``StorageEntry``).
    static func exists(_ url: URL) -> Bool {
        StorageEntry(atPath: url.path) != .missing
    }

    /// Whether `url` is a directory, a final symbolic link not followed (``StorageEntry``).
    static func isDirectory(_ url: URL) -> Bool {
        isDirectory(atPath: url.path)
    }

    /// Whether `path` is a directory, a final symbolic link not followed (``StorageEntry``).
    static func isDirectory(atPath path: String) -> Bool {
        StorageEntry(atPath: path) == .directory
    }

    /// The names in the folder at `path` (`.` and `..` left out) with `readdir(3)`, or nil when it cannot be listed.
    static func names(inDirectoryAtPath path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Whether `url` is a regular file, a final symbolic link not followed (``StorageEntry``).
    static func isRegularFile(_ url: URL) -> Bool {
        StorageEntry(atPath: url.path) == .regularFile
    }

    /// The names in a folder, or an empty list when it cannot be listed.
    static func contents(of url: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    }

    /// Removes `url` if present; errors are ignored (a later cycle empties `tmp/` again).
    static func remove(_ url: URL) {
        guard exists(url) else { return }
        try? FileManager.default.removeItem(at: url)
    }

    /// Makes `url` unreachable with one atomic rename to a trash name at the storage root
    /// (``OTAStorageLayout/trashNamePrefix``), then deletes it there.
    ///
    /// A crash during the (non-atomic) deletion leaves the remains under a trash name, which the next cycle or
    /// delete removes (``removeTrash(in:)``), never a half-deleted folder at its original path. When the rename
    /// fails (nothing is there any more, or the storage root is gone), nothing is deleted in place.
    static func discard(_ url: URL, layout: OTAStorageLayout) {
        guard exists(url) else { return }
        if let trash = StorageEntry.moveAside(url.path, storageRoot: layout.storageRoot) { remove(trash) }
    }

    /// Removes every trash entry (``OTAStorageLayout/trashNamePrefix``) left at the storage root.
    static func removeTrash(in storageRoot: URL) {
        for name in contents(of: storageRoot) where name.hasPrefix(OTAStorageLayout.trashNamePrefix) {
            remove(storageRoot.appendingPathComponent(name))
        }
    }

    /// Deletes every entry of `storageRoot` but `keeping`, crash-safely: each is first renamed to a trash name
    /// (one atomic step that makes the whole entry unreachable), the root marker last, then the trash is removed.
    /// A folder at the root that holds one of `keepingInFolders` as a regular file (an app version's crash-loop
    /// quarantine, ``OTAStorageLayout/keptInVersionFolderByDeletion``) keeps that file: everything else in it is
    /// trashed the same way, and the folder and the root marker that lists it stay.
    ///
    /// - Returns: The paths that could not be made unreachable or removed (empty on success).
    @discardableResult
    package static func deleteContents(
        of storageRoot: URL, keeping: Set<String> = [], keepingInFolders: Set<String> = []
    ) -> [String] {
        let names = contents(of: storageRoot).filter { !keeping.contains($0) && !$0.hasPrefix(OTAStorageLayout.trashNamePrefix) }
        var failures: [String] = []
        func trash(_ entry: URL) {
            if (try? rename(entry, to: OTAStorageLayout.newTrashURL(in: storageRoot))) == nil, exists(entry) {
                failures.append(entry.path)
            }
        }
        var keptAFolder = false
        for name in names where name != OTAStorageLayout.rootMarkerFileName {
            let entry = storageRoot.appendingPathComponent(name)
            let kept = isDirectory(entry) ? contents(of: entry).filter {
                keepingInFolders.contains($0) && isRegularFile(entry.appendingPathComponent($0))
            } : []
            guard !kept.isEmpty else {
                trash(entry)
                continue
            }
            keptAFolder = true
            for child in contents(of: entry) where !kept.contains(child) { trash(entry.appendingPathComponent(child)) }
        }
        if !keptAFolder, names.contains(OTAStorageLayout.rootMarkerFileName) {
            trash(storageRoot.appendingPathComponent(OTAStorageLayout.rootMarkerFileName))
        }
        for name in contents(of: storageRoot) where name.hasPrefix(OTAStorageLayout.trashNamePrefix) {
            let entry = storageRoot.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: entry)
            if exists(entry) { failures.append(entry.path) }
        }
        syncDirectory(storageRoot)
        return failures
    }

    /// Marks `url` as excluded from device backups on Apple platforms: the content is re-downloadable
    /// (Apple's File System Programming Guide, "iOS Data Storage Guidelines"). No effect elsewhere.
    static func excludeFromBackup(_ url: URL) {
        #if canImport(Darwin)
        var values = URLResourceValues()
        values.isExcludedFromBackup = true
        var target = url
        try? target.setResourceValues(values)
        #endif
    }

    /// Folder attributes: on Apple platforms, no file protection, so that a launch before the first unlock can
    /// read the bundles (docs/design.md, "On the device"; docs/apple-platform.md D1-D4).
    static var directoryAttributes: [FileAttributeKey: Any]? {
        #if canImport(Darwin)
        return [.protectionKey: FileProtectionType.none]
        #else
        return nil
        #endif
    }

    private static func posixFailure(_ what: String) -> CycleFailure {
        CycleFailure(.storage, "\(what): \(String(cString: strerror(errno)))")
    }
}
