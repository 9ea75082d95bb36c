import Foundation

/// Reads a small file with plain POSIX calls, which costs a fraction of `Data(contentsOf:)` on the launch path.
enum SmallFile {
    /// The file's bytes, or nil when it cannot be opened or read, is not a regular file, or is larger than
    /// `maximumBytes`.
    static func read(_ path: String, maximumBytes: Int) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              info.st_size >= 0, Int(info.st_size) <= maximumBytes else { return nil }
        var data = Data(count: Int(info.st_size))
        var total = 0
        let ok = data.withUnsafeMutableBytes { buffer -> Bool in
            while total < buffer.count {
                let count = Foundation.read(descriptor, buffer.baseAddress! + total, buffer.count - total)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                total += count
            }
            return true
        }
        return ok ? data : nil
    }
}
