import Testing
@testable import OTALocalizationsCore
@testable import OTALocalizationsPublishing

/// Expected tokens follow IEEE Std 1003.1 `fprintf` (`%n`, `*m$`), Apple's "String Format Specifiers" and the
/// Stringsdict file format (`%#@name@`), and Xcode's named arguments (docs/string-catalogs.md, "Named arguments").
@Suite struct FormatTokenizerTests {
    @Test func readsWriteBackAndWidthsFromArguments() {
        let scan = FormatTokenizer.scan("%lln and %-*2$.*3$f", namedArguments: true)
        #expect(scan.tokens.map(\.text) == ["%lln", "%-*2$.*3$f"])
        #expect(scan.tokens[0].argumentKind == .writeBack)
        #expect(scan.tokens[0].lengthModifier == .ll)
        #expect(scan.tokens[1].flags == "-")
        #expect(scan.tokens[1].width == .argument(position: 2))
        #expect(scan.tokens[1].precision == .argument(position: 3))
        #expect(scan.tokens[1].flagsWidthAndPrecision == "-*2$.*3$")
        #expect(scan.unrecognized.isEmpty)
    }

    @Test func readsNamedArgumentsOnlyWhenAsked() {
        let named = FormatTokenizer.scan("%1$(limit)lld, %-5(count)d", namedArguments: true)
        #expect(named.tokens.map(\.name) == ["limit", "count"])
        #expect(named.tokens.map(\.position) == [1, nil])
        #expect(named.tokens.map(\.flagsWidthAndPrecision) == ["", "-5"])
        #expect(named.tokens.map(\.lengthModifier) == [.ll, nil])
        // `String(format:)` knows no names: the `%` starts nothing, and the scan goes on after it.
        let plain = FormatTokenizer.scan("%1$(limit)lld, %-5(count)d", namedArguments: false)
        #expect(plain.tokens.isEmpty)
        #expect(plain.unrecognized == [.init(text: "%1", offset: 0), .init(text: "%-", offset: 15)])
        // An unclosed name starts no token.
        #expect(FormatTokenizer.scan("%(count lld", namedArguments: true).tokens.isEmpty)
    }

    @Test func readsLiteralsAndVariables() {
        let scan = FormatTokenizer.scan("100%% %2$#@files@", namedArguments: false)
        #expect(scan.tokens.map(\.text) == ["%%", "%2$#@files@"])
        #expect(scan.tokens[0].isLiteralPercent)
        #expect(scan.tokens[1].variable == "files")
        #expect(scan.tokens[1].position == 2)
        #expect(scan.tokens[1].argumentKind == nil)
    }

    @Test func reportsUTF8RangesAndScalarOffsets() {
        // "é" is two UTF-8 bytes and one scalar.
        let scan = FormatTokenizer.scan("é %@ %#@n@", namedArguments: true)
        #expect(scan.tokens.map(\.utf8Range) == [3..<5, 6..<11])
        #expect(scan.tokens.map(\.offset) == [2, 5])
    }

    @Test func refusesPairsAndPositionsTheFormatterDoesNotKnow() {
        let scan = FormatTokenizer.scan("%Ld %0$d %hs", namedArguments: true)
        #expect(scan.tokens.isEmpty)
        #expect(scan.unrecognized.map(\.text) == ["%L", "%0", "%h"])
    }
}
