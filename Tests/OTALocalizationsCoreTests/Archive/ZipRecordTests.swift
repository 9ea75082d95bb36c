import Testing

@testable import OTALocalizationsCore
@testable import OTALocalizationsPublishing

/// Each ZIP record against bytes laid out by hand from APPNOTE.TXT (little-endian fields in the order of 4.3.7,
/// 4.3.12, 4.3.14, 4.3.15, 4.3.16 and 4.5.3), written and read back.
@Suite struct ZipRecordTests {
    private static func hex(_ text: String) -> [UInt8] {
        text.split(separator: " ").map { UInt8($0, radix: 16)! }
    }

    private static let fields = ZipFileHeaderFields(
        versionNeeded: 20, flags: 0x0800, method: 8, time: 0, date: 0x0021, crc32: 0x1234_5678, compressedSize: 3,
        uncompressedSize: 5)

    @Test func endRecord() throws {
        let record = ZipEndRecord(entriesOnDisk: 1, entries: 1, directorySize: 0x2E, directoryOffset: 0x40)
        var bytes: [UInt8] = []
        record.write(to: &bytes)
        #expect(bytes == Self.hex("50 4B 05 06 00 00 00 00 01 00 01 00 2E 00 00 00 40 00 00 00 00 00"))
        var cursor = ByteCursor(bytes, offset: 0)
        #expect(try ZipEndRecord.read(&cursor) == record)
        #expect(cursor.offset == ZipEndRecord.size)
    }

    @Test func zip64EndRecordAndLocator() throws {
        let record = Zip64EndRecord(entriesOnDisk: 2, entries: 2, directorySize: 0x5C, directoryOffset: 0x1_0000_0000)
        let locator = Zip64EndLocator(recordOffset: 0x1_0000_005C)
        var bytes: [UInt8] = []
        record.write(to: &bytes)
        locator.write(to: &bytes)
        #expect(bytes == Self.hex(
            "50 4B 06 06 2C 00 00 00 00 00 00 00 2D 03 2D 00 00 00 00 00 00 00 00 00 02 00 00 00 00 00 00 00 "
                + "02 00 00 00 00 00 00 00 5C 00 00 00 00 00 00 00 00 00 00 00 01 00 00 00 "
                + "50 4B 06 07 00 00 00 00 5C 00 00 00 01 00 00 00 01 00 00 00"))
        var cursor = ByteCursor(bytes, offset: 0)
        #expect(try Zip64EndRecord.read(&cursor) == record)
        #expect(cursor.offset == Zip64EndRecord.size)
        #expect(try Zip64EndLocator.read(&cursor) == locator)
        #expect(cursor.offset == Zip64EndRecord.size + Zip64EndLocator.size)
    }

    @Test func localHeader() throws {
        let header = ZipLocalHeader(fields: Self.fields, name: Array("a".utf8)[...], extra: [])
        var bytes: [UInt8] = []
        header.write(to: &bytes)
        #expect(bytes == Self.hex("50 4B 03 04 14 00 00 08 08 00 00 00 21 00 78 56 34 12 03 00 00 00 05 00 00 00 01 00 00 00 61"))
        var cursor = ByteCursor(bytes, offset: 0)
        #expect(try ZipLocalHeader.read(&cursor) == header)
        #expect(cursor.offset == ZipLocalHeader.size + 1)
    }

    @Test func centralHeader() throws {
        let header = ZipCentralHeader(
            versionMadeBy: 0x0314, fields: Self.fields, externalAttributes: 0o100644 << 16, localHeaderOffset: 0x10,
            name: Array("a".utf8)[...], extra: [], comment: Array("c".utf8)[...])
        var bytes: [UInt8] = []
        header.write(to: &bytes)
        #expect(bytes == Self.hex(
            "50 4B 01 02 14 03 14 00 00 08 08 00 00 00 21 00 78 56 34 12 03 00 00 00 05 00 00 00 01 00 00 00 01 00 "
                + "00 00 00 00 00 00 A4 81 10 00 00 00 61 63"))
        var cursor = ByteCursor(bytes, offset: 0)
        #expect(try ZipCentralHeader.read(&cursor) == header)
        #expect(cursor.offset == ZipCentralHeader.size + 2)
    }

    @Test func zip64ExtraFieldHoldsOnlyItsValues() {
        let field = Zip64ExtraField(uncompressedSize: 5, localHeaderOffset: 7)
        #expect(field.bytes == Self.hex("01 00 10 00 05 00 00 00 00 00 00 00 07 00 00 00 00 00 00 00"))
        #expect(Zip64ExtraField().bytes.isEmpty)
        var uncompressed: UInt64 = 0xFFFF_FFFF
        var compressed: UInt64 = 3
        var offset: UInt64? = 0xFFFF_FFFF
        var disk: UInt32? = 0
        #expect(Zip64ExtraField.apply(
            field.bytes[...], uncompressed: &uncompressed, compressed: &compressed, offset: &offset, disk: &disk))
        #expect(uncompressed == 5 && compressed == 3 && offset == 7 && disk == 0)
    }

    @Test func anotherSignatureReadsNothingAndShortBytesThrow() throws {
        var local = ByteCursor(Self.hex("50 4B 01 02 00 00"), offset: 0)
        #expect(try ZipLocalHeader.read(&local) == nil)
        var short = ByteCursor(Self.hex("50 4B 05 06 00 00"), offset: 0)
        #expect(throws: ArchiveError.self) { try ZipEndRecord.read(&short) }
    }
}
