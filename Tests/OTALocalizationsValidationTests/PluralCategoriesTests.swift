import Testing
@testable import OTALocalizationsValidation

/// One test per CLDR language family; expected sets read from CLDR `plurals.xml` (commit 004469dc).
@Suite struct PluralCategoriesTests {
    private func categories(_ name: String) -> Set<String>? { PluralCategories.ruleSet(forLocalization: name)?.categories }
    private func integers(_ name: String) -> Set<String>? { PluralCategories.ruleSet(forLocalization: name)?.integerCategories }

    @Test func eastAsianLanguagesHaveOnlyOther() {
        for name in ["ja", "zh-Hans", "zh_Hant_TW", "ko", "vi", "th"] { #expect(categories(name) == ["other"], "\(name)") }
    }

    @Test func germanicLanguagesHaveOneAndOther() {
        for name in ["en", "en-GB", "de", "nl", "sv", "da", "nb"] { #expect(categories(name) == ["one", "other"], "\(name)") }
    }

    @Test func romanceLanguagesHaveMany() {
        for name in ["fr", "es", "es-419", "it", "ca", "pt", "pt-BR", "pt_PT"] {
            #expect(categories(name) == ["one", "many", "other"], "\(name)")
        }
    }

    @Test func eastSlavicAndPolishNeedFewAndMany() {
        for name in ["ru", "uk", "pl", "be"] {
            #expect(categories(name) == ["one", "few", "many", "other"], "\(name)")
            #expect(integers(name) == ["one", "few", "many"], "\(name)")
        }
        #expect(integers("cs") == ["one", "few", "other"])
    }

    @Test func southSlavicUseFew() {
        for name in ["hr", "sr", "sr@latin", "bs"] { #expect(categories(name) == ["one", "few", "other"], "\(name)") }
        #expect(categories("sl") == ["one", "two", "few", "other"])
    }

    @Test func arabicAndWelshUseAllSix() {
        for name in ["ar", "cy", "cy_GB"] { #expect(categories(name) == PluralCategories.all, "\(name)") }
    }

    @Test func celticAndSemiticFamilies() {
        #expect(categories("ga") == ["one", "two", "few", "many", "other"])
        #expect(categories("he") == ["one", "two", "many", "other"])
        #expect(categories("lv") == ["zero", "one", "other"])
    }

    @Test func unknownLanguagesHaveNoRules() {
        #expect(categories("kmr") == nil)
        #expect(categories("Base") == nil)
    }
}
