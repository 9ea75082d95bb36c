import Foundation
import Testing
@testable import OTALocalizationsCore

/// Quoted strings in `.strings` text, with and without escapes, at every place an escape can sit in the text
/// around it. Expected values are written from CF's `getSlashedChar` rules and checked against Foundation's
/// `PropertyListSerialization` (CF's own parser) on the same bytes.
@Suite struct StringsTableQuotedStringTests {
    private func value(of quoted: String) throws -> String? {
        let data = Data("\"k\" = \(quoted);".utf8)
        let ours = try StringsTableParser.parse(data).values["k"]
        let foundation = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String]
        #expect(ours == foundation?["k"], "\(quoted)")
        return ours
    }

    @Test func readsStringsWithoutEscapes() throws {
        #expect(try value(of: #""""#) == "")
        #expect(try value(of: #""plain ASCII""#) == "plain ASCII")
        #expect(try value(of: #""café ✓ 😀 \#u{10FFFF}""#) == "café ✓ 😀 \u{10FFFF}")
        #expect(try value(of: #"'it"s'"#) == "it\"s")
    }

    @Test func readsEscapesAtTheStartMiddleAndEndOfAString() throws {
        #expect(try value(of: #""\n""#) == "\n")
        #expect(try value(of: #""\nab""#) == "\nab")
        #expect(try value(of: #""ab\n""#) == "ab\n")
        #expect(try value(of: #""é\"✓\"😀""#) == "é\"✓\"😀")
        #expect(try value(of: #""\\\\""#) == "\\\\")
        #expect(try value(of: #""a\\""#) == "a\\")
        #expect(try value(of: #""\351x\U00e9y\u""#) == "Øxéyu")
    }

    @Test func pairsUnicodeEscapesIntoSurrogatePairsAndRepairsLoneOnes() throws {
        #expect(try value(of: #""\UD83D\UDE00""#) == "😀")
        #expect(try value(of: #""x\UDBFF\UDFFFy\UD800\UDC00""#) == "x\u{10FFFF}y\u{10000}")
        #expect(try value(of: #""\UD83D""#) == "\u{FFFD}")
        #expect(try value(of: #""\UDE00x""#) == "\u{FFFD}x")
        #expect(try value(of: #""a\UD83Db\UDE00""#) == "a\u{FFFD}b\u{FFFD}")
        #expect(try value(of: #""\UD83D\UD83D\UDE00""#) == "\u{FFFD}😀")
        #expect(try value(of: #""\UD83D😀""#) == "\u{FFFD}😀")
        #expect(try value(of: #""\UD83D\n""#) == "\u{FFFD}\n")
        #expect(try value(of: #""\UD83D\101""#) == "\u{FFFD}A")
    }

    @Test func readsUnquotedStringsUpToTheFirstOtherCharacter() throws {
        let table = try StringsTableParser.parse(Data("key.1 = value/2;\nk=v;".utf8))
        #expect(table.entries.map { [$0.key, $0.value] } == [["key.1", "value/2"], ["k", "v"]])
    }

    @Test func reportsAStringEndingInABackslashAsUnterminated() throws {
        for text in ["\"a\" = \"b\";\n  \"é\\", "\"a\" = \"b\";\n  \"é\\\""] {
            do {
                _ = try StringsTableParser.parse(Data(text.utf8))
                Issue.record("parsed \(text)")
            } catch {
                #expect(error.code == .syntax)
                #expect("\(error.line):\(error.column)" == "2:3")
                #expect(error.reason.hasPrefix("unterminated quoted string"))
            }
        }
    }
}
