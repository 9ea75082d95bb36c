import Foundation

/// The one reader of the storage root's small files (pointers, records, seals, `state.json`, leases, the lock's holder
/// line), for the read side, the service and the tools alike, with plain POSIX calls: a fraction of the cost of
/// `Data(contentsOf:)` on the launch path.
///
/// Every read follows the storage root's rule for what a path may hold (``StorageEntry``): a final symbolic link is
/// never followed (`O_NOFOLLOW`: the open fails, so the file reads as unreadable), a FIFO never blocks the open
/// (`O_NONBLOCK`), and only a regular file of at most the size asked for is read, whole or not at all.
package enum SmallFile {
    /// The file's bytes, or nil when it cannot be opened or read whole, is not a regular file (a symbolic link, a
    /// FIFO, a folder), or is larger than `maximumBytes`.
    package static func read(_ path: String, maximumBytes: Int) -> Data? {
        guard case .data(let data) = contents(path, maximumBytes: maximumBytes) else { return nil }
        return data
    }

    /// What reading a small file found.
    package enum Contents {
        /// Nothing is at the path (`ENOENT`).
        case missing
        /// Something is there but it cannot be read as a regular file of at most the size asked for.
        case unreadable
        case data(Data)
    }

    /// The file's bytes as ``read(_:maximumBytes:)`` reads them, telling a missing file from one that cannot be read,
    /// in one `open(2)`.
    package static func contents(_ path: String, maximumBytes: Int) -> Contents {
        let descriptor = open(path)
        guard descriptor >= 0 else { return errno == ENOENT ? .missing : .unreadable }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              info.st_size >= 0, Int(info.st_size) <= maximumBytes,
              let data = readUpTo(descriptor, Int(info.st_size)), data.count == Int(info.st_size)
        else { return .unreadable }
        return .data(data)
    }

    /// At most the first `count` bytes of the file (fewer when it is shorter), or nil when it cannot be opened or
    /// read. Three system calls (open, read, close): for launch-path checks that need only the start of a file.
    /// A FIFO reads as empty; a folder fails to read.
    package static func prefix(_ path: String, count: Int) -> Data? {
        let descriptor = open(path)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return readUpTo(descriptor, count)
    }

    /// Opens `path` for reading, never through a final symbolic link and never blocking on a FIFO.
    private static func open(_ path: String) -> Int32 {
        Foundation.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    }

    /// Reads until `count` bytes or the end of the file; nil on a read error.
    private static func readUpTo(_ descriptor: Int32, _ count: Int) -> Data? {
        var data = Data(count: count)
        var total = 0
        let ok = data.withUnsafeMutableBytes { buffer -> Bool in
            while total < buffer.count {
                let read = Foundation.read(descriptor, buffer.baseAddress! + total, buffer.count - total)
                if read < 0, errno == EINTR { continue }
                guard read >= 0 else { return false }
                if read == 0 { break }
                total += read
            }
            return true
        }
        guard ok else { return nil }
        data.count = total
        return data
    }
}
