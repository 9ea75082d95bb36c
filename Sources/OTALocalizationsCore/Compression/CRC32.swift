import COTAZlib
import Foundation

/// The CRC-32 checksum ZIP stores for each entry (APPNOTE.TXT 4.4.7; ISO 3309 polynomial 0xEDB88320), computed by zlib.
package enum CRC32 {
    /// Returns the CRC-32 of `data` (0 for empty data), the value Python's `zlib.crc32` returns.
    package static func checksum(_ data: Data) -> UInt32 {
        update(0, data)
    }

    /// Returns the CRC-32 of the bytes summarized by `crc` followed by `data`; start from 0.
    static func update(_ crc: UInt32, _ data: Data) -> UInt32 {
        data.withUnsafeBytes { update(crc, $0) }
    }

    /// Returns the CRC-32 of the bytes summarized by `crc` followed by the bytes of `buffer`; start from 0.
    static func update(_ crc: UInt32, _ buffer: UnsafeRawBufferPointer) -> UInt32 {
        var value = UInt(crc)
        guard var base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return crc }
        var remaining = buffer.count
        while remaining > 0 {
            let chunk = min(remaining, 1 << 30)
            value = crc32(value, base, UInt32(chunk))
            base += chunk
            remaining -= chunk
        }
        // zlib's crc32 returns uLong (64-bit on Linux); the checksum itself is 32 bits.
        return UInt32(truncatingIfNeeded: value)
    }
}
