import Foundation

/// Reads a small file with plain POSIX calls, which costs a fraction of `Data(contentsOf:)` on the launch path.
enum SmallFile {
    /// The file's bytes, or nil when it cannot be opened or read, is not a regular file, or is larger than
    /// `maximumBytes`.
    static func read(_ path: String, maximumBytes: Int) -> Data? {
        // `O_NONBLOCK`: a FIFO planted at the path fails the regular-file check instead of blocking the open.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              info.st_size >= 0, Int(info.st_size) <= maximumBytes else { return nil }
        return readUpTo(descriptor, Int(info.st_size))
    }

    /// What reading a small file found.
    enum Contents {
        /// Nothing is at the path (`ENOENT`).
        case missing
        /// Something is there but it cannot be read as a regular file of at most the size asked for.
        case unreadable
        case data(Data)
    }

    /// The file's bytes, telling a missing file from one that cannot be read, in one `open(2)`.
    static func contents(_ path: String, maximumBytes: Int) -> Contents {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return errno == ENOENT ? .missing : .unreadable }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              info.st_size >= 0, Int(info.st_size) <= maximumBytes,
              let data = readUpTo(descriptor, Int(info.st_size))
        else { return .unreadable }
        return .data(data)
    }

    /// At most the first `count` bytes of the file (fewer when it is shorter), or nil when it cannot be opened or
    /// read. Three system calls (open, read, close): for launch-path checks that need only the start of a file.
    /// `O_NONBLOCK` keeps a FIFO from blocking; a folder fails to read.
    static func prefix(_ path: String, count: Int) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return readUpTo(descriptor, count)
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
