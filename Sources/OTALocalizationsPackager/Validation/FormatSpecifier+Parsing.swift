extension FormatSpecifier {
    /// Parses every conversion specification in a format string, in the order written.
    ///
    /// Text that starts with `%` but is not a specification Apple's formatter knows (a trailing `%`,
    /// `%K`, an unterminated `%#@name`) is returned in ``ParsedFormat/invalid`` and consumes no argument.
    /// - Parameter string: a format string: a `.strings` value, a `.stringsdict` format or form.
    /// - Returns: the specifiers (including `%%` literals) and the invalid `%` sequences.
    public static func parse(_ string: String) -> ParsedFormat {
        var result = ParsedFormat(specifiers: [], invalid: [])
        // Most values have no `%` at all: answer without building the scalar array.
        guard string.utf8.contains(UInt8(ascii: "%")) else { return result }
        let scalars = Array(string.unicodeScalars)
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else {
                index += 1
                continue
            }
            if let (specifier, end) = scanSpecifier(scalars, at: index) {
                result.specifiers.append(specifier)
                index = end
            } else {
                let end = min(index + 2, scalars.count)
                result.invalid.append(InvalidSpecifier(text: text(scalars, index, end), offset: index))
                index += 1
            }
        }
        return result
    }

    private static func text(_ scalars: [Unicode.Scalar], _ start: Int, _ end: Int) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[start..<end])
        return String(view)
    }

    private static func scanNumber(_ scalars: [Unicode.Scalar], _ index: inout Int) -> Int? {
        var value = 0
        var digits = 0
        while index < scalars.count, (48...57).contains(scalars[index].value) {
            value = value &* 10 &+ Int(scalars[index].value - 48)
            digits += 1
            index += 1
            if value > 1_000_000 { return nil }
        }
        return digits > 0 ? value : nil
    }

    /// `*` or `*m$`; `index` is on the `*`.
    private static func scanStar(_ scalars: [Unicode.Scalar], _ index: inout Int) -> Amount? {
        index += 1
        var probe = index
        if let position = scanNumber(scalars, &probe), probe < scalars.count, scalars[probe] == "$" {
            guard position > 0 else { return nil }
            index = probe + 1
            return .argument(position: position)
        }
        return .argument(position: nil)
    }

    private static func scanSpecifier(_ scalars: [Unicode.Scalar], at start: Int) -> (FormatSpecifier, Int)? {
        var index = start + 1
        guard index < scalars.count else { return nil }
        if scalars[index] == "%" {
            return (FormatSpecifier(text: "%%", offset: start, conversion: "%"), index + 1)
        }
        var position: Int?
        var probe = index
        if let number = scanNumber(scalars, &probe), probe < scalars.count, scalars[probe] == "$" {
            guard number > 0 else { return nil }
            position = number
            index = probe + 1
        }
        // `.stringsdict` variable: %#@name@ or %n$#@name@.
        if index + 1 < scalars.count, scalars[index] == "#", scalars[index + 1] == "@" {
            var end = index + 2
            while end < scalars.count, scalars[end] != "@", scalars[end] != "%",
                  !scalars[end].properties.isWhitespace {
                end += 1
            }
            guard end < scalars.count, scalars[end] == "@", end > index + 2 else { return nil }
            let name = text(scalars, index + 2, end)
            let specifier = FormatSpecifier(
                text: text(scalars, start, end + 1), offset: start, position: position, flags: "#",
                conversion: "@", variable: name)
            return (specifier, end + 1)
        }
        var flags = ""
        while index < scalars.count, "-+ #0'".unicodeScalars.contains(scalars[index]) {
            flags.unicodeScalars.append(scalars[index])
            index += 1
        }
        var width: Amount?
        if index < scalars.count, scalars[index] == "*" {
            guard let amount = scanStar(scalars, &index) else { return nil }
            width = amount
        } else if let number = scanNumber(scalars, &index) {
            width = .fixed(number)
        }
        var precision: Amount?
        if index < scalars.count, scalars[index] == "." {
            index += 1
            if index < scalars.count, scalars[index] == "*" {
                guard let amount = scanStar(scalars, &index) else { return nil }
                precision = amount
            } else {
                precision = .fixed(scanNumber(scalars, &index) ?? 0)
            }
        }
        var length: LengthModifier?
        if index < scalars.count {
            let next = index + 1 < scalars.count ? scalars[index + 1] : " "
            switch scalars[index] {
            case "h" where next == "h": length = .hh; index += 2
            case "l" where next == "l": length = .ll; index += 2
            case "h": length = .h; index += 1
            case "l": length = .l; index += 1
            case "q": length = .q; index += 1
            case "L": length = .L; index += 1
            case "z": length = .z; index += 1
            case "t": length = .t; index += 1
            case "j": length = .j; index += 1
            default: break
            }
        }
        guard index < scalars.count else { return nil }
        let conversion = Character(scalars[index])
        guard argumentType(conversion: conversion, length: length) != nil else { return nil }
        let specifier = FormatSpecifier(
            text: text(scalars, start, index + 1), offset: start, position: position, flags: flags,
            width: width, precision: precision, lengthModifier: length, conversion: conversion)
        return (specifier, index + 1)
    }
}

/// The result of ``FormatSpecifier/parse(_:)``: the specifiers of one format string.
public struct ParsedFormat: Sendable, Equatable {
    /// Every specifier in the order written, `%%` literals and `%#@name@` variables included.
    public var specifiers: [FormatSpecifier]
    /// `%` sequences that are not specifiers; they consume no argument.
    public var invalid: [InvalidSpecifier]

    /// The specifiers that consume arguments or name a variable (everything except `%%`).
    public var arguments: [FormatSpecifier] { specifiers.filter { !$0.isLiteralPercent } }

    /// The `%#@name@` variables, in the order written.
    public var variables: [String] { specifiers.compactMap(\.variable) }
}

/// A `%` that does not start a specifier Apple's formatter knows.
public struct InvalidSpecifier: Sendable, Equatable {
    /// The `%` and the character after it (when there is one).
    public var text: String
    /// Offset of the `%` in Unicode scalars (0-based).
    public var offset: Int
}
