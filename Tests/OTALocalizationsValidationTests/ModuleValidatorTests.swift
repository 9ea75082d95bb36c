import OTALocalizationsCore
import Testing
@testable import OTALocalizationsValidation

@Suite struct ModuleValidatorTests {
    typealias F = ValidationFixtures

    private func only(_ code: ValidationDiagnostic.Code, in diagnostics: [ValidationDiagnostic]) -> [ValidationDiagnostic] {
        diagnostics.filter { $0.code == code }
    }

    @Test func reportsDuplicateKeyWithDifferentValuesAsErrorNamingBothLines() {
        let diagnostics = F.validate([F.strings("en.lproj/Localizable.strings", [("a", "A"), ("b", "B"), ("a", "Other")])])
        #expect(diagnostics.count == 1)
        let finding = diagnostics[0]
        #expect(finding.code == .duplicateKey && finding.severity == .error)
        #expect(finding.key == "a" && finding.line == 3 && finding.file == "App/en.lproj/Localizable.strings")
        #expect(finding.message.contains("line 1") && finding.message.contains("line 3"))
        #expect(finding.localization == "en" && finding.table == "Localizable" && finding.value == "Other")
    }

    @Test func reportsDuplicateKeyWithSameValueAsWarning() {
        let diagnostics = F.validate([F.strings("en.lproj/Localizable.strings", [("a", "A"), ("a", "A")])])
        #expect(diagnostics.map(\.code) == [.duplicateKeySameValue])
        #expect(diagnostics[0].severity == .warning && diagnostics[0].line == 2 && diagnostics[0].key == "a")
    }

    @Test func reportsSpecifierMismatchAgainstDevelopmentRegion() {
        let diagnostics = F.validate([
            F.strings("en.lproj/Localizable.strings", [("files", "%@ has %d files"), ("pct", "%d%% done"), ("ok", "%1$@ %2$ld")]),
            F.strings("fr.lproj/Localizable.strings", [("files", "%d fichiers"), ("pct", "%d %% fait"), ("ok", "%2$ld %1$@")]),
        ])
        let mismatches = only(.formatSpecifierMismatch, in: diagnostics)
        #expect(mismatches.count == 1)
        #expect(mismatches.first?.key == "files" && mismatches.first?.line == 1)
        #expect(mismatches.first?.file == "App/fr.lproj/Localizable.strings" && mismatches.first?.severity == .error)
        #expect(mismatches.first?.value == "%d fichiers")
    }

    @Test func warnsOnKeysMissingFromATranslation() {
        let diagnostics = F.validate([
            F.strings("en.lproj/Localizable.strings", [("a", "A"), ("b", "B"), ("c", "C")]),
            F.strings("de.lproj/Localizable.strings", [("a", "Ä")]),
            F.strings("en.lproj/Other.strings", [("x", "X")]),
        ])
        // One finding per table and localization: the count and the first keys, every key in the value.
        let missing = only(.missingKey, in: diagnostics)
        #expect(missing.count == 1)
        #expect(missing.first?.key == nil && missing.first?.value == "b\nc" && missing.first?.line == nil)
        #expect(missing.first?.message == "2 keys of en's Localizable table are missing here: \"b\", \"c\"; with no per-key fallback, users of de see the raw keys. Add translations.")
        #expect(missing.allSatisfy { $0.severity == .warning && $0.localization == "de" && $0.table == "Localizable" })
    }

    @Test func aMissingNaturalLanguageKeyShowsTheDevelopmentText() {
        // With no per-key fallback a lookup returns its key (docs/apple-platform.md F2): for
        // "Add account" = "Add account" that is the English text, untranslated; for an identifier key it is the
        // identifier.
        let diagnostics = F.validate([
            F.strings("en.lproj/Localizable.strings", [("Add account", "Add account"), ("settings.title", "Settings")]),
            F.strings("de.lproj/Localizable.strings", [("settings.title", "Einstellungen")]),
            F.strings("fr.lproj/Localizable.strings", [("Add account", "Ajouter un compte")]),
        ])
        let missing = only(.missingKey, in: diagnostics)
        #expect(missing.map(\.localization) == ["de", "fr"])
        #expect(missing[0].message == "\"Add account\" is in en's Localizable table but not here; with no per-key fallback, users of de see the key, which is the en text itself, untranslated. Add a translation.")
        #expect(missing[1].message == "\"settings.title\" is in en's Localizable table but not here; with no per-key fallback, users of fr see the raw key. Add a translation.")
    }

