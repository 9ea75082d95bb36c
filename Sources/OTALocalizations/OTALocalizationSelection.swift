import Foundation
import OTALocalizationsNames

/// Which of a module's localizations a device uses: the rule that chooses the slices to download
/// (docs/design.md, "Slices") and decides whether an installed bundle covers the device's languages.
///
/// On Apple platforms this is Apple's own matcher: `Bundle.preferredLocalizations(from:)` for the device's
/// languages (it matches against the app's language search list first, as a live bundle does,
/// docs/apple-platform.md L2 and L12) and `Bundle.preferredLocalizations(from:forPreferences:)` for an explicit list.
/// Elsewhere (Linux tools and tests), Foundation ignores the preferences, so the documented rule of
/// docs/apple-platform.md ("Choosing slices off Apple platforms") is used with `Locale.preferredLanguages` or the
/// explicit list. A value type, safe to share between threads.
public struct OTALocalizationSelection: Sendable, Equatable {
    /// The preferred languages, most preferred first (BCP 47 tags such as `fr-CA`); nil for the device's own.
    public var preferredLanguages: [String]?
    /// Every localization: modules are installed from their full ZIPs, slices are never used, every folder covers.
    public private(set) var isEveryLocalization = false
    /// Languages whose localizations are chosen besides those the preferred languages choose: the languages the app
    /// prefetched for a change of language (`OTALocalizationService.prefetch(localizations:)`), which the service adds
    /// to its cycles' selection. Empty for every selection an app creates.
    package private(set) var prefetchedLanguages: [String] = []

    /// The device's languages (`Locale.preferredLanguages`), or an explicit list.
    public init(preferredLanguages: [String]? = nil) {
        self.preferredLanguages = preferredLanguages
    }

    /// The device's languages.
    public static let device = OTALocalizationSelection()

    /// Every localization of every module, from the full ZIPs: for tools that check a whole publish, and for an app
    /// that wants every language on the device.
    public static let everyLocalization: OTALocalizationSelection = {
        var selection = OTALocalizationSelection()
        selection.isEveryLocalization = true
        return selection
    }()

    /// The localizations a bundle offering `available` shows, in search order: the chosen one first, then the others
    /// of `available` it falls back to (`fr-CA`, then `fr`). Empty when no preferred language matches any of them
    /// (the bundle then shows its development region). `Base` is never chosen.
    /// With ``everyLocalization``, every name of `available` but `Base`. A selection the service extended with
    /// prefetched languages adds, after these, what each of them alone chooses.
    public func localizations(from available: [String]) -> [String] {
        let chosen = preferredLocalizations(from: available)
        guard !prefetchedLanguages.isEmpty, !isEveryLocalization else { return chosen }
        var union = chosen
        for language in prefetchedLanguages {
            let alone = OTALocalizationSelection(preferredLanguages: [language]).preferredLocalizations(from: available)
            union += alone.filter { !union.contains($0) }
        }
        return union
    }

    /// This selection, also choosing what each of `languages` alone chooses (``prefetchedLanguages``): the
    /// localizations a device needs now and after the user switches to one of them.
    package func including(prefetched languages: [String]) -> OTALocalizationSelection {
        var selection = self
        selection.prefetchedLanguages = languages
        return selection
    }

    /// What the preferred languages choose from `available` (``localizations(from:)`` without ``prefetchedLanguages``).
    private func preferredLocalizations(from available: [String]) -> [String] {
        let languages = available.filter { $0 != LocalizationFolder.base }
        guard !languages.isEmpty, !isEveryLocalization else { return languages }
        #if canImport(Darwin)
        return Self.matches(in: languages) { candidates in
            preferredLanguages.map { Bundle.preferredLocalizations(from: candidates, forPreferences: $0) }
                ?? Bundle.preferredLocalizations(from: candidates)
        }
        #else
        return LocalizationMatcher.localizations(from: languages, preferences: preferredLanguages ?? Locale.preferredLanguages)
        #endif
    }

    /// What Apple's `matcher` chooses from `languages`, or nothing when no preferred language matches any of them.
    ///
    /// Apple's matcher never answers "nothing": when no preference matches, it returns the list's first entry
    /// (docs/apple-platform.md L12). So the list it is given starts with ``noMatch``, a language no one prefers and that
    /// shares no parent with any other: that entry coming back means nothing matched. Scores depend on parent chains,
    /// and ties go to the earlier of the real names as before, so the extra entry changes no real choice (L4).
    static func matches(in languages: [String], by matcher: ([String]) -> [String]) -> [String] {
        guard !languages.contains(noMatch) else { return matcher(languages).filter(languages.contains) }
        let chosen = matcher([noMatch] + languages)
        return chosen.first == noMatch ? [] : chosen.filter(languages.contains)
    }

    /// ISO 639-2 `zxx`, "no linguistic content": the entry ``matches(in:by:)`` puts first.
    static let noMatch = "zxx"

    /// Whether a bundle holding only `installed` of a module's `available` localizations shows what the full bundle
    /// shows: both give the same ``localizations(from:)``, the development region standing in when nothing matches.
    public func covers(installed: [String], available: [String], developmentRegion: String) -> Bool {
        if isEveryLocalization { return Set(available).subtracting([LocalizationFolder.base]).isSubset(of: installed) }
        let full = localizations(from: available)
        let partial = localizations(from: installed.filter(available.contains))
        return (full.isEmpty ? [developmentRegion] : full) == (partial.isEmpty ? [developmentRegion] : partial)
    }
}
