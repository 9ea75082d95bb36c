/// The rule for a catalog's language keys, which become `<language>.lproj` folder names.
///
/// A language identifier (BCP 47 or Apple's `ll_RR` form, e.g. `en`, `pt-BR`, `zh-Hant`, `sr-Latn`) uses ASCII
/// letters, digits, `-` and `_` only. Anything else could not name a folder safely (`..`, `/`, an empty name)
/// and no user's language would ever match it.
package enum LanguageName {
    package static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 64,
              ("a"..."z").contains(first) || ("A"..."Z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
    }

    package static func problem(_ name: String) -> String {
        let shown = name.unicodeScalars.map { $0.value < 0x20 ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
        return "language \"\(shown)\" is not a language identifier (letters, digits, '-' and '_', starting with a letter, "
            + "e.g. en, pt-BR); it would name the .lproj folder"
    }
}
