import OTALocalizationsCore
import OTALocalizationsPublishing

/// The printf-style specifiers of String Catalog text, read by Core's ``FormatTokenizer`` with Xcode 26's named
/// arguments (`%(count)lld`, `%1$(limit)lld`), and the rewrites the compiler makes with them.
enum CatalogFormat {
    /// Every specifier in `text`, in order, `%#@name@` variables included; `%%` and `%` sequences that start no
    /// specifier are left out.
    static func specifiers(_ text: String) -> [FormatToken] {
        FormatTokenizer.scan(text, namedArguments: true).tokens.filter { !$0.isLiteralPercent }
    }

    /// `text` with each specifier replaced by `replacement(specifier)` (nil keeps it as written).
    static func rewrite(_ text: String, _ replacement: (FormatToken) -> String?) -> String {
        let specifiers = specifiers(text)
        guard !specifiers.isEmpty else { return text }
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var cursor = 0
        for specifier in specifiers {
            result.append(contentsOf: bytes[cursor..<specifier.utf8Range.lowerBound])
            result.append(contentsOf: (replacement(specifier) ?? specifier.text).utf8)
            cursor = specifier.utf8Range.upperBound
        }
        result.append(contentsOf: bytes[cursor...])
        // Cuts fall before a `%` and after an ASCII conversion or `@`, so every piece is whole UTF-8.
        return String(decoding: result, as: UTF8.self)
    }

    /// `text` with every occurrence of `target` replaced by `replacement`, left to right and without overlaps, comparing
    /// characters as `String ==` does: what `replacing(_:with:)` does, which needs iOS 16 / macOS 13.
    static func replacing(_ target: String, with replacement: String, in text: String) -> String {
        guard !target.isEmpty else { return text }
        let length = target.count
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            if text[index...].hasPrefix(target) {
                result += replacement
                index = text.index(index, offsetBy: length)
            } else {
                result.append(text[index])
                index = text.index(after: index)
            }
        }
        return result
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

extension FormatToken {
    /// The `NSStringFormatValueTypeKey` this specifier stands for: length modifier + conversion (`lld`).
    var valueType: String { (lengthModifier?.rawValue ?? "") + String(conversion) }

    /// Whether the conversion takes a number (integers and floating point), the kinds a plural can select on.
    var isNumeric: Bool { "dDiuUxXoOfFeEgGaA".contains(conversion) }

    /// The specifier written out with `position` and without a name (`%2$lld`).
    func written(position: Int?) -> String {
        var text = "%"
        if let position { text += "\(position)$" }
        return text + flagsWidthAndPrecision + (lengthModifier?.rawValue ?? "") + String(conversion)
    }
}
