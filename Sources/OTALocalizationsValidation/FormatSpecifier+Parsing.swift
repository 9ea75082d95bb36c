import OTALocalizationsCore
import OTALocalizationsPublishing

extension FormatSpecifier {
    /// Parses every conversion specification in a format string, in the order written.
    ///
    /// Text that starts with `%` but is not a specification Apple's formatter knows (a trailing `%`,
    /// `%K`, an unterminated `%#@name`) is returned in ``ParsedFormat/invalid`` and consumes no argument.
    /// - Parameter string: a format string: a `.strings` value, a `.stringsdict` format or form.
    /// - Returns: the specifiers (including `%%` literals) and the invalid `%` sequences.
    public static func parse(_ string: String) -> ParsedFormat {
        // `String(format:)` knows no named arguments: `%(name)` is no specifier here.
        let scan = FormatTokenizer.scan(string, namedArguments: false)
        return ParsedFormat(
            specifiers: scan.tokens.map(FormatSpecifier.init),
            invalid: scan.unrecognized.map { InvalidSpecifier(text: $0.text, offset: $0.offset) })
    }

    /// The specifier of a token read without named arguments.
    init(_ token: FormatToken) {
        self.init(
            text: token.text, offset: token.offset, position: token.position, flags: token.flags,
            width: token.width.map(Amount.init), precision: token.precision.map(Amount.init),
            lengthModifier: token.lengthModifier.map(LengthModifier.init), conversion: token.conversion,
            variable: token.variable)
    }
}

extension FormatSpecifier.Amount {
    init(_ amount: FormatToken.Amount) {
        switch amount {
        case .fixed(let count): self = .fixed(count)
        case .argument(let position): self = .argument(position: position)
        }
    }
}

// Validation's public enums and Core's have the same cases with the same raw values (FormatTokenTests checks it).

extension FormatSpecifier.LengthModifier {
    init(_ modifier: FormatToken.LengthModifier) {
        self.init(rawValue: modifier.rawValue)!
    }
}

extension FormatSpecifier.ArgumentType {
    init(_ kind: FormatToken.ArgumentKind) {
        self.init(rawValue: kind.rawValue)!
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
