import Foundation
import OTALocalizationsDigest

/// One-shot SHA-256 (FIPS 180-4) digests of data and files, the hash the manifest publishes for each module ZIP.
public enum SHA256Digest {
    /// Returns the 32-byte SHA-256 digest of `data`.
    public static func hash(_ data: Data) -> [UInt8] {
        var hasher = SHA256Hasher()
        hasher.update(data)
        return hasher.finalize()
    }

    /// Returns the SHA-256 digest of `data` as 64 lowercase hexadecimal characters (the form `sha256sum` prints).
    public static func hexString(_ data: Data) -> String {
        hex(hash(data))
    }

    /// Returns the SHA-256 digest of the file at `url` as 64 lowercase hexadecimal characters.
    ///
    /// Reads the file in 1 MiB chunks, so memory stays constant whatever the file size.
    /// - Throws: The `FileHandle` error when the file cannot be opened or read.
    public static func hexString(ofFileAt url: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var hasher = SHA256Hasher()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(chunk)
        }
        return hex(hasher.finalize())
    }

    /// Returns `bytes` as lowercase hexadecimal, two characters per byte.
    static func hex(_ bytes: [UInt8]) -> String {
        OTASHA256.hex(bytes)
    }
}
