import Testing

@testable import OTALocalizationsCore

/// The one line-and-column converter: `.strings` and property lists count lines as CF's `lineNumberStrings` does
/// (LF, CR, CR LF once), JSON counts LF; columns count Unicode scalars, 1-based.
@Suite struct TextLocatorTests {
    private let text = "a\r\nb\rc\nd"

    @Test func tablesEndLinesAtLineFeedCarriageReturnOrBoth() {
        let locator = TextLocator(scalars: Array(text.unicodeScalars), lineBreaks: .lineFeedOrCarriageReturn)
        // a=0 CR=1 LF=2 b=3 CR=4 c=5 LF=6 d=7, end=8.
        #expect(locator.location(of: 0) == (1, 1))
        #expect(locator.location(of: 2) == (1, 3))
        #expect(locator.location(of: 3) == (2, 1))
        #expect(locator.location(of: 5) == (3, 1))
        #expect(locator.location(of: 7) == (4, 1))
        #expect(locator.location(of: 99) == (4, 2))
        #expect(locator.location(of: -5) == (1, 1))
    }

    @Test func jsonEndsLinesAtLineFeedOnly() {
        let locator = TextLocator(utf8: Array(text.utf8), lineBreaks: .lineFeed)
        #expect(locator.location(of: 3) == (2, 1))
        #expect(locator.location(of: 5) == (2, 3))
        #expect(locator.location(of: 7) == (3, 1))
    }

    @Test func byteOffsetsGiveColumnsInScalars() {
        // "é" and "€" are two and three UTF-8 bytes, one scalar each.
        let bytes = Array("x\né€y".utf8)
        let locator = TextLocator(utf8: bytes, lineBreaks: .lineFeed)
        #expect(locator.location(of: 2) == (2, 1))
        #expect(locator.location(of: 4) == (2, 2))
        #expect(locator.location(of: 7) == (2, 3))
        #expect(locator.location(of: bytes.count) == (2, 4))
    }
}
