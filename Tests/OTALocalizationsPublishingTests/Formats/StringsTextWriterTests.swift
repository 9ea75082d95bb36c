import Foundation
import OTALocalizationsCore
import Testing
@testable import OTALocalizationsPublishing

/// ``StringsTextWriter``: the exact old-style text, and every value read back unchanged by the project's `.strings`
/// parser (which follows CF's `CFOldStylePList.c`).
@Suite struct StringsTextWriterTests {
    @Test func writesEscapedOldStyleText() {
        let data = StringsTextWriter.data([
            ("greeting", "Say \"hi\"\n\tto C:\\ now"),
            ("bell", "a\u{07}b\u{7F}"),
        ])
        #expect(String(decoding: data, as: UTF8.self) == """
            "greeting" = "Say \\"hi\\"\\n\\tto C:\\\\ now";
            "bell" = "a\\U0007b\\U007F";

            """)
    }

    @Test func everyValueReadsBackUnchanged() throws {
        let entries: [(key: String, value: String)] = [
            ("plain", "Hello"), ("quotes", "\"quoted\" and 'single'"), ("escapes", "line\nnext\ttab\rreturn"),
            ("backslash", "\\U0041 is not an escape here, \\n neither"), ("controls", "\u{01}\u{1F}\u{7F}x"),
            ("unicode", "[Ĥéļļö··] 日本語 👍🏽 \u{2028}"), ("", "empty key"), ("empty value", ""),
            ("  spaces  ", "  kept  "), ("comment-like", "/* not */ // a comment"), ("specifiers", "%1$@ %2$lld %% %#@n@"),
        ]
        let table = try StringsTableParser.parse(StringsTextWriter.data(entries), path: "fr.lproj/T.strings")
        #expect(table.format == .text)
        #expect(table.entries.map(\.key) == entries.map(\.key))
        for (entry, written) in zip(table.entries, entries) {
            #expect(entry.value.unicodeScalars.elementsEqual(written.value.unicodeScalars), "\(written.key)")
        }
    }
}
