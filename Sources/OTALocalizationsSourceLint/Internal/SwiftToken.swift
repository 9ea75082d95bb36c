/// One token of Swift source, as far as the source linter needs to tell tokens apart.
struct SwiftToken {
    enum Kind: Equatable {
        /// A name or keyword (`NSLocalizedString`, `bundle`, `func`, `$0`, `` `default` `` without backticks).
        case identifier
        /// A string literal of any form; ``SwiftToken/interpolations`` holds the code inside `\( … )`.
        case string
        /// One of `( ) [ ] { } , : ; . @ \`.
        case punctuation
        /// A run of operator characters (`??`, `=`, `...`).
        case `operator`
        /// A number, a regex literal or a `#keyword`.
        case other
    }

    var kind: Kind
    /// The token's text; for a string literal, only its content outside interpolations.
    var text: String
    /// 1-based line.
    var line: Int
    /// 1-based column in Unicode scalars.
    var column: Int
    /// For a string literal: each interpolation's tokens, in order.
    var interpolations: [[SwiftToken]] = []
    /// For a string literal: its decoded text between interpolations (escapes resolved, a multi-line literal's
    /// indentation removed), one more than ``interpolations``.
    var segments: [String] = [""]
    /// For a string literal: whether it is written with `"""`.
    var isMultiLine = false

    func isPunctuation(_ value: String) -> Bool { kind == .punctuation && text == value }
    func isIdentifier(_ value: String) -> Bool { kind == .identifier && text == value }

    /// A string literal with no interpolation and nothing but white space (`""`, `" "`, `#""#`): no lookup
    /// can turn it into other text.
    var isBlankStringLiteral: Bool {
        kind == .string && interpolations.isEmpty && text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }
}

extension SwiftToken {
    /// An interpolated string literal with no letter outside its interpolations (`"\(total)"`, `"\(done)/\(all)"`,
    /// `"\(percent)%"`): SwiftUI's key is placeholders and punctuation (`%lld`), which leave nothing to translate.
    var isPlaceholdersOnly: Bool {
        kind == .string && !interpolations.isEmpty
            && segments.allSatisfy { $0.unicodeScalars.allSatisfy { !$0.properties.isAlphabetic } }
    }
}

/// A `//` comment: where it starts and its text after the slashes.
struct SwiftLineComment {
    var line: Int
    var column: Int
    var text: String
}
