import Foundation

/// A version folder on this machine (the root of nginx or another static server). Headers are the server's
/// business (docs/hosting.md has an nginx block); each file is written to a temporary name beside its final one and
/// renamed into place, so a server never sends half a file.
struct LocalFolderStore: VersionFolderStore {
    let folder: URL
    var location: PublishLocation { .folder(folder) }

    func listSizes() throws(PackagerError) -> [String: Int64] {
        var sizes: [String: Int64] = [:]
        for entry in DirectoryListing.sortedEntries(ofPath: folder.path) where entry.type != .directory {
            if let size = fileSize(entry.name) { sizes[entry.name] = size }
        }
        return sizes
    }

    func size(of name: String) throws(PackagerError) -> Int64? {
        fileSize(name)
    }

    func read(_ name: String) throws(PackagerError) -> Data? {
        let url = folder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw PackagerError(code: .publishFailed, reason: "\(url.path): cannot be read")
        }
        return data
    }

    func upload(_ file: URL, as name: String, headers: ObjectHeaders) throws(PackagerError) {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw PackagerError(code: .publishFailed, reason: "\(file.path): cannot be read")
        }
        try write(data, as: name, headers: headers)
    }

    /// Writes through `.<name>.<pid>.tmp` and a rename. A replaced file's modification time moves at least one second
    /// past the old one: nginx's ETag is the time in whole seconds and the size, so two writes of the same size in
    /// one second would otherwise keep the ETag, and devices would be answered 304 for the new manifest.
    func write(_ data: Data, as name: String, headers: ObjectHeaders) throws(PackagerError) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw PackagerError(code: .publishFailed, reason: "\(folder.path): cannot create the folder (\(error.localizedDescription))")
        }
        let target = folder.appendingPathComponent(name)
        let previous = (try? FileManager.default.attributesOfItem(atPath: target.path))?[.modificationDate] as? Date
        let temporary = TemporaryFiles.url(for: target)
        do {
            try data.write(to: temporary)
            if let previous {
                let now = Date()
                let floor = previous.timeIntervalSince1970.rounded(.down) + 1
                if now.timeIntervalSince1970 < floor {
                    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: floor)], ofItemAtPath: temporary.path)
                }
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw PackagerError(code: .publishFailed, reason: "\(target.path): cannot be written (\(error.localizedDescription))")
        }
        guard rename(temporary.path, target.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw PackagerError(code: .publishFailed, reason: "\(target.path): rename failed (\(String(cString: strerror(code))))")
        }
    }

    func removeStaleTemporaries() -> [String] {
        TemporaryFiles.removeStale(in: folder)
    }

    private func fileSize(_ name: String) -> Int64? {
        var info = stat()
        guard stat(folder.appendingPathComponent(name).path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int64(info.st_size)
    }
}
