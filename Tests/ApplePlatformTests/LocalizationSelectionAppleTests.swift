import Testing

#if canImport(Darwin)
import OTALocalizations

/// `OTALocalizationSelection` on Apple platforms is Apple's matcher (`Bundle.preferredLocalizations(from:forPreferences:)`):
/// the examples docs/apple-platform.md L5-L11 lists, which the Linux model is tested against too
/// (`LocalizationSelectionTests`), must hold here with Apple's own answers.
@Suite struct LocalizationSelectionAppleTests {
    private func first(_ preferences: [String], _ available: [String]) -> String? {
        OTALocalizationSelection(preferredLanguages: preferences).localizations(from: available).first
    }

    @Test func applesMatcherGivesTheDocumentedChoices() {
        #expect(first(["en-SV"], ["en", "en-AU"]) == "en")            // L6
        #expect(first(["pt-PT"], ["pt-BR", "en"]) == "pt-BR")         // L9
        #expect(first(["pt-PT", "en"], ["pt-BR", "en"]) == "en")      // L9
        #expect(first(["es", "en"], ["de", "en", "fr"]) == "en")      // L10
        #expect(first(["fr-CA"], ["en", "fr"]) == "fr")               // L5
        #expect(first(["en-IN"], ["en", "en_AU", "en_GB"]) == "en_GB") // L7
        #expect(first(["zh-HK"], ["zh_Hans", "zh_Hant", "zh_Hant_HK"]) == "zh_Hant_HK") // L11
    }
}
#endif
