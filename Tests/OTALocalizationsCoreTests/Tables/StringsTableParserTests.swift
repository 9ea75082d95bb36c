import Foundation
import Testing
@testable import OTALocalizationsCore

/// Expected values below come from the grammar in CF's `CFOldStylePList.c` (docs/apple-platform.md E1-E3),
/// written out by hand, and, where it succeeds, from Foundation's `PropertyListSerialization` on the same bytes.
@Suite struct StringsTableParserTests {
    private func parse(_ text: String, path: String = "Localizable.strings") throws -> StringsTable {
        try StringsTableParser.parse(Data(text.utf8), path: path)
    }

    private func parseError(_ text: String, path: String = "Localizable.strings") -> TableError? {
        parseError(Data(text.utf8), path: path)
    }

    private func parseError(_ data: Data, path: String = "Localizable.strings") -> TableError? {
        do {
            _ = try StringsTableParser.parse(data, path: path)
            return nil
        } catch {
            return error
        }
    }

    private func pairs(_ table: StringsTable) -> [[String]] {
        table.entries.map { [$0.key, $0.value, String($0.line)] }
    }

    @Test func readsQuotedEntriesWithLines() throws {
        let table = try parse("\"greeting\" = \"Hello\";\n\n\"farewell\"=\"Bye\" ;\n")
        #expect(table.format == .text)
        #expect(pairs(table) == [["greeting", "Hello", "1"], ["farewell", "Bye", "3"]])
    }

    @Test func readsTheColumnOfEachKey() throws {
        // Columns count Unicode scalars from 1: the key's opening quote, or its first letter when unquoted.
        let table = try parse("\"a\" = \"b\";\n  \"é\" = \"d\"; \"f\";\n\tplain = x;")
        #expect(table.entries.map { [$0.line, $0.column] } == [[1, 1], [2, 3], [2, 14], [3, 2]])
        let xml = try parse("<plist><dict><key>k</key><string>v</string></dict></plist>")
        #expect(xml.entries.map(\.column) == [0])
    }

    @Test func readsCommentsEverywhereWhitespaceIsAllowed() throws {
        let text = """
        /* header */
        // line comment
        "a" /* x */ = /* y */ "1" /* z */ ; // tail
        /* multi
           line */ "b" = "2";
        """
        let table = try parse(text)
        #expect(pairs(table) == [["a", "1", "3"], ["b", "2", "5"]])
    }

    @Test func readsUnquotedKeysAndValues() throws {
        let table = try parse("unquoted_key = unquoted_value;\nkey.with-chars/$:_ = 42;\n")
        #expect(pairs(table) == [["unquoted_key", "unquoted_value", "1"], ["key.with-chars/$:_", "42", "2"]])
    }

    @Test func readsSingleQuotedStrings() throws {
        let table = try parse("'single' = 'it\\'s';\n'a\"b' = \"x'y\";")
        #expect(pairs(table) == [["single", "it's", "1"], ["a\"b", "x'y", "2"]])
    }

    @Test func readsShorthandAsValueEqualsKey() throws {
        let table = try parse("\"OK\";\n\"Cancel\" ;")
        #expect(pairs(table) == [["OK", "OK", "1"], ["Cancel", "Cancel", "2"]])
    }

    @Test func readsEveryEscape() throws {
        let text = #""k" = "\n\t\r\"\\\'\a\b\f\v|\U00E9\U00e9|\101\060|\x\u00e9|\UD83D\UDE00|\351\335";"#
        let table = try parse(text)
        let expected = "\n\t\r\"\\'\u{07}\u{08}\u{0C}\u{0B}|éé|A0|xu00e9|😀|Øé"
        #expect(table.entries.first?.value == expected)
    }

