/// One printf-style conversion in a localized string (`%@`, `%lld`, `%2$d`, `%(count)lld`), as Foundation's
/// `String(format:)` reads them (Apple: "String Format Specifiers"; IEEE Std 1003.1 `printf`).
///
/// `%%` is a literal percent sign, not a specifier. Xcode 26's named arguments (`%(name)lld`,
/// `%1$(name)lld`) carry a name between the precision and the length modifier.
struct CatalogFormatToken: Sendable, Equatable {
    /// Range of the whole specifier in the string's Unicode scalars.
    var range: Range<Int>
    /// The explicit argument position (`%2$d` → 2), or nil.
    var position: Int?
    /// The argument name (`%(count)lld` → `count`), or nil.
    var name: String?
    /// Flags, width and precision as written (`-08.2`), without position or name.
    var flagsAndWidth: String
    /// The length modifier (`ll`, `l`, `h`, `hh`, `q`, `z`, `t`, `j`, `L`), possibly empty.
    var lengthModifier: String
    /// The conversion character (`d`, `@`, `f`, …).
    var conversion: Unicode.Scalar

    /// The `NSStringFormatValueTypeKey` this specifier stands for: length modifier + conversion (`lld`).
    var valueType: String { lengthModifier + String(conversion) }

    /// Whether the conversion takes a number (integers and floating point), the kinds a plural can select on.
    var isNumeric: Bool { "dDiuUxXoOfFeEgGaA".unicodeScalars.contains(conversion) }

    /// The specifier written out with `position` and without a name (`%2$lld`).
    func written(position: Int?) -> String {
        var text = "%"
        if let position { text += "\(position)$" }
        return text + flagsAndWidth + lengthModifier + String(conversion)
    }

    static let conversions = "@dDiuUxXoOfFeEgGcCsSpaA".unicodeScalars
    static let lengthModifiers = ["hh", "ll", "h", "l", "q", "z", "t", "j", "L"]

    /// Every specifier in `text`, in order; `%%` and malformed `%` sequences are skipped.
    static func scan(_ text: String) -> [CatalogFormatToken] {
        let scalars = Array(text.unicodeScalars)
        var found: [CatalogFormatToken] = []
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else {
                index += 1
                continue
            }
            if index + 1 < scalars.count, scalars[index + 1] == "%" {
                index += 2
                continue
            }
            if let specifier = parse(scalars, at: index) {
                found.append(specifier)
                index = specifier.range.upperBound
            } else {
                index += 1
            }
        }
        return found
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private static func parse(_ scalars: [Unicode.Scalar], at start: Int) -> CatalogFormatToken? {
        var index = start + 1
        // Position: digits followed by '$'.
        var position: Int?
        var lookahead = index
        while lookahead < scalars.count, isDigit(scalars[lookahead]) { lookahead += 1 }
        if lookahead > index, lookahead < scalars.count, scalars[lookahead] == "$" {
            position = Int(String(String.UnicodeScalarView(scalars[index..<lookahead])))
            index = lookahead + 1
        }
        var flags = String.UnicodeScalarView()
        while index < scalars.count, "-+ #0'".unicodeScalars.contains(scalars[index]) {
            flags.append(scalars[index])
            index += 1
        }
        while index < scalars.count, isDigit(scalars[index]) || scalars[index] == "*" {
            flags.append(scalars[index])
            index += 1
        }
        if index < scalars.count, scalars[index] == "." {
            flags.append(scalars[index])
            index += 1
            while index < scalars.count, isDigit(scalars[index]) || scalars[index] == "*" {
                flags.append(scalars[index])
                index += 1
            }
        }
        var name: String?
        if index < scalars.count, scalars[index] == "(" {
            var close = index + 1
            while close < scalars.count, scalars[close] != ")" { close += 1 }
            guard close < scalars.count else { return nil }
            name = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
            index = close + 1
        }
        var lengthModifier = ""
        for modifier in lengthModifiers {
            let modifierScalars = Array(modifier.unicodeScalars)
            if index + modifierScalars.count <= scalars.count, Array(scalars[index..<(index + modifierScalars.count)]) == modifierScalars {
                lengthModifier = modifier
                index += modifierScalars.count
                break
            }
        }
        guard index < scalars.count, conversions.contains(scalars[index]) else { return nil }
        return CatalogFormatToken(
            range: start..<(index + 1), position: position, name: name, flagsAndWidth: String(flags),
            lengthModifier: lengthModifier, conversion: scalars[index])
    }

    /// `text` with each specifier replaced by `replacement(specifier)` (nil keeps it as written).
    static func rewrite(_ text: String, _ replacement: (CatalogFormatToken) -> String?) -> String {
        let specifiers = scan(text)
        guard !specifiers.isEmpty else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var cursor = 0
        for specifier in specifiers {
            result.append(contentsOf: scalars[cursor..<specifier.range.lowerBound])
            if let written = replacement(specifier) {
                result.append(contentsOf: written.unicodeScalars)
            } else {
                result.append(contentsOf: scalars[specifier.range])
            }
            cursor = specifier.range.upperBound
        }
        result.append(contentsOf: scalars[cursor...])
        return String(result)
    }

    /// `text` with argument names compiled away: `%(count)lld` → `%lld`, `%1$(limit)lld` → `%1$lld`
    /// (Xcode 26+ named arguments; docs/string-catalogs.md, "Named arguments").
    static func removingNames(_ text: String) -> String {
        guard text.unicodeScalars.contains("(") else { return text }
        return rewrite(text) { specifier in
            specifier.name == nil ? nil : specifier.written(position: specifier.position)
        }
    }
}
