import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// POSIX file operations with the durability the installer needs.
///
/// `FileManager.replaceItemAt` is not used: on this Foundation it passes its arguments to `renameat` in the
/// wrong order and destroys the new file (PLATFORM-NOTES.md, section 4). `rename(2)` of a file over a file is
/// atomic (POSIX.1-2017, rename()).
enum DurableFiles {
    /// Creates `url` (which must not exist) with `data`, then `fsync`s it before returning.
    static func writeNewFile(_ data: Data, to url: URL) throws(InstallFailure) {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw posixFailure("cannot create \(url.lastPathComponent)") }
        defer { close(fd) }
        let written: Int = data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var offset = 0
            while offset < buffer.count {
                let result = write(fd, base + offset, buffer.count - offset)
                if result < 0 {
                    if errno == EINTR { continue }
                    return -1
                }
                offset += result
            }
            return offset
        }
        guard written == data.count else { throw posixFailure("cannot write \(url.lastPathComponent)") }
        guard fsync(fd) == 0 else { throw posixFailure("cannot sync \(url.lastPathComponent)") }
    }

    /// Replaces `destination` atomically with `data`: a new file in `temporaryFolder` (same file system), `fsync`,
    /// `rename(2)` onto `destination`, then `fsync` of the destination's folder. The temporary file never survives
    /// a failure.
    static func replaceFile(_ destination: URL, with data: Data, temporaryFolder: URL) throws(InstallFailure) {
        let temporary = temporaryFolder.appendingPathComponent(
            "\(destination.lastPathComponent)-\(UUID().uuidString)", isDirectory: false)
        do {
            try writeNewFile(data, to: temporary)
            try rename(temporary, to: destination)
        } catch {
            remove(temporary)
            throw error
        }
        syncDirectory(destination.deletingLastPathComponent())
    }

    /// `fsync`s a directory so that renames and creations inside it are durable; errors are ignored.
    static func syncDirectory(_ url: URL) {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    /// Atomically renames `source` to `destination` with `rename(2)` (replacing a file at `destination`).
    static func rename(_ source: URL, to destination: URL) throws(InstallFailure) {
        #if canImport(Glibc)
        let result = Glibc.rename(source.path, destination.path)
        #else
        let result = Darwin.rename(source.path, destination.path)
        #endif
        guard result == 0 else {
            throw posixFailure("cannot rename \(source.lastPathComponent) to \(destination.lastPathComponent)")
        }
    }

    /// Creates `url` and its parents when missing.
    static func makeDirectory(_ url: URL) throws(InstallFailure) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: directoryAttributes)
        } catch {
            throw InstallFailure("cannot create folder \(url.lastPathComponent): \(error.localizedDescription)")
        }
    }

    /// Whether anything (file, folder, dangling symbolic link) exists at `url`.
    static func exists(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) == 0
    }

    /// Whether `url` is a directory (not following a final symbolic link).
    static func isDirectory(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
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

    /// Moves `url` into `trashFolder` with one atomic rename, then deletes it there.
    ///
    /// A crash during the (non-atomic) deletion leaves the remains in `tmp/`, which the next cycle empties,
    /// never a half-deleted folder at its original path.
    static func discard(_ url: URL, trashFolder: URL) {
        guard exists(url) else { return }
        let trash = trashFolder.appendingPathComponent("trash-" + UUID().uuidString, isDirectory: false)
        if (try? rename(url, to: trash)) != nil {
            remove(trash)
        } else {
            remove(url)
        }
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
    /// read the bundles (DESIGN.md, "Client on disk"; APPLE-BUNDLE.md, rows 6.1-6.4).
    static var directoryAttributes: [FileAttributeKey: Any]? {
        #if canImport(Darwin)
        return [.protectionKey: FileProtectionType.none]
        #else
        return nil
        #endif
    }

    private static func posixFailure(_ what: String) -> InstallFailure {
        InstallFailure("\(what): \(String(cString: strerror(errno)))")
    }
}
