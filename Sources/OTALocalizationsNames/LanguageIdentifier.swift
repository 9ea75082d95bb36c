/// The one rule for a language identifier the project writes or reads: the manifest's and the index's
/// `developmentRegion`, the `CFBundleDevelopmentRegion` of the packager's configuration, a String Catalog's language
/// keys (each becomes a `<language>.lproj` folder) and the `--languages` a device is told to prefer.
///
/// 1 to ``maximumLength`` ASCII letters, digits, `-` or `_`, starting with a letter: every BCP 47 language tag
/// (`en`, `pt-BR`, `zh-Hans`, `es-419`, `x-private`; RFC 5646, section 2.1: a tag starts with its language subtag,
/// letters only, or with the `x` of a private-use tag), Apple's `ll_RR` form (`fr_CA`) and its legacy names
/// (`English`, docs/apple-platform.md L4). A digit, `-` or `_` first names no language a device can have; anything
/// else could not name a folder safely (`..`, `/`, an empty name). It is a shape, not a registry: whether a user's
/// language ever matches the name is Apple's to decide (docs/apple-platform.md L1–L13).
package enum LanguageIdentifier {
    /// The longest identifier, in bytes.
    package static let maximumLength = 64

    /// Whether `text` is a language identifier by this rule.
    package static func isValid(_ text: some StringProtocol) -> Bool {
        let bytes = text.utf8
        guard (1...maximumLength).contains(bytes.count), let first = bytes.first, IdentifierByte.isLetter(first) else {
            return false
        }
        return bytes.allSatisfy(IdentifierByte.isIdentifierByte)
    }
}
