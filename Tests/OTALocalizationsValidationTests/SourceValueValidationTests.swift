import OTALocalizationsCore
import Testing
@testable import OTALocalizationsValidation

/// Keys the development table lacks are compared with their development value in Swift code, naming its place; keys
/// with none anywhere are counted once per table (docs/validation.md, "Development values in Swift code").
@Suite struct SourceValueValidationTests {
    typealias F = ValidationFixtures

    private func validate(_ files: [ValidationInput.File], _ values: [ValidationInput.SourceValue]) -> [ValidationDiagnostic] {
        var input = F.module(files)
        input.sourceValues = values
        return ModuleValidator().validate(input)
    }

    private func value(_ key: String, _ segments: [String], table: String = "Shared", line: Int = 12) -> ValidationInput.SourceValue {
        ValidationInput.SourceValue(table: table, key: key, segments: segments, file: "Sources/Shared/Strings.swift", line: line)
    }

    @Test func aTranslationIsComparedWithTheValueInCodeAndTheFindingNamesItsPlace() {
        let found = validate([
            F.strings("en.lproj/Shared.strings", []),
            F.strings("de.lproj/Shared.strings", [("open.private", "In neuem privatem Tab %d öffnen")]),
        ], [value("open.private", ["Open %@ in New Private Tab"])])

        #expect(found.map(\.code) == [.formatSpecifierMismatch])
        #expect(found.first?.file == "App/de.lproj/Shared.strings")
        #expect(found.first?.message.hasPrefix("\"open.private\": the format specifiers differ from Sources/Shared/Strings.swift:12 (\"Open %@ in New Private Tab\"): argument 1 is read as int32 ('%d') but as object ('%@')") == true)
    }

    @Test func theDevelopmentTablesValueWinsOverTheCodes() {
        let found = validate([
            F.strings("en.lproj/Shared.strings", [("k", "%d tabs")]),
            F.strings("de.lproj/Shared.strings", [("k", "%d Tabs")]),
        ], [value("k", ["%@ tabs"])])
        #expect(found.isEmpty)
    }

    @Test func anInterpolatedValueMatchesAnyTypeButNotAnotherCount() {
        let files = [F.strings("en.lproj/Shared.strings", []), F.strings("de.lproj/Shared.strings", [("items", "%lld Artikel")])]
        #expect(validate(files, [value("items", ["", " items"])]).isEmpty)
        let two = [F.strings("en.lproj/Shared.strings", []), F.strings("de.lproj/Shared.strings", [("items", "%1$lld von %2$@")])]
        #expect(validate(two, [value("items", ["", " items"])]).map(\.code) == [.formatSpecifierMismatch])
        // Literal text around an interpolation reads nothing: "100% of \(n)" reads one argument.
        let percent = [F.strings("en.lproj/Shared.strings", []), F.strings("de.lproj/Shared.strings", [("p", "100 %% von %@")])]
        #expect(validate(percent, [value("p", ["100% of ", ""])]).isEmpty)
    }

    @Test func aStringsDictTranslationIsComparedWithTheValueAsAPlainEntry() {
        let plural = F.plural("%#@tabs@", variable: "tabs", valueType: "d", forms: ["one": "%d Tab", "other": "%d Tabs"])
        let found = validate([
            F.strings("en.lproj/Shared.strings", []),
            F.stringsDict("de.lproj/Shared.stringsdict", ["tabs": plural]),
        ], [value("tabs", ["%@ tabs"])])
        #expect(found.map(\.code) == [.formatSpecifierMismatch])
        #expect(found.first?.message.contains("differ from Sources/Shared/Strings.swift:12") == true)
    }

    @Test func aStringsDictTranslationThatReadsTheSameTypeAsTheCodeIsClean() {
        let plural = F.plural("%#@tabs@", variable: "tabs", valueType: "d", forms: ["one": "%d Tab", "other": "%d Tabs"])
        let found = validate([
            F.strings("en.lproj/Shared.strings", []),
            F.stringsDict("de.lproj/Shared.stringsdict", ["tabs": plural]),
        ], [value("tabs", ["%d tabs"])])
        #expect(found.isEmpty)
    }

    @Test func withoutADevelopmentLocalizationTranslationsAreComparedWithTheCodeAlone() {
        // No en.lproj at all: development-region-missing (given the module's origin) says so; nothing is counted here.
        let found = validate([F.strings("de.lproj/Shared.strings", [("k", "%d Tabs"), ("other", "Andere")])],
                             [value("k", ["%@ tabs"])])
        #expect(found.map(\.code) == [.formatSpecifierMismatch])
    }

    @Test func keysWithNoDevelopmentValueAreOneWarningPerTable() {
        let found = validate([
            F.strings("en.lproj/Shared.strings", [("known", "Known")]),
            F.strings("de.lproj/Shared.strings", [("known", "Bekannt"), ("a", "A"), ("b", "B %@"), ("coded", "C")]),
            F.strings("fr.lproj/Shared.strings", [("a", "A"), ("c", "C")]),
            F.strings("fr.lproj/Menu.strings", [("m", "M")]),
        ], [value("coded", ["Coded"])])

        let missing = found.filter { $0.code == .developmentValueMissing }
        // Sorted by file: the development table's for Shared, fr's for Menu, which en lacks.
        #expect(missing.map { "\($0.table ?? "") \($0.localization ?? "") \($0.file) \($0.value ?? "")" } == [
            "Shared en App/en.lproj/Shared.strings a\nb\nc",
            "Menu en App/fr.lproj/Menu.strings m",
        ])
        #expect(missing.allSatisfy { $0.severity == .warning })
        #expect(missing.first?.message == "3 keys of Shared have no development value; their formats were not checked: \"a\", \"b\", \"c\". Give each a value in en's Shared table, or beside the key in Swift (NSLocalizedString's value:, or the defaultValue: of String(localized:) or LocalizedStringResource).")
        #expect(missing.last?.key == "m")
        #expect(missing.last?.message.hasPrefix("1 key of Menu has no development value; its format was not checked: \"m\".") == true)
    }

    @Test func aRecordedKeyListStaysRecordedWhileItListsOnlyRecordedKeys() {
        let files = [
            F.strings("en.lproj/Shared.strings", []),
            F.strings("de.lproj/Shared.strings", [("a", "A"), ("b", "B")]),
        ]
        let baseline = ValidationBaseline(recording: validate(files, []))
        let fewer = baseline.apply(to: validate([files[0], F.strings("de.lproj/Shared.strings", [("a", "A")])], []))
        let more = baseline.apply(to: validate([files[0], F.strings("de.lproj/Shared.strings", [("a", "A"), ("c", "C")])], []))
        #expect(fewer.map(\.baselined) == [true])
        #expect(more.map(\.baselined) == [false])
    }

    @Test func needsSourceValuesOnlyWhenATranslatedKeyLacksADevelopmentValue() {
        let complete = F.module([F.strings("en.lproj/L.strings", [("a", "A")]), F.strings("de.lproj/L.strings", [("a", "A")])])
        let lacking = F.module([F.strings("en.lproj/L.strings", []), F.strings("de.lproj/L.strings", [("a", "A")])])
        let noTable = F.module([F.strings("en.lproj/L.strings", [("a", "A")]), F.strings("de.lproj/M.strings", [("m", "M")])])
        #expect(!complete.needsSourceValues)
        #expect(lacking.needsSourceValues)
        #expect(noTable.needsSourceValues)
    }
}