    @Test func readsOctalAndHexEscapesWithDigitLimits() throws {
        // Octal takes at most 3 digits; \U at most 4 hex digits.
        let table = try parse(#""k" = "\1012|\U00411|\U41z";"#)
        #expect(table.entries.first?.value == "A2|A1|Az")
    }

    @Test func readsBackslashNewlineAsNewline() throws {
        let table = try parse("\"k\" = \"a\\\nb\";")
        #expect(table.entries.first?.value == "a\nb")
    }

    @Test func keepsDuplicateKeysAndLastWins() throws {
        let table = try parse("\"dup\" = \"first\";\n\"dup\" = \"second\";")
        #expect(table.entries.count == 2)
        #expect(table.values == ["dup": "second"])
    }

    @Test func readsEmptyWhitespaceAndCommentOnlyFilesAsEmptyTables() throws {
        #expect(try parse("").entries.isEmpty)
        #expect(try parse(" \n\t\r\n").entries.isEmpty)
        #expect(try parse("/* only */\n// comments\n").entries.isEmpty)
        #expect(try StringsTableParser.parse(Data([0xEF, 0xBB, 0xBF])).entries.isEmpty)
    }

    @Test func readsBracedTable() throws {
        let table = try parse("{\n \"a\" = \"b\";\n}\n")
        #expect(pairs(table) == [["a", "b", "2"]])
    }

    @Test func readsUTF8WithBOM() throws {
        let table = try StringsTableParser.parse(Data([0xEF, 0xBB, 0xBF] + Array("\"k\" = \"café\";".utf8)))
        #expect(pairs(table) == [["k", "café", "1"]])
    }

    @Test func readsUTF16LittleAndBigEndianWithBOM() throws {
        let text = "/* c */\n\"unicode\" = \"café ✓ 😀\";\n\"b\" = \"2\";"
        // Python: text.encode('utf-16-le') with a BOM, text.encode('utf-16-be') with a BOM.
        var little: [UInt8] = [0xFF, 0xFE], big: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 {
            little += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            big += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
        for bytes in [little, big] {
            let table = try StringsTableParser.parse(Data(bytes))
            #expect(pairs(table) == [["unicode", "café ✓ 😀", "2"], ["b", "2", "3"]])
        }
        #expect(Array(try #require(text.data(using: .utf16)).prefix(2)) == [0xFF, 0xFE])
        #expect(try StringsTableParser.parse(try #require(text.data(using: .utf16))).entries.count == 2)
    }

    @Test func readsUTF32WithBOM() throws {
        let text = "\"k\" = \"é😀\";"
        var little: [UInt8] = [0xFF, 0xFE, 0, 0], big: [UInt8] = [0, 0, 0xFE, 0xFF]
        for scalar in text.unicodeScalars {
            let v = scalar.value
            little += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)]
            big += [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        }
        #expect(pairs(try StringsTableParser.parse(Data(little))) == [["k", "é😀", "1"]])
        #expect(pairs(try StringsTableParser.parse(Data(big))) == [["k", "é😀", "1"]])
    }

    @Test func rejectsUTF16WithoutBOM() throws {
        let text = "\"k\" = \"v\";"
        var little: [UInt8] = []
        for unit in text.utf16 { little += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let error = try #require(parseError(Data(little)))
        #expect(error.code == .encoding)
        #expect(error.reason.contains("byte-order mark"))
        #expect(error.reason.contains("UTF-8"))
    }

    @Test func rejectsInvalidUTF8WithItsPosition() throws {
        let bytes = Array("\"a\" = \"b\";\n\"c\" = \"".utf8) + [0xC3, 0x28] + Array("\";".utf8)
        let error = try #require(parseError(Data(bytes)))
        #expect(error.code == .encoding)
        #expect(error.line == 2)
        #expect(error.column == 8)
    }

    @Test func reportsMissingSemicolonAtTheEndOfTheValueNotOnTheNextLine() throws {
        // `"greeting" = "Hello"` is 20 characters: the ';' belongs in column 21 of line 2, where an editor should jump.
        let text = "\"a\" = \"1\";\n\"greeting\" = \"Hello\"\n\"b\" = \"2\";"
        let error = try #require(parseError(text))
        #expect(error.code == .syntax)
        #expect(error.line == 2)
        #expect(error.column == "\"greeting\" = \"Hello\"".count + 1)
        #expect(error.description == #"Localizable.strings:2:21: expected ';' after the value of "greeting", found '"' on line 3"#)
    }

    @Test func reportsMissingSemicolonAtEndOfFile() throws {
        let error = try #require(parseError("\"a\" = \"1\""))
        #expect(error.code == .syntax)
        #expect("\(error.line):\(error.column)" == "1:10")
        #expect(error.reason == #"expected ';' after the value of "a", found end of file"#)
    }

    @Test func reportsMissingEquals() throws {
        let error = try #require(parseError("\"a\" \"1\";"))
        #expect("\(error.line):\(error.column)" == "1:4")
        #expect(error.reason == #"expected '=' or ';' after the key "a", found '"'"#)
    }

    @Test func reportsUnterminatedStringWhereItStarts() throws {
        let simple = try #require(parseError("\"a\" = \"1\";\n\"b\" = \"open"))
        #expect("\(simple.line):\(simple.column)" == "2:7")
        #expect(simple.reason.hasPrefix("unterminated quoted string"))
    }

    @Test func reportsUnterminatedCommentWhereItStarts() throws {
        let error = try #require(parseError("\"a\" = \"1\";\n   /* never closed\n\"b\" = \"2\";"))
        #expect(error.code == .syntax)
        #expect("\(error.line):\(error.column)" == "2:4")
        #expect(error.reason.hasPrefix("unterminated comment"))
    }

    @Test func reportsInvalidCharacterForKey() throws {
        let error = try #require(parseError("\"a\" = \"1\";\n@\"b\" = \"2\";"))
        #expect("\(error.line):\(error.column)" == "2:1")
        #expect(error.reason.contains("found '@'"))
    }

    @Test func reportsColumnsInCharactersAfterNonASCII() throws {
        // The ';' belongs right after `"ü"`: 10 characters in (é and 😀 count one each, not their UTF-8 bytes).
        let error = try #require(parseError("\"é😀\" = \"ü\" x"))
        #expect("\(error.line):\(error.column)" == "1:11")
    }

    @Test func countsCarriageReturnLineEnds() throws {
        let table = try parse("\"a\" = \"1\";\r\n\"b\" = \"2\";\r\"c\" = \"3\";")
        #expect(table.entries.map(\.line) == [1, 2, 3])
    }

    @Test func rejectsNonStringValues() throws {
        let error = try #require(parseError("\"a\" = (\"x\");"))
        #expect(error.code == .structure)
        #expect(error.reason.contains("\"a\""))
    }

    @Test func rejectsLoneString() throws {
        let error = try #require(parseError("\"just a string\""))
        #expect(error.code == .structure)
    }

    @Test func agreesWithPropertyListSerializationOnValidText() throws {
        let text = """
        /* c */ "greeting" = "Bonjour";
        "quote" = "He said \\"hi\\"\\n";
        "unicode" = "caf\\U00e9 ✓";
        unquoted_key = unquoted_value;
        "a";
        "oct" = "\\101\\351";
        'sq' = 'x"y';
        """
        let data = Data(text.utf8)
        let ours = try StringsTableParser.parse(data).values
        let foundation = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String]
        #expect(ours == foundation)
        // NeXTSTEP Latin (Unicode's NEXTSTEP.TXT): 0xE9 is Ø, not é as in Latin-1.
        #expect(ours["oct"] == "AØ")
        #expect(ours["sq"] == "x\"y")
    }

    @Test func readsLowercaseUAndOtherUnknownEscapesLikeCF() throws {
        // CF's getSlashedChar knows only \U; \u, \x, \( ... read as the escaped character itself.
        let text = #""k" = "\u00e9|\x41|\(name)|\ |\%";"#
        let data = Data(text.utf8)
        let ours = try StringsTableParser.parse(data).values
        let foundation = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String]
        #expect(ours == ["k": "u00e9|x41|(name)| |%"])
        #expect(ours == foundation)
    }