    @Test func takesMissingStringsDictFromDevelopmentRegion() {
        // fr has no Localizable.stringsdict: Apple uses en's (docs/apple-platform.md F5), so its keys are not missing.
        let diagnostics = F.validate([
            F.strings("en.lproj/Localizable.strings", [("a", "A")]),
            F.stringsDict("en.lproj/Localizable.stringsdict", ["n": F.plural(forms: ["one": "%d file", "other": "%d files"])]),
            F.strings("fr.lproj/Localizable.strings", [("a", "A fr")]),
        ])
        #expect(only(.missingKey, in: diagnostics).isEmpty)
    }

    @Test func warnsOnEmptyValuesKeyValuesAndWhitespace() {
        let diagnostics = F.validate([
            F.strings("en.lproj/Localizable.strings", [("title.key", "Title"), ("empty", "x"), ("lead", " Lead"), ("nl", "Line\n"), ("Same", "Same")]),
            F.strings("fr.lproj/Localizable.strings", [("title.key", "title.key"), ("empty", ""), ("lead", "Tête"), ("nl", "Ligne"), ("Same", "Same")]),
        ])
        #expect(only(.valueEqualsKey, in: diagnostics).map(\.key) == ["title.key"])
        #expect(only(.emptyValue, in: diagnostics).map(\.key) == ["empty"])
        #expect(only(.emptyValue, in: diagnostics).first?.line == 2)
        let whitespace = only(.whitespaceMismatch, in: diagnostics)
        #expect(whitespace.map(\.key) == ["lead", "nl"])
        #expect(whitespace.map(\.line) == [3, 4])
    }

    @Test func theEmptyKeyTranslatedAsEmptyIsNoFinding() {
        // CubeTime's catalog compiles `"" = "";` (an empty literal Xcode extracted): it shows nothing either way.
        let diagnostics = F.validate([
            F.strings("en.lproj/Localizable.strings", [("", ""), ("a", "A")]),
            F.strings("zh-Hans.lproj/Localizable.strings", [("", ""), ("a", "")]),
        ])
        #expect(only(.emptyValue, in: diagnostics).map(\.key) == ["a"])
    }

    @Test func reportsParseAndEncodingErrors() {
        let broken = ValidationInput.File(
            path: "App/fr.lproj/Localizable.strings", relativePath: "fr.lproj/Localizable.strings",
            content: .unreadable(TableError(code: .syntax, reason: "Expected ';' after the value.", line: 4, column: 12)))
        let utf16 = ValidationInput.File(
            path: "App/de.lproj/Localizable.strings", relativePath: "de.lproj/Localizable.strings",
            content: .unreadable(TableError(code: .encoding, reason: "UTF-16 without a byte-order mark.")))
        let diagnostics = F.validate([F.strings("en.lproj/Localizable.strings", [("a", "A")]), broken, utf16])
        #expect(diagnostics.map(\.code) == [.encoding, .parseError])
        #expect(diagnostics[1].line == 4 && diagnostics[1].column == 12 && diagnostics[1].severity == .error)
        #expect(diagnostics[0].line == nil && diagnostics[0].file == "App/de.lproj/Localizable.strings")
    }

    @Test func reportsTablesOutsideLprojAndSpecialFolders() {
        let diagnostics = F.validate(
            [F.strings("Localizable.strings", [("a", "A")]),
             F.strings("Resources/en.lproj/Other.strings", [("a", "A")]),
             F.strings("en.lproj/Localizable.strings", [("a", "A")])],
            folders: ["support files", "Assets"])
        let outside = only(.tableOutsideLproj, in: diagnostics)
        #expect(outside.map(\.file) == ["App/Localizable.strings", "App/Resources/en.lproj/Other.strings"])
        let special = only(.specialFolderName, in: diagnostics)
        #expect(special.map(\.file) == ["App/Resources", "App/support files"])
        #expect(special.allSatisfy { $0.severity == .error })
    }

