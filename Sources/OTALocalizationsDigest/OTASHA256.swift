import Foundation

/// One-shot SHA-256 (FIPS 180-4) for the read side and Core, which cannot import each other: the read side checks
/// an installed slice record against its folder's name with it, Core hashes ZIPs and manifests, and the source linter
/// fingerprints the lines of a baseline's findings.
package enum OTASHA256 {
    /// The 32-byte digest of `data`.
    package static func hash(_ data: Data) -> [UInt8] {
        var backend = SHA256Backend()
        data.withUnsafeBytes { backend.update($0) }
        return backend.finalize()
    }

    /// The digest of `data` as 64 lowercase hexadecimal digits (the form `sha256sum` prints).
    package static func hexString(_ data: Data) -> String {
        hex(hash(data))
    }

    /// `bytes` as lowercase hexadecimal, two digits per byte.
    package static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
