import Foundation
import Testing
@testable import OTALocalizationsValidation

/// A `%`, a space or `-`, and a word in natural-language text: CoreFoundation's formatter (the one `String(format:)`
/// runs, here swift-corelibs-foundation's) reads it as a conversion, so it is the development value's bug, not the
/// translations'.
@Suite struct LiteralPercentTests {
    typealias F = ValidationFixtures

    @Test func coreFoundationReadsTheseAsConversions() {
        // The independent source: each spelling consumes an argument of its conversion's type.
        #expect(String(format: "% g", 2.5) == " 2.5")
        #expect(String(format: "%-o", 8) == "10")
        #expect(String(format: "% d", 42) == " 42")
    }

    @Test func theDevelopmentValueGetsTheFindingAndItsTranslationsAreNotMisread() {
        let diagnostics = F.validate([
            F.strings("en.lproj/Localizable.strings", [("disclaimer", "Reports are 100% anonymous and not 100% guaranteed")]),
            // No conversion at all (a trailing `%` reads nothing): not "missing arguments 1 and 2".
            F.strings("fr.lproj/Localizable.strings", [("disclaimer", "Les rapports sont anonymes à 100 %")]),
            // The same two spellings: the same reads.
            F.strings("de.lproj/Localizable.strings", [("disclaimer", "Berichte sind 100% anonym und nicht 100% garantiert")]),
        ])
        #expect(diagnostics.map(\.code) == [.developmentLiteralPercent])
        let finding = diagnostics[0]
        #expect(finding.file == "App/en.lproj/Localizable.strings" && finding.severity == .warning && finding.key == "disclaimer")
        #expect(finding.message == "\"disclaimer\": in \"Reports are 100% anonymous and not 100% guaranteed\", '% a' reads a double argument and '% g' reads a double argument that the app almost surely does not pass. Write %% for a literal percent sign. A percent sign followed by a space or '-' and a word is a conversion to printf: where the app formats this string (String(format:), a lookup with arguments), it prints garbage or crashes there. Translations are checked as if it were %%.")
    }

    @Test func aTranslationsStrayPercentIsNamedWithTheFix() {
        let diagnostics = F.validate([
            F.strings("en.lproj/Localizable.strings", [("posts", "%@ posts"), ("over", "Save 30 over")]),
            // IceCubes ca: "% publicacions" for "%@ posts"; a Spanish "30% sobre" where en has no % at all.
            F.strings("ca.lproj/Localizable.strings", [("posts", "% publicacions"), ("over", "Estalvia un 30% sobre")]),
        ]).filter { $0.code == .formatSpecifierMismatch }
        #expect(diagnostics.map(\.key) == ["posts", "over"])
        #expect(diagnostics[0].message == "\"posts\": the format specifiers differ from en (\"%@ posts\"): it does not read argument 1 (object, '%@'), which the development value reads ('% p' in it is a literal percent sign followed by a word: write %%); the translation loses a value the app passes (and, without %n$, the later ones shift). Use the same specifiers, reordered with %n$ if needed.")
        #expect(diagnostics[1].message == "\"over\": the format specifiers differ from en (\"Save 30 over\"): '% s' reads a cString argument the app does not pass: it is a percent sign followed by a word, and a literal percent sign is written %%; at run time this crashes or prints garbage. Use the same specifiers, reordered with %n$ if needed.")
    }

    @Test func aTranslationsLiteralWhereTheDevelopmentValueHasOneTooDoesNotBlock() throws {
        // "20% off" shown unformatted: its "20 % sur" cannot crash where "20% off" does not, so it is counted in the
        // development value's warning. A translation that also reads what the development value does not still blocks.
        let diagnostics = F.validate([
            F.strings("en.lproj/Localizable.strings", [("off", "20% off"), ("name", "20% off for %@")]),
            F.strings("fr.lproj/Localizable.strings", [("off", "20 % sur"), ("name", "20 % sur %@")]),
            F.strings("de.lproj/Localizable.strings", [("off", "20 % günstiger"), ("name", "20 % Rabatt für %d")]),
        ])
        #expect(diagnostics.map(\.code) == [.formatSpecifierMismatch, .developmentLiteralPercent, .developmentLiteralPercent])
        #expect(diagnostics.filter { $0.severity == .error }.map { "\($0.localization ?? "") \($0.key ?? "")" } == ["de name"])
        let off = try #require(diagnostics.first { $0.key == "off" })
        #expect(off.localization == "en")
        #expect(off.message.contains(" The same mistake in 2 translations (de, fr) is not reported separately"))
        let name = try #require(diagnostics.first { $0.key == "name" && $0.localization == "en" })
        #expect(name.message.contains(" The same mistake in 1 translation (fr) is not reported separately"))
    }

