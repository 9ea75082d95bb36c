import Testing
import OTALocalizationsCore
import OTALocalizationsPublishing
@testable import OTALocalizationsValidation

/// Expected values follow IEEE Std 1003.1 `fprintf` and Apple's "String Format Specifiers" table.
@Suite struct FormatSpecifierTests {
    @Test func parsesEveryPartOfAFullSpecification() {
        let parsed = FormatSpecifier.parse("x %2$-+ #0'12.5lld y")
        #expect(parsed.specifiers.count == 1)
        let specifier = parsed.specifiers[0]
        #expect(specifier.text == "%2$-+ #0'12.5lld")
        #expect(specifier.offset == 2)
        #expect(specifier.position == 2)
        #expect(specifier.flags == "-+ #0'")
        #expect(specifier.width == .fixed(12))
        #expect(specifier.precision == .fixed(5))
        #expect(specifier.lengthModifier == .ll)
        #expect(specifier.conversion == "d")
        #expect(specifier.argumentType == .int64)
    }

    @Test func classifiesConversionsByArgumentType() {
        let cases: [(String, FormatSpecifier.ArgumentType)] = [
            ("%@", .object), ("%d", .int32), ("%i", .int32), ("%u", .int32), ("%x", .int32), ("%X", .int32),
            ("%o", .int32), ("%c", .int32), ("%C", .int32), ("%hd", .int16), ("%hhu", .int8),
            ("%ld", .int64), ("%lld", .int64), ("%qd", .int64), ("%zu", .int64), ("%td", .int64),
            ("%jd", .int64), ("%lu", .int64), ("%f", .double), ("%lf", .double), ("%e", .double),
            ("%E", .double), ("%g", .double), ("%G", .double), ("%a", .double), ("%A", .double),
            ("%F", .double), ("%Lf", .longDouble), ("%s", .cString), ("%S", .unicharString),
            ("%ls", .wideString), ("%p", .pointer), ("%D", .int64), ("%U", .int64),
        ]
        for (text, type) in cases {
            let parsed = FormatSpecifier.parse(text)
            #expect(parsed.specifiers.count == 1, "\(text)")
            #expect(parsed.specifiers.first?.argumentType == type, "\(text)")
            #expect(parsed.specifiers.first?.text == text)
        }
    }

    @Test func readsPercentLiteralAsNoArgument() {
        let parsed = FormatSpecifier.parse("100%% of %d")
        #expect(parsed.specifiers.map(\.text) == ["%%", "%d"])
        #expect(parsed.specifiers[0].isLiteralPercent)
        #expect(parsed.arguments.map(\.text) == ["%d"])
    }

    @Test func readsStarWidthAndPrecision() {
        let parsed = FormatSpecifier.parse("%*.*f %-*3$d")
        #expect(parsed.specifiers.count == 2)
        #expect(parsed.specifiers[0].width == .argument(position: nil))
        #expect(parsed.specifiers[0].precision == .argument(position: nil))
        #expect(parsed.specifiers[1].width == .argument(position: 3))
        #expect(parsed.specifiers[1].flags == "-")
    }

    @Test func readsStringsDictVariables() {
        let parsed = FormatSpecifier.parse("%#@files@ in %2$#@folders@")
        #expect(parsed.variables == ["files", "folders"])
        #expect(parsed.specifiers[1].position == 2)
        #expect(parsed.specifiers[1].text == "%2$#@folders@")
        #expect(parsed.specifiers[0].argumentType == nil)
    }

    @Test func reportsPercentSequencesThatAreNotSpecifiers() {
        let parsed = FormatSpecifier.parse("50%K and 100%")
        #expect(parsed.specifiers.isEmpty)
        #expect(parsed.invalid == [InvalidSpecifier(text: "%K", offset: 2), InvalidSpecifier(text: "%", offset: 12)])
        #expect(FormatSpecifier.parse("%#@open").specifiers.isEmpty)
        #expect(FormatSpecifier.parse("%0$d").specifiers.isEmpty)
        #expect(FormatSpecifier.parse("%Ld").specifiers.isEmpty)
    }

    @Test func namesEveryTypeAndModifierOfTheSharedTokenizer() {
        // The public enums mirror Core's by raw value; a case added to one side only would trap in parse(_:).
        #expect(FormatToken.ArgumentKind.allCases.map(\.rawValue) == FormatSpecifier.ArgumentType.allCases.map(\.rawValue))
        #expect(FormatToken.LengthModifier.allCases.map(\.rawValue) == FormatSpecifier.LengthModifier.allCases.map(\.rawValue))
    }

    @Test func readsNoNamedArguments() {
        // Xcode compiles `%(name)` away in String Catalogs; `String(format:)` reads it as a bare `%`.
        let parsed = FormatSpecifier.parse("%(count)lld %d")
        #expect(parsed.invalid == [InvalidSpecifier(text: "%(", offset: 0)])
        #expect(parsed.specifiers.map(\.text) == ["%d"])
    }

    @Test func countsOffsetsInUnicodeScalars() {
        let parsed = FormatSpecifier.parse("👋🏽 %@")
        #expect(parsed.specifiers.first?.offset == 3)
    }

    @Test func readsNonASCIITextAroundAndInsideSpecifiers() {
        // An invalid `%` keeps the whole next character; offsets after it still count scalars.
        let parsed = FormatSpecifier.parse("é%é %1$#@jours_é@ %d")
        #expect(parsed.invalid == [InvalidSpecifier(text: "%é", offset: 1)])
        #expect(parsed.specifiers.map(\.text) == ["%1$#@jours_é@", "%d"])
        #expect(parsed.specifiers.map(\.offset) == [4, 18])
        #expect(parsed.variables == ["jours_é"])
        // A non-ASCII space (U+3000) ends a variable name, so this one is never closed.
        let spaced = FormatSpecifier.parse("%#@a\u{3000}b@")
        #expect(spaced.specifiers.isEmpty)
        #expect(spaced.invalid.map(\.text) == ["%#"])
    }
}
