import Foundation

/// How far a write must reach before it counts as done.
package enum FileFlush: Sendable {
    /// Left to the system (a reader lease, which a power cut may lose).
    case none
    /// `fsync(2)`: the file's data and metadata handed to the storage device.
    case toDisk
    /// To the medium, through the device's own cache: on Apple platforms `fsync(2)` does not reach it, and
    /// `fcntl(F_FULLFSYNC)` asks the device to flush it (Apple's `fcntl(2)` and `fsync(2)` manual pages;
    /// docs/apple-platform.md K6). For the records whose loss after a power cut breaks a promise: the crash-loop
    /// guard's quarantine, the anti-rollback mark, the `current` pointers and `state.json`. Elsewhere, `fsync(2)`.
    case toMedium

    /// Flushes the open file (or folder) `descriptor` this far; false when the system refused.
    package func apply(_ descriptor: Int32) -> Bool {
        switch self {
        case .none:
            return true
        case .toDisk:
            return fsync(descriptor) == 0
        case .toMedium:
            #if canImport(Darwin)
            if fcntl(descriptor, F_FULLFSYNC) == 0 { return true }   // a file system without it: fsync is what is left
            #endif
            return fsync(descriptor) == 0
        }
    }

    /// Flushes the folder at `path` this far (so that a rename into it survives a power cut); errors are ignored.
    package func applyToFolder(_ path: String) {
        guard self != .none else { return }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = apply(descriptor)
        close(descriptor)
    }
}
