/// Pseudo-text: one value rewritten so that a QA build shows, on every screen, which text comes from the tables,
/// where it is cut short and where it would not fit a longer language, while it stays readable.
///
/// The rule, for a value `v` (a `.strings` value, or a `.stringsdict` format key or form):
/// 1. Leading and trailing whitespace (Unicode `White_Space`: spaces, `\n`, tabs, …) is kept as it is, outside the
///    brackets. A value that is empty or only whitespace is returned unchanged.
/// 2. What is between them is split into kept runs and text. Kept runs are copied byte for byte: every format
///    specifier as `String(format:)` reads it (`%@`, `%d`, `%1$@`, `%lld`, `%.2f`, `%*d`, `%%`, `%#@name@`,
///    `%1$#@name@`, and a `%` that starts none, with the character after it), markup tags (`<b>`, `</a>`,
///    `<a href="…">`: a `<` then a letter, `/` or `!`, up to the next `>` on the line), character references (`&amp;`,
///    `&#8230;`, `&#x2026;`), a backslash and the character after it, and URLs (`https://…`, a scheme then `://`, up
///    to the next whitespace).
/// 3. In the text, each ASCII letter becomes its accented look-alike (``accented(_:)``: `a` → `å`, `H` → `Ĥ`, one
///    Unicode scalar each); every other character is kept.
/// 4. `n` is the number of Unicode scalars between the whitespace of step 1 that are not in a format specifier or a
///    markup tag. When none of those `n` scalars is a letter (Unicode `Alphabetic`), the value is returned unchanged:
///    `%@`, `%#@count@`, `%1$@ %2$@`, `(%d)` or `—` has no text to translate, and its arguments are bracketed where
///    they come from.
/// 5. Otherwise the result is the leading whitespace, `[`, the rewritten runs, ``padding`` repeated `⌈n / 3⌉`
///    times, `]`, and the trailing whitespace: about a third longer than the text, plus the two brackets.
///
/// `Hello` gives `[Ĥéļļö··]`; `Delete %@?` gives `[Ðéļéţé %@?···]`; `  %d files\n` gives `  [%d ƒîļéš··]\n`.
/// Accenting makes ASCII letters non-ASCII and every format specifier is ASCII, so the result holds exactly the
/// specifiers of the value, in the same order and byte for byte. A `%` that starts no specifier is kept too, but when
/// it ends the text the padding follows it (`Up 50%` gives `[Ûþ 50%··]`), as a space or a letter may. Thread-safe: a pure
/// function.
public enum PseudoText {
    /// What pads the text: U+00B7 MIDDLE DOT, visible, not a letter, and no Markdown syntax.
    public static let padding: Unicode.Scalar = "\u{B7}"

    /// The pseudo-text of `value` (the rule above).
    public static func transform(_ value: String) -> String {
        let scalars = Array(value.unicodeScalars)
        var start = 0
        var end = scalars.count
        while start < end, scalars[start].properties.isWhitespace { start += 1 }
        while end > start, scalars[end - 1].properties.isWhitespace { end -= 1 }
        guard start < end else { return value }
        let core = Array(scalars[start..<end])
        var body = String.UnicodeScalarView()
        var counted = 0
        var hasLetter = false
        var index = 0
        for run in PseudoTextRuns.keptRuns(core) {
            while index < run.range.lowerBound {
                body.append(accented(core[index]))
                hasLetter = hasLetter || core[index].properties.isAlphabetic
                counted += 1
                index += 1
            }
            body.append(contentsOf: core[run.range])
            if run.isText {
                counted += run.range.count
                hasLetter = hasLetter || core[run.range].contains { $0.properties.isAlphabetic }
            }
            index = run.range.upperBound
        }
        while index < core.count {
            body.append(accented(core[index]))
            hasLetter = hasLetter || core[index].properties.isAlphabetic
            counted += 1
            index += 1
        }
        guard hasLetter else { return value }
        var result = String.UnicodeScalarView(scalars[..<start])
        result.append("[")
        result.append(contentsOf: body)
        result.append(contentsOf: repeatElement(padding, count: (counted + 2) / 3))
        result.append("]")
        result.append(contentsOf: scalars[end...])
        return String(result)
    }

    /// The accented look-alike of an ASCII letter (`A`…`Z` → `ÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ`, `a`…`z` →
    /// `åƀçðéƒĝĥîĵķļṁñöþǫŕšţûṽŵẋýž`, each one precomposed scalar); any other scalar as it is.
    public static func accented(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x41...0x5A: return uppercase[Int(scalar.value - 0x41)]
        case 0x61...0x7A: return lowercase[Int(scalar.value - 0x61)]
        default: return scalar
        }
    }

    private static let uppercase: [Unicode.Scalar] = [
        "\u{C5}", "\u{181}", "\u{C7}", "\u{D0}", "\u{C9}", "\u{191}", "\u{11C}", "\u{124}", "\u{CE}", "\u{134}", "\u{136}",
        "\u{13B}", "\u{1E40}", "\u{D1}", "\u{D6}", "\u{DE}", "\u{1EA}", "\u{154}", "\u{160}", "\u{162}", "\u{DB}", "\u{1E7C}",
        "\u{174}", "\u{1E8A}", "\u{DD}", "\u{17D}",
    ]
    private static let lowercase: [Unicode.Scalar] = [
        "\u{E5}", "\u{180}", "\u{E7}", "\u{F0}", "\u{E9}", "\u{192}", "\u{11D}", "\u{125}", "\u{EE}", "\u{135}", "\u{137}",
        "\u{13C}", "\u{1E41}", "\u{F1}", "\u{F6}", "\u{FE}", "\u{1EB}", "\u{155}", "\u{161}", "\u{163}", "\u{FB}", "\u{1E7D}",
        "\u{175}", "\u{1E8B}", "\u{FD}", "\u{17E}",
    ]
}
