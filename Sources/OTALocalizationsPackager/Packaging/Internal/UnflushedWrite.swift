import Foundation

/// Writes bytes to a new file with `open(2)`, `write(2)` and `close(2)`, and no `fsync(2)`.
///
/// Why: Foundation's `Data.write(to:)` flushes every file it writes on Linux (measured with `strace`: one `fsync`
/// per file). The packager's ZIPs and slices do not need that. `publish` checks each file's size and SHA-256 against
/// the manifest before uploading it, so a file cut short by a power loss is refused there. The manifest, written
/// last, is still flushed. For a 30-module × 40-language monorepo (1,230 files) the flushes took most of `package`'s
/// time (docs/benchmarks.md, "After the restructuring and the slices").
enum UnflushedWrite {
    /// Creates or truncates `path` (mode 0666 less the umask, with the flags Foundation uses) and writes `data` to it.
    ///
    /// - Returns: nil on success, else the `errno` of the call that failed (the file may then exist, partly written).
    static func write(_ data: Data, to path: String) -> Int32? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return errno }
        var failure: Int32?
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0, failure == nil { failure = errno }
        return failure
    }
}
