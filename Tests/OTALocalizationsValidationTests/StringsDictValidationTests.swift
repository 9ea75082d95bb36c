import OTALocalizationsCore
import Testing
@testable import OTALocalizationsValidation

/// Rules from Apple's "Stringsdict File Format" and "Localizing strings that contain plurals"
/// (docs/apple-platform.md P1, P3) and CLDR plurals.xml.
@Suite struct StringsDictValidationTests {
    typealias F = ValidationFixtures

    /// The diagnostics of one en table, without the CLDR category warnings (tested on their own below).
    private func codes(_ entries: [String: PropertyListValue]) -> [ValidationDiagnostic] {
        F.validate([F.stringsDict("en.lproj/Localizable.stringsdict", entries)])
            .filter { $0.code != .stringsDictMissingPluralCategory && $0.code != .stringsDictUnusedPluralCategory }
    }

    @Test func acceptsAWellFormedEntry() {
        #expect(codes(["files": F.plural(forms: ["one": "%d file", "other": "%d files"])]).isEmpty)
        #expect(codes(["plain": .string("Just text")]).isEmpty)
    }

    @Test func reportsProblemsOfWidthVariantsInVariantOrder() {
        // Each variant is an entry of its own (docs/apple-platform.md P1); two broken ones, listed by variant key.
        let variants: [String: PropertyListValue] = [
            "20": .dictionary(["count": .dictionary([:])]),
            "1": .dictionary(["count": .dictionary([:])]),
            "50": .string("Fine"),
        ]
        let diagnostics = codes(["title": .dictionary(["NSStringVariableWidthRuleType": .dictionary(variants)])])
        #expect(diagnostics.map(\.code) == [.stringsDictMissingFormatKey, .stringsDictMissingFormatKey])
        #expect(diagnostics.map(\.message) == [
            "\"title\": The entry has no NSStringLocalizedFormatKey (in NSStringVariableWidthRuleType/1); add it with the format string, for example %#@count@.",
            "\"title\": The entry has no NSStringLocalizedFormatKey (in NSStringVariableWidthRuleType/20); add it with the format string, for example %#@count@.",
        ])
    }

    @Test func reportsMissingFormatKey() {
        let diagnostics = codes(["files": .dictionary(["count": .dictionary([:])])])
        #expect(diagnostics.map(\.code) == [.stringsDictMissingFormatKey])
        #expect(diagnostics[0].key == "files" && diagnostics[0].line == 10 && diagnostics[0].severity == .error)
    }

    @Test func reportsUndefinedVariable() {
        let diagnostics = codes(["files": F.plural("%#@count@ in %#@folders@", forms: ["other": "%d files"])])
        #expect(diagnostics.map(\.code) == [.stringsDictUndefinedVariable])
        #expect(diagnostics[0].message.contains("folders"))
    }

    @Test func reportsMissingAndUnknownSpecType() {
        #expect(codes(["k": F.plural(specType: nil, forms: ["other": "%d"])]).map(\.code) == [.stringsDictMissingSpecType])
        #expect(codes(["k": F.plural(specType: "NSStringGenderRuleType", forms: ["other": "%d"])]).map(\.code) == [.stringsDictUnknownSpecType])
    }

    @Test func reportsMissingAndInvalidValueType() {
        #expect(codes(["k": F.plural(valueType: nil, forms: ["other": "%d"])]).map(\.code) == [.stringsDictMissingValueType])
        #expect(codes(["k": F.plural(valueType: "dd", forms: ["other": "%d"])]).map(\.code) == [.stringsDictInvalidValueType])
        #expect(codes(["k": F.plural(valueType: "lld", forms: ["other": "%lld"])]).isEmpty)
    }

    @Test func reportsMissingOtherForm() {
        let diagnostics = codes(["k": F.plural(forms: ["one": "%d file"])])
        #expect(diagnostics.map(\.code) == [.stringsDictMissingOther])
    }

    @Test func reportsFormKeysThatAreNotCLDRCategories() {
        let diagnostics = codes(["k": F.plural(forms: ["one": "%d file", "ones": "%d", "other": "%d files"])])
        #expect(diagnostics.map(\.code) == [.stringsDictUnknownPluralCategory])
        #expect(diagnostics[0].message.contains("\"ones\""))
    }

    @Test func reportsFormSpecifierThatDisagreesWithValueType() {
        let diagnostics = codes(["k": F.plural(valueType: "d", forms: ["one": "%@ file", "other": "%d files"])])
        #expect(diagnostics.map(\.code) == [.stringsDictSpecifierMismatch])
        #expect(diagnostics[0].message.contains("\"one\""))
        #expect(codes(["k": F.plural(valueType: "ld", forms: ["other": "%d files"])]).map(\.code) == [.stringsDictSpecifierMismatch])
    }

    @Test func followsVariablesNestedInForms() {
        let entry = PropertyListValue.dictionary([
            "NSStringLocalizedFormatKey": .string("%#@a@"),
            "a": .dictionary(["NSStringFormatSpecTypeKey": .string("NSStringPluralRuleType"),
                              "NSStringFormatValueTypeKey": .string("d"), "other": .string("%d and %#@b@")]),
        ])
        #expect(codes(["k": entry]).map(\.code) == [.stringsDictUndefinedVariable])
    }

    @Test func readsWidthAndDeviceVariants() {
        let entry = PropertyListValue.dictionary([
            "NSStringDeviceSpecificRuleType": .dictionary(["iphone": .string("Tap %@"), "mac": F.plural(forms: ["one": "%d"])]),
        ])
        #expect(codes(["k": entry]).map(\.code) == [.stringsDictMissingOther])
    }

    @Test func comparesTranslatedFormsWithDevelopmentRegion() {
        let diagnostics = F.validate([
            F.stringsDict("en.lproj/Localizable.stringsdict", [
                "a": F.plural("%@ has %#@count@", forms: ["one": "%d file", "other": "%d files"]),
                "b": F.plural(valueType: "ld", forms: ["one": "%ld file", "other": "%ld files"]),
                "c": F.plural(forms: ["one": "%d file", "other": "%d files"]),
            ]),
            F.stringsDict("de.lproj/Localizable.stringsdict", [
                "a": F.plural("%#@count@ bei %@", forms: ["one": "eine Datei", "other": "%d Dateien"]),
                "b": F.plural(valueType: "d", forms: ["one": "%d Datei", "other": "%d Dateien"]),
                "c": F.plural(forms: ["one": "%d Datei", "other": "%d Dateien %@"]),
            ]),
        ])
        let mismatches = diagnostics.filter { $0.code == .formatSpecifierMismatch }
        #expect(mismatches.map(\.key) == ["a", "b", "c"])
        #expect(mismatches.map(\.line) == [10, 20, 30])
        #expect(mismatches.allSatisfy { $0.localization == "de" && $0.severity == .error })
    }

    @Test func warnsOnPluralCategoriesTheLanguageRequires() {
        let diagnostics = F.validate([
            F.stringsDict("en.lproj/P.stringsdict", ["k": F.plural(forms: ["one": "%d", "other": "%d"])]),
            F.stringsDict("ru.lproj/P.stringsdict", ["k": F.plural(forms: ["one": "%d", "other": "%d"])]),
            F.stringsDict("ar.lproj/P.stringsdict", ["k": F.plural(forms: ["one": "%d", "other": "%d"])]),
            F.stringsDict("ja.lproj/P.stringsdict", ["k": F.plural(forms: ["one": "%d", "other": "%d", "zero": "%d"])]),
        ])
        let missing = diagnostics.filter { $0.code == .stringsDictMissingPluralCategory }
        #expect(missing.map(\.localization) == ["ar", "ru"])
        #expect(missing.map(\.value) == ["zero, two, few, many", "few, many"])
        #expect(missing[1].message.contains("required: one, few, many"))
        let unused = diagnostics.filter { $0.code == .stringsDictUnusedPluralCategory }
        #expect(unused.map(\.localization) == ["ja"] && unused.first?.value == "one")
    }
}

