import Foundation
import OTALocalizationsDigest

/// An incremental SHA-256 (FIPS 180-4) computation fed in chunks of any size.
///
/// A value type: a copy continues independently of the original. Not thread-safe; use one hasher per task.
public struct SHA256Hasher {
    private var backend = SHA256Backend()

    /// Creates a hasher holding the digest state of the empty message.
    public init() {}

    /// Appends `data` to the message being hashed.
    public mutating func update(_ data: Data) {
        data.withUnsafeBytes { backend.update($0) }
    }

    /// Appends the bytes of `buffer` to the message being hashed.
    public mutating func update(bufferPointer buffer: UnsafeRawBufferPointer) {
        backend.update(buffer)
    }

    /// Returns the 32-byte digest of everything passed to `update` and resets the hasher to the empty message.
    public mutating func finalize() -> [UInt8] {
        backend.finalize()
    }
}
