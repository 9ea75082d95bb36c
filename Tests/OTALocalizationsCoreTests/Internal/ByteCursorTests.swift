import Testing

@testable import OTALocalizationsCore

/// The one byte cursor behind the ZIP reader (little-endian fields, APPNOTE.TXT 4.4.1.1) and the binary
/// property-list reader (big-endian integers, `CFBinaryPList.c`).
@Suite struct ByteCursorTests {
    private let bytes: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09]

    @Test func readsEitherByteOrder() {
        var little = ByteCursor(bytes, offset: 0)
        #expect(little.read(4, .littleEndian) == 0x0403_0201)
        #expect(little.offset == 4)
        var big = ByteCursor(bytes, offset: 1)
        #expect(big.read(8, .bigEndian) == 0x0203_0405_0607_0809)
        #expect(big.read(1, .bigEndian) == nil)
        var odd = ByteCursor(bytes, offset: 2)
        #expect(odd.read(3, .bigEndian) == 0x03_0405)
    }

    @Test func stopsAtItsEndWithoutMoving() {
        var cursor = ByteCursor(bytes, offset: 6, end: 8)
        #expect(cursor.read(4, .bigEndian) == nil)
        #expect(cursor.offset == 6)
        #expect(cursor.read(2, .bigEndian) == 0x0708)
        var negative = ByteCursor(bytes, offset: -1)
        #expect(negative.read(1, .littleEndian) == nil)
    }

    @Test func zipReadsAreLittleEndianAndThrowTruncated() throws {
        var cursor = ByteCursor(bytes, offset: 0)
        #expect(try cursor.u16() == 0x0201)
        #expect(try cursor.u32() == 0x0605_0403)
        #expect(throws: ArchiveError.self) { try cursor.u64() }
        #expect(cursor.offset == 6)
    }
}