@Suite struct StringsDictPositionTests {
    typealias F = ValidationFixtures

    /// duckduckgo's pattern: the variable is argument 1, a form also reads argument 2 (`%2$@`).
    @Test func formsReadOtherArgumentsByPosition() {
        let entry = F.plural(forms: ["one": "Your password for %2$@ can't sync", "other": "Your passwords for %2$@ and %1$d other sites"])
        let diagnostics = F.validate([
            F.stringsDict("en.lproj/L.stringsdict", ["k": entry]),
            F.stringsDict("de.lproj/L.stringsdict", ["k": F.plural(forms: ["one": "%2$@ und eine", "other": "%1$d Seiten und %2$@"])]),
        ]).filter { $0.severity == .error }
        #expect(diagnostics.isEmpty)
    }

    /// A variable that is argument 2: its forms' non-positional %ld reads argument 2, `%1$@` reads argument 1.
    @Test func nonPositionalSpecifiersInAFormReadTheVariable() {
        let entry = F.plural("%@%#@count@", valueType: "ld", forms: ["one": "by %1$@ and another", "other": "by %1$@ and %ld more"])
        #expect(F.validate([F.stringsDict("en.lproj/L.stringsdict", ["k": entry])]).filter { $0.severity == .error }.isEmpty)
        let wrong = F.plural("%@%#@count@", valueType: "ld", forms: ["other": "by %1$@ and %d more"])
        #expect(F.validate([F.stringsDict("en.lproj/L.stringsdict", ["k": wrong])]).filter { $0.severity == .error }.map(\.code) == [.stringsDictSpecifierMismatch])
    }

