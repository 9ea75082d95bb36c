import Testing
@testable import OTALocalizations

/// The language choice off Apple platforms, against the examples docs/apple-platform.md pins to Apple's matcher
/// (L5-L11, from ICU's `ualoc.h` and Apple's QA1828 / TN2418).
@Suite struct LocalizationSelectionTests {
    private func choose(_ preferences: [String], _ available: [String]) -> [String] {
        LocalizationMatcher.localizations(from: available, preferences: preferences)
    }

    @Test func documentedExamples() {
        // L6: en-SV with en and en-AU takes en, never en-AU, whatever the order.
        #expect(choose(["en-SV"], ["en", "en-AU"]) == ["en"])
        #expect(choose(["en-SV"], ["en-AU", "en"]) == ["en"])
        // L9: pt-PT with only pt-BR takes pt-BR, but only as a last resort.
        #expect(choose(["pt-PT"], ["pt-BR", "en"]) == ["pt-BR"])
        #expect(choose(["pt-PT", "en"], ["pt-BR", "en"]) == ["en"])
        #expect(choose(["pt-PT"], ["pt", "pt-BR"]) == ["pt"])
        // L10: [es, en] with {de (development region), en, fr} takes en.
        #expect(choose(["es", "en"], ["de", "en", "fr"]) == ["en"])
        // L5: fr-CA falls back to fr.
        #expect(choose(["fr-CA"], ["en", "fr"]) == ["fr"])
        #expect(choose(["fr-CA"], ["en", "fr", "fr-CA"]) == ["fr-CA", "fr"])
        // L7: Apple's examples with {en, en_AU, en_GB}.
        #expect(choose(["en-AU"], ["en", "en_AU", "en_GB"]) == ["en_AU", "en_GB", "en"])
        #expect(choose(["en-IN"], ["en", "en_AU", "en_GB"]) == ["en_GB", "en"])
        #expect(choose(["en-CA"], ["en", "en_AU", "en_GB"]) == ["en"])
        #expect(choose(["en-IL"], ["en", "en_AU", "en_GB"]) == ["en"])
        // L8: es-419.
        #expect(choose(["es-MX"], ["es", "es_419"]) == ["es_419", "es"])
        #expect(choose(["es-AR"], ["es", "es_419"]) == ["es_419", "es"])
        #expect(choose(["es-419"], ["es", "es_ES", "es_MX"]) == ["es"])
        // L11: scripts never cross.
        #expect(choose(["zh-Hant"], ["zh_Hans", "zh_Hant", "zh_Hant_HK"]) == ["zh_Hant"])
        #expect(choose(["zh-HK"], ["zh_Hans", "zh_Hant", "zh_Hant_HK"]) == ["zh_Hant_HK", "zh_Hant"])
        #expect(choose(["zh-Hans-HK"], ["zh_Hans", "zh_Hant", "zh_Hant_HK"]) == ["zh_Hans"])
        #expect(choose(["zh-Hant"], ["zh-Hans", "en"]) == [])
        #expect(choose(["zh-Hant", "en"], ["zh-Hans", "en"]) == ["en"])
    }

    @Test func nothingMatchingGivesNothingAndBaseIsNeverChosen() {
        #expect(choose(["ja"], ["de", "en"]) == [])
        #expect(OTALocalizationSelection(preferredLanguages: ["fr"]).localizations(from: ["Base", "en"]) == [])
        #expect(OTALocalizationSelection(preferredLanguages: ["fr"]).localizations(from: ["Base", "en", "fr"]) == ["fr"])
    }

    @Test func coverageComparesWhatThePartAndTheWholeWouldShow() {
        let available = ["de", "en", "fr", "fr-CA"]
        let french = OTALocalizationSelection(preferredLanguages: ["fr-CA"])
        #expect(french.covers(installed: ["en", "fr", "fr-CA"], available: available, developmentRegion: "en"))
        // Without fr-CA, Apple's Bundle would show fr where the full bundle shows fr-CA.
        #expect(!french.covers(installed: ["en", "fr"], available: available, developmentRegion: "en"))
        // A user who switched to French with only German installed would see English: not covered.
        #expect(!OTALocalizationSelection(preferredLanguages: ["fr"]).covers(installed: ["en", "de"], available: available, developmentRegion: "en"))
        // A Japanese user sees the development region either way.
        #expect(OTALocalizationSelection(preferredLanguages: ["ja"]).covers(installed: ["en"], available: available, developmentRegion: "en"))
    }

    /// Apple's matcher, as docs/apple-platform.md L12 pins it: the same choice, but never empty for a non-empty list
    /// (its first entry when nothing matches).
    private func applesMatcher(_ preferences: [String]) -> ([String]) -> [String] {
        { candidates in
            let chosen = LocalizationMatcher.localizations(from: candidates, preferences: preferences)
            return chosen.isEmpty ? Array(candidates.prefix(1)) : chosen
        }
    }

    /// On Apple platforms nothing matching must still mean the development region (the base slice), not the first
    /// slice in the list: an explicit `sync --languages ja` of a {de, en} module downloads no language slice.
    @Test func onApplesMatcherNothingMatchingStillGivesNothing() {
        #expect(applesMatcher(["ja"])(["de", "en"]) == ["de"], "what Apple's fallback alone would pick")
        #expect(OTALocalizationSelection.matches(in: ["de", "en"], by: applesMatcher(["ja"])) == [])
        #expect(OTALocalizationSelection.matches(in: ["de", "en", "fr"], by: applesMatcher(["es", "en"])) == ["en"])
        #expect(OTALocalizationSelection.matches(in: ["en", "fr", "fr-CA"], by: applesMatcher(["fr-CA"])) == ["fr-CA", "fr"])
        // Ties still go to the earlier real name (L7): the extra first entry moves nothing.
        #expect(OTALocalizationSelection.matches(in: ["en", "en-AU"], by: applesMatcher(["en-GB"]))
            == LocalizationMatcher.localizations(from: ["en", "en-AU"], preferences: ["en-GB"]))
    }
}
