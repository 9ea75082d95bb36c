/// Finds the `%` signs of natural-language text that the printf grammar reads as conversions although the writer
/// meant a literal percent sign: "not 100% guaranteed" holds `% g` (a double), "30% sobre" holds `% s` (a C
/// string), "% publicacions" holds `% p` (a pointer), "100%-osan" holds `%-o` (an octal `int`).
///
/// A specifier is such a literal when all of these hold (docs/validation.md, "Literal percent signs"):
/// 1. it is not positional (`%n$`), not a `%#@name@` variable, and has no width, precision or length modifier;
/// 2. its flags are one or more of space and `-`, and nothing else;
/// 3. its conversion is a letter;
/// 4. the character right after the conversion is a letter, so the conversion letter starts a word.
///
/// A deliberate space- or `-`-flagged conversion directly followed by a letter (`% dpx`) is taken for a literal
/// too; the documentation lists that as the known false positive.
enum LiteralPercent {
    /// The ``DiagnosticSink/causes`` entry of a development value's literal percent sign and of a translation's whose
    /// only difference is its own literal: the translation's is then counted in the development value's finding.
    static let cause = "literal-percent"

    /// The specifiers of `parsed` (parsed from `text`) that are literal percent signs, in order.
    static func specifiers(in parsed: ParsedFormat, of text: String) -> [FormatSpecifier] {
        var candidates: [FormatSpecifier] = []
        for specifier in parsed.specifiers where looksLiteral(specifier) {
            candidates.append(specifier)
        }
        guard !candidates.isEmpty else { return [] }
        let scalars = Array(text.unicodeScalars)
        return candidates.filter { specifier in
            let after = specifier.offset + specifier.text.unicodeScalars.count
            return after < scalars.count && scalars[after].properties.isAlphabetic
        }
    }

    /// `parsed` without the literal percent signs `literals` (compared by offset).
    static func removing(_ literals: [FormatSpecifier], from parsed: ParsedFormat) -> ParsedFormat {
        guard !literals.isEmpty else { return parsed }
        let offsets = Set(literals.map(\.offset))
        return ParsedFormat(specifiers: parsed.specifiers.filter { !offsets.contains($0.offset) }, invalid: parsed.invalid)
    }

    /// Conditions 1–3, which need only the specifier.
    private static func looksLiteral(_ specifier: FormatSpecifier) -> Bool {
        guard specifier.position == nil, specifier.variable == nil, specifier.width == nil,
              specifier.precision == nil, specifier.lengthModifier == nil, !specifier.flags.isEmpty,
              specifier.flags.allSatisfy({ $0 == " " || $0 == "-" }) else { return false }
        return specifier.conversion.isLetter
    }
}
