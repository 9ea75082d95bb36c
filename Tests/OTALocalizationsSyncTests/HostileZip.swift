import Foundation
@testable import OTALocalizationsCore
@testable import OTALocalizationsPublishing

/// A test-only ZIP byte builder (APPNOTE.TXT 4.3.7, 4.3.12, 4.3.16) that writes whatever it is told, including
/// what a reader must refuse: lying sizes, symlinks, encryption flags, unknown methods, hostile names.
enum HostileZip {
    struct Entry {
        var name: String
        /// The bytes stored in the archive (already compressed when `method` is 8).
        var stored: Data
        var method: UInt16 = 0
        var flags: UInt16 = 0x0800
        var crc32: UInt32
        var compressedSize: UInt32
        var uncompressedSize: UInt32
        /// Unix mode in the high 16 bits (4.4.15); default a regular file 0644.
        var externalAttributes: UInt32 = 0o100644 << 16
        /// Unix (3), version 3.0.
        var versionMadeBy: UInt16 = 0x031E

        /// A stored entry whose header fields are true.
        static func stored(_ name: String, _ data: Data) -> Entry {
            Entry(name: name, stored: data, crc32: CRC32.checksum(data),
                  compressedSize: UInt32(data.count), uncompressedSize: UInt32(data.count))
        }

        /// A deflated entry whose header fields are true.
        static func deflated(_ name: String, _ data: Data) throws -> Entry {
            let compressed = try RawDeflate.compress(data)
            return Entry(name: name, stored: compressed, method: 8, crc32: CRC32.checksum(data),
                         compressedSize: UInt32(compressed.count), uncompressedSize: UInt32(data.count))
        }
    }

    static func archive(_ entries: [Entry]) -> Data {
        var out = Data()
        var central = Data()
        for entry in entries {
            let offset = UInt32(out.count)
            let name = Data(entry.name.utf8)
            out.le32(0x0403_4B50)
            out.le16(20); out.le16(entry.flags); out.le16(entry.method)
            out.le16(0); out.le16(0x21)                           // 1980-01-01 00:00
            out.le32(entry.crc32); out.le32(entry.compressedSize); out.le32(entry.uncompressedSize)
            out.le16(UInt16(name.count)); out.le16(0)
            out.append(name)
            out.append(entry.stored)

            central.le32(0x0201_4B50)
            central.le16(entry.versionMadeBy); central.le16(20); central.le16(entry.flags); central.le16(entry.method)
            central.le16(0); central.le16(0x21)
            central.le32(entry.crc32); central.le32(entry.compressedSize); central.le32(entry.uncompressedSize)
            central.le16(UInt16(name.count)); central.le16(0); central.le16(0)
            central.le16(0); central.le16(0); central.le32(entry.externalAttributes); central.le32(offset)
            central.append(name)
        }
        let centralOffset = UInt32(out.count)
        out.append(central)
        out.le32(0x0605_4B50)
        out.le16(0); out.le16(0)
        out.le16(UInt16(entries.count)); out.le16(UInt16(entries.count))
        out.le32(UInt32(central.count)); out.le32(centralOffset)
        out.le16(0)
        return out
    }

    /// The minimal valid bundle files as stored entries, to which a hostile entry is added.
    static func bundleEntries() -> [Entry] {
        [
            .stored("Info.plist", SyncFixture.infoPlist),
            .stored("en.lproj/Localizable.strings", Data("\"greeting\" = \"Hello\";\n".utf8)),
        ]
    }
}

private extension Data {
    mutating func le16(_ value: UInt16) { append(UInt8(value & 0xFF)); append(UInt8(value >> 8)) }
    mutating func le32(_ value: UInt32) { for shift in stride(from: 0, to: 32, by: 8) { append(UInt8((value >> UInt32(shift)) & 0xFF)) } }
}
