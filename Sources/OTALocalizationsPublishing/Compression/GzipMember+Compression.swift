import Foundation
import OTALocalizationsCore

// Compressing is CI's (the published index's parts); devices only decompress.
extension GzipMember {
    /// `data` as one gzip member.
    /// - Throws: ``CompressionError`` `zlib` when zlib cannot initialize.
    package static func compress(_ data: Data) throws(CompressionError) -> Data {
        var out = Data([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF])
        do {
            out += try RawDeflate.compress(data, level: 9)
        } catch let error as CompressionError {
            throw error
        } catch {
            throw CompressionError(code: .zlib, reason: "\(error)")
        }
        appendLittleEndian(CRC32.checksum(data), to: &out)
        appendLittleEndian(UInt32(truncatingIfNeeded: data.count), to: &out)
        return out
    }

    private static func appendLittleEndian(_ value: UInt32, to data: inout Data) {
        for shift in stride(from: 0, to: 32, by: 8) { data.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }
}