    @Test func warnsOnLprojNamesThatAreNotLanguages() {
        let diagnostics = F.validate([
            F.strings("en.lproj/A.strings", [("a", "A")]),
            F.strings("sr@latin.lproj/A.strings", [("a", "A")]),
            F.strings("zh-Hant-TW.lproj/A.strings", [("a", "A")]),
            F.strings("es-419.lproj/A.strings", [("a", "A")]),
            F.strings("Base.lproj/A.strings", [("a", "A")]),
        ])
        let invalid = only(.invalidLocalizationName, in: diagnostics)
        #expect(invalid.map(\.localization) == ["sr@latin"])
        #expect(invalid.first?.file == "App/sr@latin.lproj")
        #expect(ModuleValidator.isValidLocalizationName("pt_BR"))
        #expect(!ModuleValidator.isValidLocalizationName("english-us"))
    }

    @Test func reportsKeysAndTablesDroppedSinceTheBaseline() {
        let baseline = [
            F.strings("en.lproj/Localizable.strings", [("a", "A"), ("b", "B")], module: "Old"),
            F.strings("fr.lproj/Localizable.strings", [("a", "A fr"), ("b", "B fr")], module: "Old"),
            F.strings("fr.lproj/Settings.strings", [("s", "S fr")], module: "Old"),
        ]
        let diagnostics = F.validate([
            F.strings("en.lproj/Localizable.strings", [("a", "A"), ("b", "B")]),
            F.strings("fr.lproj/Localizable.strings", [("a", "A fr")]),
        ], baseline: baseline)
        let keys = only(.missingKeyAgainstBaseline, in: diagnostics)
        #expect(keys.map(\.key) == ["b"])
        #expect(keys.first?.file == "App/fr.lproj/Localizable.strings" && keys.first?.severity == .error)
        let tables = only(.missingTableAgainstBaseline, in: diagnostics)
        #expect(tables.map(\.table) == ["Settings"] && tables.first?.localization == "fr")
    }

    @Test func sortsDiagnosticsByFileThenLine() {
        let diagnostics = F.validate([
            F.strings("en.lproj/B.strings", [("a", "A"), ("a", "B")]),
            F.strings("en.lproj/A.strings", [("x", ""), ("y", "1"), ("y", "2")]),
        ])
        #expect(diagnostics.map { "\($0.file):\($0.line ?? 0)" } == ["App/en.lproj/A.strings:1", "App/en.lproj/A.strings:3", "App/en.lproj/B.strings:2"])
    }
}

@Suite struct DevelopmentLocalizationTests {
    typealias F = ValidationFixtures

    @Test func comparesWithBaseWhenTheDevelopmentRegionHasNoLproj() {
        let diagnostics = F.validate([
            F.strings("Base.lproj/Main.strings", [("t", "%@ files")]),
            F.strings("fr.lproj/Main.strings", [("t", "%d fichiers")]),
        ])
        #expect(diagnostics.map(\.code) == [.formatSpecifierMismatch])
    }

    @Test func comparesWithARegionalVariantOfTheDevelopmentLanguage() {
        let diagnostics = F.validate([
            F.strings("en-US.lproj/Main.strings", [("t", "%@ files")]),
            F.strings("fr.lproj/Main.strings", [("t", "%d fichiers")]),
        ])
        #expect(diagnostics.map(\.code) == [.formatSpecifierMismatch])
        #expect(diagnostics.first?.message.contains("en-US") == true)
    }
}

/// A space the development value has and most translations lack is the development value's slip: one finding there.
@Suite struct DevelopmentWhitespaceTests {
    typealias F = ValidationFixtures

