import Foundation
import OTALocalizationsCore

/// A version folder on this machine (the root of nginx or another static server). Headers are the server's
/// business (docs/hosting.md has an nginx block); each file is written to a temporary name beside its final one and
/// renamed into place, so a server never sends half a file. Two publishes to one folder hold its `flock(2)` in turn,
/// and each manifest write checks, under the lock, that the file is still what the publish read.
struct LocalFolderStore: VersionFolderStore {
    let folder: URL
    var location: PublishLocation { .folder(folder) }

    func list() throws(PackagerError) -> [String: StoredObject] {
        var objects: [String: StoredObject] = [:]
        for entry in DirectoryListing.sortedEntries(ofPath: folder.path) where entry.type != .directory {
            if let object = stored(entry.name) { objects[entry.name] = object }
        }
        return objects
    }

    func holds(_ file: ReleaseFile, listed: StoredObject) throws(PackagerError) -> Bool? {
        listed.size == file.size && listed.etag == "sha256:" + file.sha256
    }

    func download(_ names: [String]) throws(PackagerError) -> [String: Data] {
        var result: [String: Data] = [:]
        for name in names {
            if let data = try read(name) { result[name] = data }
        }
        return result
    }

    func read(_ name: String) throws(PackagerError) -> Data? {
        let url = folder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw PackagerError(code: .publishFailed, reason: "\(url.path): cannot be read")
        }
        return data
    }

    func upload(_ files: [ReleaseFile], progress: (Int) -> Void) throws(PackagerError) {
        for (index, file) in files.enumerated() {
            try put(try file.bytes(), as: file.name)
            progress(index + 1)
        }
    }

    func write(_ file: ReleaseFile, replacing expected: StoredObject?) throws(PackagerError) -> StoredObject {
        guard stored(file.name) == expected else {
            throw PackagerError(
                code: .lostRace,
                reason: "\(folder.appendingPathComponent(file.name).path) changed after this run read it: another publish, promote or rollout wrote it. Nothing more was written; run this one again")
        }
        try put(try file.bytes(), as: file.name)
        return StoredObject(size: file.size, etag: "sha256:" + file.sha256)
    }

    func headers(_ names: [String]) throws(PackagerError) -> [String: StoredHeaders]? { nil }

    var isLockedForWrites: Bool { true }

    func withLock<Value>(_ body: () throws(PackagerError) -> Value) throws(PackagerError) -> Value {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw PackagerError(code: .publishFailed, reason: "\(folder.path): cannot create the folder (\(error.localizedDescription))")
        }
        let descriptor = open(folder.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw PackagerError(code: .publishFailed, reason: "\(folder.path): cannot be opened to lock it (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw PackagerError(code: .publishFailed, reason: "\(folder.path): cannot be locked (\(String(cString: strerror(errno))))")
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    func removeStaleTemporaries() -> [String] {
        TemporaryFiles.removeStale(in: folder)
    }

    /// What the listing says of `name`: its size and the SHA-256 of its bytes; nil when it is not a regular file.
    private func stored(_ name: String) -> StoredObject? {
        let url = folder.appendingPathComponent(name)
        guard let size = FileSystem.size(of: url), let digest = try? SHA256Digest.hexString(ofFileAt: url) else { return nil }
        return StoredObject(size: size, etag: "sha256:" + digest)
    }

    /// Writes through `.<name>.<pid>.tmp` and a rename. A replaced file's modification time moves at least one second
    /// past the old one: nginx's ETag is the time in whole seconds and the size, so two writes of the same size in
    /// one second would otherwise keep the ETag, and devices would be answered 304 for the new manifest.
    private func put(_ data: Data, as name: String) throws(PackagerError) {
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
                let floor = previous.timeIntervalSince1970.rounded(.down) + 1
                if Date().timeIntervalSince1970 < floor {
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
}