    @Test func theOffendingSpecifierIsNamedAndASpacedPercentGetsTheFix() throws {
        // Pocket Casts fr: "50 % la" holds `% la` (space flag, l, a: a double, IEEE Std 1003.1 fprintf), which the
        // literal rule leaves alone (it has a length modifier); the message names it and says to write %%.
        let diagnostics = F.validate([
            F.strings("en.lproj/Localizable.strings", [("discount", "Save 50%% off your first year")]),
            F.strings("fr.lproj/Localizable.strings", [("discount", "Économisez 50 % la première année%%")]),
        ])
        let finding = try #require(diagnostics.first { $0.code == .formatSpecifierMismatch })
        #expect(finding.message == "\"discount\": the format specifiers differ from en (\"Save 50%% off your first year\"): it reads argument 1 (double, '% la'), which the development value does not read ('% la' is a percent sign and a space, which printf reads as a conversion with the space flag: if it is meant as a percent sign, write %%); at run time this crashes or prints garbage. Use the same specifiers, reordered with %n$ if needed.")
    }

    @Test func longDevelopmentValuesAreCutInMessagesButKeptWhole() throws {
        let long = String(repeating: "Long sentence. ", count: 12) + "%@"
        let diagnostics = F.validate([
            F.strings("en.lproj/Localizable.strings", [("k", long)]),
            F.strings("de.lproj/Localizable.strings", [("k", "Kurz %d")]),
        ])
        let finding = try #require(diagnostics.first { $0.code == .formatSpecifierMismatch })
        #expect(long.count == 182)
        #expect(finding.message.contains("(\"\(long.prefix(120))…\")"))
        #expect(!finding.message.contains(long))
        #expect(finding.value == "Kurz %d")
    }

    @Test func theHeuristicLeavesRealConversionsAlone() {
        // Each of these reads an argument on purpose: positional, padded, followed by a space or punctuation.
        for value in ["%1$@ shared", "% d items", "%-5d.", "%d%", "100%", "%ld %@", "% d,"] {
            let parsed = FormatSpecifier.parse(value)
            #expect(LiteralPercent.specifiers(in: parsed, of: value).isEmpty, "\(value)")
        }
        for (value, literal) in [("100% guaranteed", "% g"), ("30% sobre", "% s"), ("% publicacions", "% p"), ("100%-osan", "%-o")] {
            let parsed = FormatSpecifier.parse(value)
            #expect(LiteralPercent.specifiers(in: parsed, of: value).map(\.text) == [literal], "\(value)")
        }
    }
}

/// A translation equal to its key is a leftover only when the key is an identifier.
@Suite struct ValueEqualsKeyTests {
    typealias F = ValidationFixtures

    @Test func aNaturalLanguageKeyMayBeItsOwnTranslation() {
        let diagnostics = F.validate([
            F.strings("en.lproj/Localizable.strings", [("banana", "Banana"), ("settings.title", "Settings"), ("doneButton", "Done")]),
            F.strings("hr.lproj/Localizable.strings", [("banana", "banana"), ("settings.title", "settings.title"), ("doneButton", "doneButton")]),
        ]).filter { $0.code == .valueEqualsKey }
        #expect(diagnostics.map(\.key) == ["settings.title", "doneButton"])
    }

    @Test func identifierKeysAreThoseWithASeparatorOrCamelCase() {
        for key in ["settings.title", "SETTINGS_TITLE", "settingsTitle", "a.b", "error_404"] {
            #expect(ModuleValidator.isIdentifierKey(key), "\(key)")
        }
        for key in ["banana", "Done.", "OK", "Add account", "e-mail", "iOS 17", "...", "_private"] {
            #expect(!ModuleValidator.isIdentifierKey(key), "\(key)")
        }
    }
}

/// `many` in fr, es, it, pt and ca is selected only by numbers of a million and more (CLDR samples `1000000, 1c6, …`).
@Suite struct MillionCategoryTests {
    typealias F = ValidationFixtures

    @Test func aMissingMillionCategoryIsANoteUnlessTheAppFormatsMillions() {
        let files = [F.stringsDict("fr.lproj/P.stringsdict", ["k": F.plural(forms: ["one": "%d fichier", "other": "%d fichiers"])])]
        let note = ModuleValidator().validate(F.module(files)).filter { $0.code == .stringsDictMissingMillionCategory }
        #expect(note.map(\.severity) == [.note])
        #expect(note.first?.value == "many")
        let warning = ModuleValidator(pluralCountsOfMillions: true).validate(F.module(files)).filter { $0.code == .stringsDictMissingMillionCategory }
        #expect(warning.map(\.severity) == [.warning])
        // A note never blocks, not even under --strict.
        #expect(!note.contains { $0.blocksPublish(strict: true) })
        #expect(warning.contains { $0.blocksPublish(strict: true) })
        // Every other missing category keeps its warning.
        let ruFiles = [F.stringsDict("ru.lproj/P.stringsdict", ["k": F.plural(forms: ["one": "%d", "other": "%d"])])]
        #expect(ModuleValidator().validate(F.module(ruFiles)).filter { $0.code == .stringsDictMissingPluralCategory }.map(\.severity) == [.warning])
    }
}
