import Foundation
import Testing
@testable import OTALocalizationsCore

/// Decoding of table text at the edges of well-formed input, where the fast pass hands over to the standard
/// library's decoder. Byte offsets are those Python's `bytes.decode("utf-8")` reports (`UnicodeDecodeError.start`);
/// lone-surrogate values are those Foundation's `PropertyListSerialization` reads from the same bytes.
@Suite struct TableTextDecodingTests {
    private func decodingError(_ bytes: [UInt8]) -> TableError? {
        do {
            _ = try StringsTableParser.parse(Data(bytes), path: "t.strings")
            return nil
        } catch {
            return error
        }
    }

    /// `text` as UTF-16 with a byte-order mark, with `units` inserted after its first `prefixLength` UTF-16 units.
    private func utf16(_ text: String, inserting units: [UInt16] = [], at prefixLength: Int = 0, bigEndian: Bool = false) -> [UInt8] {
        var all = Array(text.utf16)
        all.insert(contentsOf: units, at: prefixLength)
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in all {
            let high = UInt8(unit >> 8), low = UInt8(unit & 0xFF)
            bytes += bigEndian ? [high, low] : [low, high]
        }
        return bytes
    }

    @Test func readsNonASCIIUTF8OfEveryLength() throws {
        // 1-, 2-, 3- and 4-byte sequences, including the highest scalar and the ones around the surrogate block.
        let value = "a é ✓ \u{D7FF} \u{E000} \u{FFFF} 😀 \u{10FFFF}"
        let table = try StringsTableParser.parse(Data("\"k\" = \"\(value)\";".utf8))
        #expect(table.entries.map(\.value) == [value])
    }

    @Test func placesInvalidUTF8AtTheStartOfTheBadSequence() throws {
        let cases: [(bytes: [UInt8], offset: Int, byte: String, line: Int, column: Int)] = [
            (Array("\"k\" = \"é😀".utf8) + [0xFF] + Array("\";".utf8), 13, "FF", 1, 10),
            (Array("\"k\" = \"".utf8) + [0xC0, 0x80, 0x22, 0x3B], 7, "C0", 1, 8),              // overlong NUL
            (Array("\"k\" = \"".utf8) + [0xED, 0xA0, 0x80, 0x22, 0x3B], 7, "ED", 1, 8),        // encoded surrogate
            (Array("\"k\" = \"".utf8) + [0xF4, 0x90, 0x80, 0x80, 0x22, 0x3B], 7, "F4", 1, 8),  // above U+10FFFF
            (Array("\"a\" = \"b\";\n\"c\" = \"✓".utf8) + [0xE2, 0x82], 21, "E2", 2, 9),        // cut off at the end
            ([0xEF, 0xBB, 0xBF] + Array("\"k\" = \"".utf8) + [0x80, 0x22, 0x3B], 10, "80", 1, 8), // after a BOM
        ]
        for item in cases {
            let error = try #require(decodingError(item.bytes))
            #expect(error.code == .encoding)
            #expect(error.reason.hasPrefix("invalid UTF-8 at byte offset \(item.offset) (byte 0x\(item.byte));"), "\(error)")
            #expect("\(error.line):\(error.column)" == "\(item.line):\(item.column)", "\(error)")
        }
    }

    @Test func readsLoneUTF16SurrogatesAsReplacementCharacters() throws {
        let prefix = "\"k\" = \"a".utf16.count
        let cases: [(units: [UInt16], value: String)] = [
            ([0xD83D], "a\u{FFFD}b"),
            ([0xDE00], "a\u{FFFD}b"),
            ([0xD83D, 0xD83D, 0xDE00], "a\u{FFFD}😀b"),
            ([0xDE00, 0xD83D], "a\u{FFFD}\u{FFFD}b"),
        ]
        for item in cases {
            for bigEndian in [false, true] {
                let bytes = utf16("\"k\" = \"ab\";", inserting: item.units, at: prefix, bigEndian: bigEndian)
                let table = try StringsTableParser.parse(Data(bytes))
                #expect(table.entries.map(\.value) == [item.value])
                let foundation = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil) as? [String: String]
                #expect(foundation == ["k": item.value])
            }
        }
    }

    @Test func placesErrorsAfterRepairedUTF16() throws {
        // A lone high surrogate at the very end reads U+FFFD, which cannot start a key.
        let text = "\"k\" = \"v\";\n"
        let lone = try #require(decodingError(utf16(text, inserting: [0xD83D], at: text.utf16.count)))
        #expect(lone.code == .syntax)
        #expect("\(lone.line):\(lone.column)" == "2:1")
        #expect(lone.reason.hasSuffix("found U+FFFD"))
        // A stray byte: the place after the last whole character.
        let odd = try #require(decodingError(utf16("\"k\" = \"😀\";") + [0x41]))
        #expect(odd.code == .encoding)
        #expect("\(odd.line):\(odd.column)" == "1:11")
        #expect(odd.reason.hasPrefix("the UTF-16 text has an odd number of bytes"))
    }
}
