import OTALocalizationsPublishing

/// The runs of a value that ``PseudoText`` copies as they are (its rule, step 2), found in one pass over the scalars.
enum PseudoTextRuns {
    /// A kept run: scalar offsets into the value, and whether it counts as text for the padding (URLs, references
    /// and escapes do; format specifiers and markup tags do not).
    struct Run: Equatable {
        var range: Range<Int>
        var isText: Bool
    }

    /// The kept runs of `scalars`, in order and not overlapping. A markup tag or URL that holds a format specifier
    /// (`<a href="%@">`) is kept whole, specifier included.
    static func keptRuns(_ scalars: [Unicode.Scalar]) -> [Run] {
        // Format strings read without named arguments, as `String(format:)` and the validator read them.
        let scan = FormatTokenizer.scan(String(String.UnicodeScalarView(scalars)), namedArguments: false)
        var specifiers: [Int: Int] = [:]
        for token in scan.tokens { specifiers[token.offset] = token.offset + token.text.unicodeScalars.count }
        for sequence in scan.unrecognized {
            specifiers[sequence.offset] = sequence.offset + sequence.text.unicodeScalars.count
        }
        var runs: [Run] = []
        var index = 0
        while index < scalars.count {
            if let end = specifiers[index] {
                runs.append(Run(range: index..<end, isText: false))
                index = end
            } else if let end = tagEnd(scalars, at: index) {
                runs.append(Run(range: index..<end, isText: false))
                index = end
            } else if let end = referenceEnd(scalars, at: index) ?? escapeEnd(scalars, at: index) ?? urlEnd(scalars, at: index) {
                runs.append(Run(range: index..<end, isText: true))
                index = end
            } else {
                index += 1
            }
        }
        return runs
    }

    /// The end of a markup tag at `index`: `<`, then an ASCII letter, `/` or `!`, up to the next `>` with no `<` or line
    /// break before it.
    private static func tagEnd(_ scalars: [Unicode.Scalar], at index: Int) -> Int? {
        guard scalars[index] == "<", index + 1 < scalars.count,
              isASCIILetter(scalars[index + 1]) || scalars[index + 1] == "/" || scalars[index + 1] == "!" else { return nil }
        var end = index + 1
        while end < scalars.count {
            switch scalars[end] {
            case ">": return end + 1
            case "<", "\n", "\r": return nil
            default: end += 1
            }
        }
        return nil
    }

    /// The end of a character reference at `index`: `&name;`, `&#digits;` or `&#xhex;`, at most 32 scalars.
    private static func referenceEnd(_ scalars: [Unicode.Scalar], at index: Int) -> Int? {
        guard scalars[index] == "&" else { return nil }
        var end = index + 1
        let numeric = end < scalars.count && scalars[end] == "#"
        if numeric { end += 1 }
        let hex = numeric && end < scalars.count && (scalars[end] == "x" || scalars[end] == "X")
        if hex { end += 1 }
        let first = end
        while end < scalars.count, end - index < 32 {
            let scalar = scalars[end]
            let fits = hex ? scalar.properties.isASCIIHexDigit
                : numeric ? ("0"..."9").contains(scalar) : isASCIILetter(scalar) || ("0"..."9").contains(scalar)
            guard fits else { break }
            end += 1
        }
        guard end > first, end < scalars.count, scalars[end] == ";" else { return nil }
        return end + 1
    }

    /// The end of a backslash and the scalar after it, at `index`.
    private static func escapeEnd(_ scalars: [Unicode.Scalar], at index: Int) -> Int? {
        scalars[index] == "\\" && index + 1 < scalars.count ? index + 2 : nil
    }

    /// The end of a URL starting at `index`: a scheme (an ASCII letter, then letters, digits, `+`, `-` or `.`) not
    /// preceded by a letter or digit, `://`, and everything up to the next whitespace.
    private static func urlEnd(_ scalars: [Unicode.Scalar], at index: Int) -> Int? {
        guard isASCIILetter(scalars[index]),
              index == 0 || !(isASCIILetter(scalars[index - 1]) || ("0"..."9").contains(scalars[index - 1])) else { return nil }
        var end = index + 1
        while end < scalars.count, isASCIILetter(scalars[end]) || ("0"..."9").contains(scalars[end]) || "+-.".unicodeScalars.contains(scalars[end]) {
            end += 1
        }
        guard end + 3 <= scalars.count, scalars[end] == ":", scalars[end + 1] == "/", scalars[end + 2] == "/" else { return nil }
        end += 3
        while end < scalars.count, !scalars[end].properties.isWhitespace { end += 1 }
        return end
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}
