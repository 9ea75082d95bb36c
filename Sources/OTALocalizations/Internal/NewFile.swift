import Foundation

/// The one writer of new files in the storage root, for the read side (the launch guard's records, the reader lease)
/// and the service (installed tables, seals, `state.json`), with plain POSIX calls. A file is created with
/// `O_CREAT | O_EXCL | O_NOFOLLOW`, so nothing already at the path (a FIFO, a symbolic or hard link) is ever opened:
/// a FIFO cannot block the open (it would wait for a reader, on the main thread at launch) and a link cannot redirect
/// the write into another file. The counterpart of ``SmallFile``, which reads them.
package enum NewFile {
    /// The step that failed; `errno` still says why.
    package enum Failure: Error {
        case create, write, sync
    }

    /// Creates the file `path`, which must not exist, with permissions `mode`, writes all of `data` to it, then flushes
    /// it as far as `flush` says.
    ///
    /// - Throws: ``Failure`` naming the step that failed, with `errno` set; a file left half-written is the caller's
    ///   to remove or ignore.
    package static func create(_ data: Data, at path: String, mode: mode_t, flush: FileFlush) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard descriptor >= 0 else { throw .create }
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
        guard complete else { throw .write }
        guard flush.apply(descriptor) else { throw .sync }
    }

    /// Removes whatever is at `path` (a file, a FIFO or a link left there), then ``create(_:at:mode:flush:)``; false
    /// when a step fails. For the read side, whose writes are silent: each writes a temporary name and renames it,
    /// or writes a record that is read whole or not at all.
    static func write(_ data: Data, to path: String, mode: mode_t, flush: FileFlush) -> Bool {
        unlink(path)
        return (try? create(data, at: path, mode: mode, flush: flush)) != nil
    }
}
