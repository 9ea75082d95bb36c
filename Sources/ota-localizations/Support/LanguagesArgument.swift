import OTALocalizations
import OTALocalizationsCore

/// `--languages fr-CA,en`: an explicit preference order for `sync` and `status`.
enum LanguagesArgument {
    /// `--languages` as `status` and `launch` declare it (`sync` says what it means for a sync).
    static let option = CommandOption.value("languages", "<list>", help: """
        Preferred languages, most preferred first, comma-separated (e.g. fr-CA,en).
        Default: this machine's languages.
        """)

    /// The selection `text` names; without the option, `absent` (every localization for `sync`, which checks a
    /// whole publish; the machine's languages for `status`).
    ///
    /// - Throws: ``UsageError`` when the list is empty or an entry is not a language identifier.
    static func selection(_ text: String?, absent: OTALocalizationSelection) throws -> OTALocalizationSelection {
        guard let text else { return absent }
        let languages = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        for language in languages where !Manifest.isLanguageIdentifier(language) {
            throw UsageError(message: "--languages: '\(language)' is not a language identifier such as fr-CA; give a comma-separated list, most preferred first")
        }
        return OTALocalizationSelection(preferredLanguages: languages)
    }
}