    /// The variable is argument 2 (after `%@`), so a translated form's non-positional `%f` reads argument 2,
    /// which the development entry reads as `ld` (64-bit) only. The form's own finding says so, once: the comparison
    /// with the development entry does not repeat it.
    @Test func aTranslatedFormIsComparedAtItsVariablesPosition() {
        let diagnostics = F.validate([
            F.stringsDict("en.lproj/L.stringsdict", ["k": F.plural("%@%#@count@", valueType: "ld", forms: ["one": "%ld file", "other": "%ld files"])]),
            F.stringsDict("de.lproj/L.stringsdict", ["k": F.plural("%@%#@count@", valueType: "ld", forms: ["one": "%ld Datei", "other": "%f Dateien"])]),
        ]).filter { $0.severity == .error }
        #expect(diagnostics.map(\.message) == [
            "\"k\": The form \"other\" of rule \"count\" formats with %f but NSStringFormatValueTypeKey is \"ld\" (int64); use the same conversion.",
        ])
        // Another argument than the variable's is still the comparison's: the development entry never reads 3.
        let other = F.validate([
            F.stringsDict("en.lproj/L.stringsdict", ["k": F.plural("%@%#@count@", valueType: "ld", forms: ["one": "%ld file", "other": "%ld files"])]),
            F.stringsDict("de.lproj/L.stringsdict", ["k": F.plural("%@%#@count@", valueType: "ld", forms: ["one": "%ld Datei", "other": "%ld Dateien %3$@"])]),
        ]).filter { $0.severity == .error }
        #expect(other.map(\.code) == [.formatSpecifierMismatch])
    }

    @Test func aTranslatedFormMayShowTheNumberTheDevelopmentFormLeavesOut() {
        let diagnostics = F.validate([
            F.stringsDict("en.lproj/L.stringsdict", ["k": F.plural(valueType: "ld", forms: ["one": "One person", "other": "%ld people"])]),
            F.stringsDict("sv.lproj/L.stringsdict", ["k": F.plural(valueType: "ld", forms: ["one": "%ld person", "other": "%ld personer"])]),
        ])
        #expect(diagnostics.filter { $0.code == .formatSpecifierMismatch }.isEmpty)
    }

    @Test func acceptsValueTypeWrittenWithPercent() {
        let entry = F.plural(valueType: "%ld", forms: ["one": "%ld file", "other": "%ld files"])
        #expect(F.validate([F.stringsDict("en.lproj/L.stringsdict", ["k": entry])]).isEmpty)
    }
}