    @Test func aSpaceMostTranslationsLackIsReportedOnceOnTheDevelopmentValue() throws {
        let diagnostics = F.validate([
            F.strings("en.lproj/Localizable.strings", [("hello", "Hello "), ("bye", "Bye")]),
            F.strings("fr.lproj/Localizable.strings", [("hello", "Bonjour"), ("bye", "Au revoir ")]),
            F.strings("de.lproj/Localizable.strings", [("hello", "Hallo"), ("bye", "Tschüss")]),
            F.strings("it.lproj/Localizable.strings", [("hello", "Ciao ")]),
        ]).filter { $0.code == .whitespaceMismatch }
        #expect(diagnostics.map { "\($0.localization ?? "") \($0.key ?? "")" } == ["en hello", "fr bye"])
        let finding = diagnostics[0]
        #expect(finding.file == "App/en.lproj/Localizable.strings" && finding.line == 1 && finding.severity == .warning)
        #expect(finding.message == "\"hello\": \"Hello \" has trailing whitespace that 2 of its 3 translations (de, fr) lack; if it is a slip, remove it here, and if it is meant, add it to them.")
    }

    @Test func aSpaceOneTranslationLacksStaysThatTranslations() {
        let diagnostics = F.validate([
            F.strings("en.lproj/Localizable.strings", [("hello", "Hello ")]),
            F.strings("fr.lproj/Localizable.strings", [("hello", "Bonjour")]),
            F.strings("de.lproj/Localizable.strings", [("hello", "Hallo ")]),
            F.strings("it.lproj/Localizable.strings", [("hello", "Ciao ")]),
        ]).filter { $0.code == .whitespaceMismatch }
        #expect(diagnostics.map { "\($0.localization ?? "") \($0.key ?? "")" } == ["fr hello"])
        #expect(diagnostics.first?.message == "\"hello\": it lacks the trailing whitespace that the en value has; match it.")
    }
}

@Suite struct WhitespaceDifferenceTests {
    private func difference(_ value: String, _ reference: String) -> String? {
        ModuleValidator.whitespaceDifference(value, reference, developmentName: "en")
    }

    @Test func namesTheFirstDifferenceFound() {
        #expect(difference("a", "a") == nil)
        #expect(difference("a\n", "a") == "it has a trailing newline that the en value does not have")
        #expect(difference("a", "a\n") == "it lacks the trailing newline that the en value has")
        #expect(difference(" a", "a") == "it has leading whitespace that the en value does not have")
        #expect(difference("a\u{00A0}", "a") == "it has trailing whitespace that the en value does not have")
        #expect(difference("a\u{3000}", "a\t") == nil)
    }

    @Test func fullWidthPunctuationCarriesItsOwnSpacing() {
        // Aidoku's FILTER_SEPARATOR ", " is "、" in ja and zh-Hant; Element X's sentence delimiter ". " is "。" in ja;
        // "%1$@, %2$@ and " is "%1$@、%2$@ 和" in zh-Hant-TW. U+3001, U+3002, U+FF0C, U+FF1A are wide (UAX #11).
        #expect(difference("、", ", ") == nil)
        #expect(difference("。", ". ") == nil)
        #expect(difference("，", ", ") == nil)
        #expect(difference("：", ": ") == nil)
        #expect(difference("%1$@、%2$@ 和", "%1$@, %2$@ and ") == nil)
        #expect(difference("さらに", " more") == nil)
        // An ASCII comma, Hangul (Korean spaces its words) and an added space are still reported.
        #expect(difference(",", ", ") == "it lacks the trailing whitespace that the en value has")
        #expect(difference("%1$@ 및", "%1$@ and ") == "it lacks the trailing whitespace that the en value has")
        #expect(difference(" %1$@ の人気上位", "Top %1$@") == "it has leading whitespace that the en value does not have")
    }

    @Test func treatsCarriageReturnLineFeedAsOneCharacterThatIsNotANewline() {
        // "\r\n" is one Character, so the value does not end with "\n"; it still ends with whitespace.
        #expect(difference("a\r\n", "a\n") == "it lacks the trailing newline that the en value has")
        #expect(difference("a\r\n", "a ") == nil)
        #expect(difference("\n", "x\n") == "it has leading whitespace that the en value does not have")
    }
}
