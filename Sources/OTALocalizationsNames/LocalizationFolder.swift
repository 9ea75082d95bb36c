/// The folder that holds one localization's tables in a bundle: `<localization>.lproj`, such as `fr.lproj`,
/// `pt-BR.lproj` or `Base.lproj`. A bundle lists every such folder at its root as a localization it offers
/// (docs/apple-platform.md L1, L13).
package enum LocalizationFolder {
    /// The folder suffix, with its dot: `.lproj`, in this letter case.
    package static let suffix = ".lproj"

    /// `Base`: listed among a bundle's localizations but never chosen, since it is not a language
    /// (docs/apple-platform.md L13, F3).
    package static let base = "Base"

    /// The folder name of `localization`: `fr` gives `fr.lproj`.
    package static func name(for localization: String) -> String {
        localization + suffix
    }

    /// The localization a folder name holds (`fr` for `fr.lproj`), or nil unless the name is at least one character
    /// followed by `.lproj` in this letter case.
    package static func localization(ofFolder name: some StringProtocol) -> String? {
        guard name.hasSuffix(suffix), name.count > suffix.count else { return nil }
        return String(name.dropLast(suffix.count))
    }
}
