import OTALocalizationsCore
import OTALocalizationsNames
import Testing

/// The one rule for language identifiers (development regions, catalog languages, `--languages`) and the rule for
/// rollout ids, which differs from it only in what may come first.
@Suite struct LanguageIdentifierTests {
    /// BCP 47 tags (RFC 5646, section 2.1: `es-419`, a script, a private-use `x-` tag, a grandfathered `i-` tag),
    /// Apple's `ll_RR` form and its legacy names (docs/apple-platform.md L4).
    @Test(arguments: ["en", "pt-BR", "zh-Hans", "zh-Hant-TW", "sr-Latn", "es-419", "x-private", "i-klingon", "fr_CA", "English", "Base"])
    func languageTagsAndApplesFormsAreLanguageIdentifiers(_ text: String) {
        #expect(LanguageIdentifier.isValid(text))
        #expect(Manifest.isLanguageIdentifier(text))
    }

    /// Every BCP 47 tag starts with a letter, so a digit, `-` or `_` first names no language; nor does anything that
    /// could not be one `.lproj` folder name.
    @Test(arguments: ["", "419", "1en", "-en", "_en", "en ", "a<b", "../en", "fr/CA", "sr@latin", "fr.lproj", "é", "en\n"])
    func otherTextIsNot(_ text: String) {
        #expect(!LanguageIdentifier.isValid(text))
        #expect(!Manifest.isLanguageIdentifier(text))
    }

    @Test func theLongestIsSixtyFourBytes() {
        #expect(LanguageIdentifier.isValid(String(repeating: "a", count: 64)))
        #expect(!LanguageIdentifier.isValid(String(repeating: "a", count: 65)))
    }

    /// `promote` and `rollout` write 16 random lowercase hex digits, which may start with a digit (docs/rollouts.md).
    @Test func aRolloutIDMayStartWithADigitOrASeparator() {
        for id in ["0123456789abcdef", "9f", "-a", "_", "Rollout_2", String(repeating: "z", count: 64)] {
            #expect(RolloutIdentifier.isValid(id), "\(id)")
            #expect(ManifestRollout.isValidID(id), "\(id)")
        }
        for id in ["", "a b", "a.b", "é", String(repeating: "z", count: 65)] {
            #expect(!RolloutIdentifier.isValid(id), "\(id)")
            #expect(!ManifestRollout.isValidID(id), "\(id)")
        }
    }
}
