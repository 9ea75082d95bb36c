import Foundation

@testable import OTALocalizationsCore

/// A test-only ZIP assembler that writes exactly the fields it is given, so tests can build malformed archives.
///
/// Defaults describe a valid stored entry made on Unix; each test changes the one field it is about. The CRC-32 is
/// computed with a bitwise implementation written here, independent of the code under test.
struct RawZipEntry {
    var name: [UInt8]
    var data: [UInt8]
    var method: UInt16 = 0
    var flags: UInt16 = 0x0800
    var crc: UInt32
    var compressedSize: UInt32
    var uncompressedSize: UInt32
    var versionMadeBy: UInt16 = 0x0314
    var externalAttributes: UInt32 = 0o100644 << 16
    var centralExtra: [UInt8] = []
    var localExtra: [UInt8] = []
    var diskStart: UInt16 = 0
    /// Overrides applied to the local header only.
    var localName: [UInt8]?
    var localMethod: UInt16?
    var localFlags: UInt16?
    var localCRC: UInt32?
    var localCompressedSize: UInt32?
    var localUncompressedSize: UInt32?
    /// Overrides the local header offset written in the central directory.
    var offsetOverride: UInt32?
    /// Bytes written after the data (a data descriptor).
    var trailer: [UInt8] = []

    /// A stored entry named `name` holding `data`.
    static func stored(_ name: String, _ data: [UInt8]) -> RawZipEntry {
        stored(Array(name.utf8), data)
    }

    static func stored(_ name: [UInt8], _ data: [UInt8]) -> RawZipEntry {
        RawZipEntry(
            name: name, data: data, crc: bitwiseCRC32(data), compressedSize: UInt32(data.count),
            uncompressedSize: UInt32(data.count))
    }

    /// A deflated entry whose compressed bytes are `deflated` and whose real contents are `original`.
    static func deflated(_ name: String, deflated: [UInt8], original: [UInt8]) -> RawZipEntry {
        RawZipEntry(
            name: Array(name.utf8), data: deflated, method: 8, crc: bitwiseCRC32(original),
            compressedSize: UInt32(deflated.count), uncompressedSize: UInt32(original.count))
    }

    /// A folder entry as `zip -r` writes it (stored, empty, Unix folder mode).
    static func directory(_ name: String) -> RawZipEntry {
        var entry = stored(name, [])
        entry.externalAttributes = 0o040755 << 16 | 0x10
        return entry
    }
}

struct RawZip {
    var entries: [RawZipEntry]
    var comment: [UInt8] = []
    var countOverride: UInt16?
    var centralOffsetDelta: Int = 0
    var diskNumber: UInt16 = 0
    /// Bytes placed after the end record (after the comment).
    var trailingBytes: [UInt8] = []
    /// Bytes between the last entry and the central directory.
    var gapBeforeCentral: [UInt8] = []

    /// The local header offset each entry got in the last `bytes()` call order (entries are written in order).
    func localOffsets() -> [Int] {
        var offsets: [Int] = []
        var position = 0
        for entry in entries {
            offsets.append(position)
            position += 30 + (entry.localName ?? entry.name).count + entry.localExtra.count + entry.data.count
                + entry.trailer.count
        }
        return offsets
    }

    func bytes() -> Data {
        var out = [UInt8]()
        var central = [UInt8]()
        for (entry, offset) in zip(entries, localOffsets()) {
            let localName = entry.localName ?? entry.name
            out.le32(0x0403_4B50)
            out.le16(20)
            out.le16(entry.localFlags ?? entry.flags)
            out.le16(entry.localMethod ?? entry.method)
            out.le16(0)
            out.le16(0x21)
            out.le32(entry.localCRC ?? entry.crc)
            out.le32(entry.localCompressedSize ?? entry.compressedSize)
            out.le32(entry.localUncompressedSize ?? entry.uncompressedSize)
            out.le16(UInt16(localName.count))
            out.le16(UInt16(entry.localExtra.count))
            out += localName + entry.localExtra + entry.data + entry.trailer

            central.le32(0x0201_4B50)
            central.le16(entry.versionMadeBy)
            central.le16(20)
            central.le16(entry.flags)
            central.le16(entry.method)
            central.le16(0)
            central.le16(0x21)
            central.le32(entry.crc)
            central.le32(entry.compressedSize)
            central.le32(entry.uncompressedSize)
            central.le16(UInt16(entry.name.count))
            central.le16(UInt16(entry.centralExtra.count))
            central.le16(0)
            central.le16(entry.diskStart)
            central.le16(0)
            central.le32(entry.externalAttributes)
            central.le32(entry.offsetOverride ?? UInt32(offset))
            central += entry.name + entry.centralExtra
        }
        out += gapBeforeCentral
        let centralOffset = out.count
        out += central
        out.le32(0x0605_4B50)
        out.le16(diskNumber)
        out.le16(diskNumber)
        out.le16(countOverride ?? UInt16(entries.count))
        out.le16(countOverride ?? UInt16(entries.count))
        out.le32(UInt32(central.count))
        out.le32(UInt32(centralOffset + centralOffsetDelta))
        out.le16(UInt16(comment.count))
        out += comment + trailingBytes
        return Data(out)
    }
}

/// CRC-32 (ISO 3309, reflected polynomial 0xEDB88320), bit by bit: slow, obvious, independent of zlib.
func bitwiseCRC32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

extension Array where Element == UInt8 {
    mutating func le16(_ value: UInt16) { append(UInt8(value & 0xFF)); append(UInt8(value >> 8)) }
    mutating func le32(_ value: UInt32) { for shift in [0, 8, 16, 24] { append(UInt8((value >> UInt32(shift)) & 0xFF)) } }
    mutating func le64(_ value: UInt64) { for shift in stride(from: 0, to: 64, by: 8) { append(UInt8((value >> UInt64(shift)) & 0xFF)) } }
}

/// The archive error code `body` throws, or nil when it succeeds; other errors read as "other".
func archiveErrorCode(_ body: () throws -> Void) -> ArchiveErrorCodeResult {
    do {
        try body()
        return .none
    } catch let error as ArchiveError {
        return .code(error.code)
    } catch {
        return .other("\(error)")
    }
}

enum ArchiveErrorCodeResult: Equatable, CustomStringConvertible {
    case none
    case code(ArchiveError.Code)
    case other(String)
    var description: String {
        switch self {
        case .none: "no error"
        case .code(let code): "ArchiveError(\(code))"
        case .other(let text): "other error: \(text)"
        }
    }
}
