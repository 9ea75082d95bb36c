extension CatalogReader {
    /// The sentence a catalog error gives for a language `name` that is not a language identifier
    /// (`LanguageIdentifier`): each language of a catalog becomes a `<language>.lproj` folder. Control characters are
    /// shown as `\u{…}` escapes.
    static func languageProblem(_ name: String) -> String {
        let shown = name.unicodeScalars.map { $0.value < 0x20 ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
        return "language \"\(shown)\" is not a language identifier (letters, digits, '-' and '_', starting with a letter, "
            + "e.g. en, pt-BR); it would name the .lproj folder"
    }
}
