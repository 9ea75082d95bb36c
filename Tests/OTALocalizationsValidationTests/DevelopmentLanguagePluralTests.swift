import OTALocalizationsCore
import Testing
@testable import OTALocalizationsValidation

/// A development-language rule whose one form is `other` ("%d hr") is the text its authors chose for every count;
/// CLDR's `one` for English (plurals.xml: `i = 1 and v = 0`) would select the same text, so nothing is missing.
@Suite struct DevelopmentLanguagePluralTests {
    typealias F = ValidationFixtures

    private func codes(_ path: String, _ forms: [String: String]) -> [ValidationDiagnostic.Code] {
        F.validate([F.stringsDict(path, ["hours": F.plural(forms: forms)])]).map(\.code)
    }

    @Test func anEnglishRuleWithOnlyOtherIsNoFinding() {
        #expect(codes("en.lproj/Localizable.stringsdict", ["other": "%d hr"]) == [])
        #expect(codes("Base.lproj/Localizable.stringsdict", ["other": "%d hr"]) == [])
        #expect(codes("EN.lproj/Localizable.stringsdict", ["other": "%d hr"]) == [])
    }

    @Test func anEnglishRuleThatTellsCountsApartStillNeedsOne() {
        // zero and other: the author distinguishes counts, and 1 shows "%d hours".
        #expect(codes("en.lproj/Localizable.stringsdict", ["zero": "No hours", "other": "%d hours"])
            == [.stringsDictMissingPluralCategory])
    }

    @Test func aTranslationWithOnlyOtherStillLacksItsCategories() {
        let found = F.validate([
            F.stringsDict("en.lproj/Localizable.stringsdict", ["hours": F.plural(forms: ["other": "%d hr"])]),
            F.stringsDict("cs.lproj/Localizable.stringsdict", ["hours": F.plural(forms: ["other": "%d h"])]),
            F.stringsDict("en-GB.lproj/Localizable.stringsdict", ["hours": F.plural(forms: ["other": "%d hr"])]),
        ])
        #expect(found.map { "\($0.localization ?? "") \($0.code) \($0.value ?? "")" }.sorted() == [
            "cs stringsdict-missing-plural-category one, few",
            "en-GB stringsdict-missing-plural-category one",
        ])
    }
}

/// Another region of the development language (en-GB for en) stands in for the development region's formats, but
/// not for its keys: a missing `en.lproj` means the keys every table must have are unknown.
@Suite struct StandInDevelopmentLocalizationTests {
    typealias F = ValidationFixtures

    @Test func formatsAreComparedWithTheStandInButNoKeyIsMissing() {
        let found = F.validate([
            F.strings("en-GB.lproj/Localizable.strings", [("greeting", "Hello %@"), ("colour", "Colour")]),
            F.strings("de.lproj/Localizable.strings", [("greeting", "Hallo %d")]),
        ])
        #expect(found.map(\.code) == [.formatSpecifierMismatch])
        #expect(found.first?.message.contains("differ from en-GB") == true)
        #expect(F.module([F.strings("en-GB.lproj/L.strings", []), F.strings("de.lproj/L.strings", [])]).developmentLocalization == "en-GB")
    }

    @Test func theDevelopmentRegionsOwnTableStillMeasuresMissingKeys() {
        let found = F.validate([
            F.strings("en.lproj/Localizable.strings", [("greeting", "Hello"), ("colour", "Color")]),
            F.strings("de.lproj/Localizable.strings", [("greeting", "Hallo")]),
        ])
        #expect(found.map(\.code) == [.missingKey])
    }
}
