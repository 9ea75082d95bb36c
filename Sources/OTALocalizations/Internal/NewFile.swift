import Foundation

/// The one writer of the read side's own files in the storage root (the launch guard's records, the reader lease),
/// with plain POSIX calls. Whatever is at the path is removed first and the file is created with `O_EXCL`, so a FIFO
/// left there cannot block the open (it would wait for a reader, on the main thread at launch), and a symbolic or hard
/// link cannot redirect the write into another file. The counterpart of ``SmallFile``, which reads them.
enum NewFile {
    /// Writes `data` to a new regular file at `path` with permissions `mode`, then, when `flush` is true, `fsync(2)`s it.
    /// False when a step fails; a file left half-written is the caller's to rename or ignore (each caller writes a
    /// temporary name and renames it, or writes a record that is read whole or not at all).
    static func write(_ data: Data, to path: String, mode: mode_t, flush: Bool) -> Bool {
        unlink(path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let complete = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
        return complete && (!flush || fsync(descriptor) == 0)
    }
}