    @Test func rejectsUnterminatedCommentThatCFWouldSwallow() throws {
        // Deliberately stricter than CF: PropertyListSerialization drops everything after an open /*.
        let data = Data("\"a\" = \"1\";\n/* open\n\"b\" = \"2\";".utf8)
        let foundation = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String]
        #expect(foundation == ["a": "1"])
        #expect(parseError(data)?.code == .syntax)
    }

    @Test func rejectsJunkAfterLastEntryThatCFWouldIgnore() throws {
        // Deliberately stricter than CF: it stops at a character that cannot start a key and keeps what it read.
        let data = Data("\"a\" = \"1\";\n@junk \"b\" = \"2\";".utf8)
        let foundation = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String]
        #expect(foundation == ["a": "1"])
        let error = try #require(parseError(data))
        #expect(error.code == .syntax)
        #expect("\(error.line):\(error.column)" == "2:1")
    }

    @Test func quotesKeysOnOneLineInMessages() throws {
        let error = try #require(parseError("\"multi\\nline\tkey\" = \"v\""))
        #expect(error.reason == #"expected ';' after the value of "multi\nline\tkey", found end of file"#)
    }

    @Test func neverTrapsOnTruncatedInputs() throws {
        let text = #"/* c */ "k\U00e9\101" = 'v\n'; u = v; {"x";} // e"#
        let bytes = Array(text.utf8)
        for length in 0...bytes.count {
            _ = try? StringsTableParser.parse(Data(bytes[0..<length]))
        }
        for byte in [UInt8](arrayLiteral: 0x5C, 0x22, 0x2F, 0x2A, 0x7B, 0x7D, 0xFF, 0x00) {
            _ = try? StringsTableParser.parse(Data(repeating: byte, count: 9))
        }
    }
}
