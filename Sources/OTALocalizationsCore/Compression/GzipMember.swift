import Foundation

/// One gzip member (RFC 1952) around a raw deflate stream: the container of the published index's parts
/// (`index-*.json.gz`, docs/design.md).
///
/// Written reproducibly, by CI only (`compress(_:)`, in OTALocalizationsPublishing): the fixed 10-byte header
/// `1f 8b 08 00 00000000 00 ff` (no flags, no modification time, "unknown" operating system, so the same input gives
/// the same bytes on macOS and Linux), the deflate stream at level 9, then the CRC-32 and the input size modulo 2^32,
/// little-endian. Read strictly: exactly that header (flags 0; any time, extra-flags and operating-system byte), one
/// member, the trailer checked, nothing after it.
package enum GzipMember {
    /// The bytes of the one gzip member `data` holds, at most `maximumBytes` of them.
    /// - Throws: ``CompressionError``: `corruptData` for a header other than the one above, a CRC-32 or size that
    ///   does not match, or bytes after the member; `truncated`, `outputTooLarge`, `zlib` from the inflater.
    package static func decompress(_ data: Data, maximumBytes: Int) throws(CompressionError) -> Data {
        let bytes = [UInt8](data)
        guard bytes.count >= 18, bytes[0] == 0x1F, bytes[1] == 0x8B, bytes[2] == 0x08, bytes[3] == 0x00 else {
            throw CompressionError(code: .corruptData, reason: "not a gzip member with no optional header fields (RFC 1952)")
        }
        let inflated: (output: Data, consumed: Int)
        do {
            inflated = try bytes[10...].withUnsafeBytes { try RawInflate.decompress($0, maximumBytes: maximumBytes) }
        } catch let error as CompressionError {
            throw error
        } catch {
            throw CompressionError(code: .zlib, reason: "\(error)")
        }
        let trailer = 10 + inflated.consumed
        guard bytes.count == trailer + 8 else {
            throw CompressionError(code: .corruptData, reason: "the gzip member does not end right after its trailer")
        }
        guard littleEndian(bytes, at: trailer) == CRC32.checksum(inflated.output),
              littleEndian(bytes, at: trailer + 4) == UInt32(truncatingIfNeeded: inflated.output.count)
        else {
            throw CompressionError(code: .corruptData, reason: "the gzip trailer's CRC-32 or size does not match the content")
        }
        return inflated.output
    }

    private static func littleEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << UInt32($1 * 8) }
    }
}
