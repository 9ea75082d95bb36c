/// A forgiving Swift tokenizer: enough of the language (The Swift Programming Language, "Lexical Structure")
/// to tell code from string literals, comments and regex literals, and never fails.
///
/// It knows single-line, multi-line (`"""`) and raw (`#"…"#`, any number of `#`) string literals with their
/// escapes and nested `\( … )` interpolations; `//` and nested `/* /* */ */` comments; `#/…/#` and bare `/…/`
/// regex literals; back-quoted names. Malformed input (an unterminated string or comment) ends the token at
/// the end of its line or of the text, so one typo cannot hide the rest of a file.
struct SwiftLexer {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var column = 1
    /// Every `//` comment seen, including those inside interpolations.
    private(set) var lineComments: [SwiftLineComment] = []

    init(_ source: String) {
        scalars = Array(source.unicodeScalars)
    }

    /// Tokenizes the whole text.
    mutating func tokenize() -> [SwiftToken] {
        tokens(untilUnbalancedParenthesis: false)
    }

    // MARK: Cursor

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let position = index + offset
        return position < scalars.count ? scalars[position] : nil
    }

    private mutating func advance() {
        let scalar = scalars[index]
        index += 1
        if scalar == "\n" || (scalar == "\r" && peek() != "\n") {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }

    private mutating func advance(_ count: Int) {
        for _ in 0..<count where index < scalars.count { advance() }
    }

    /// Whether `count` copies of `#` start at `offset` from the cursor.
    private func pounds(_ count: Int, at offset: Int) -> Bool {
        (0..<count).allSatisfy { peek(offset + $0) == "#" }
    }

    private func countPounds(at offset: Int) -> Int {
        var count = 0
        while peek(offset + count) == "#" { count += 1 }
        return count
    }

    // MARK: Tokens

    /// Tokens up to the end of text, or (inside an interpolation) up to and including the `)` that closes it.
    private mutating func tokens(untilUnbalancedParenthesis: Bool) -> [SwiftToken] {
        var result: [SwiftToken] = []
        var depth = 0
        while let scalar = peek() {
            let startLine = line
            let startColumn = column
            func token(_ kind: SwiftToken.Kind, _ text: String) -> SwiftToken {
                SwiftToken(kind: kind, text: text, line: startLine, column: startColumn)
            }
            switch scalar {
            case " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\0":
                advance()
            case "/" where peek(1) == "/":
                lineComment()
            case "/" where peek(1) == "*":
                blockComment()
            case "\"":
                result.append(stringLiteral(pounds: 0, line: startLine, column: startColumn))
            case "#":
                result.append(poundToken(line: startLine, column: startColumn))
            case "/" where bareRegexStarts(after: result.last):
                regexLiteral(pounds: 0)
                result.append(token(.other, "/"))
            case "`":
                result.append(token(.identifier, backQuotedName()))
            case "(", "[", "{":
                advance()
                if scalar == "(" { depth += 1 }
                result.append(token(.punctuation, String(scalar)))
            case ")", "]", "}":
                advance()
                if scalar == ")" {
                    if untilUnbalancedParenthesis, depth == 0 { return result }
                    depth -= 1
                }
                result.append(token(.punctuation, String(scalar)))
            case ",", ":", ";", "@", "\\":
                advance()
                result.append(token(.punctuation, String(scalar)))
            case "." where peek(1) != ".":
                advance()
                result.append(token(.punctuation, "."))
            case _ where Self.isOperator(scalar):
                result.append(token(.operator, operatorText()))
            case "0"..."9":
                result.append(token(.other, numberText()))
            case _ where Self.isIdentifierBody(scalar):
                result.append(token(.identifier, identifierText()))
            default:
                advance()
                result.append(token(.other, String(scalar)))
            }
        }
        return result
    }

    /// What a `#` at the cursor starts: a raw string literal (`#"…"#`), a `#/…/#` regex literal (a token `#/`), or
    /// a `#keyword` (`#if`, `#selector`).
    private mutating func poundToken(line startLine: Int, column startColumn: Int) -> SwiftToken {
        let count = countPounds(at: 0)
        if peek(count) == "\"" {
            return stringLiteral(pounds: count, line: startLine, column: startColumn)
        }
        let text: String
        if peek(count) == "/" {
            regexLiteral(pounds: count)
            text = "#/"
        } else {
            advance()
            text = "#" + identifierText()
        }
        return SwiftToken(kind: .other, text: text, line: startLine, column: startColumn)
    }

    /// A back-quoted name at the cursor (`` `default` ``), without its back quotes; it ends at the line's end when
    /// unterminated.
    private mutating func backQuotedName() -> String {
        advance()
        var name = ""
        while let next = peek(), next != "`", next != "\n" {
            name.unicodeScalars.append(next)
            advance()
        }
        if peek() == "`" { advance() }
        return name
    }

    /// A run of operator characters at the cursor (`??`, `..<`).
    private mutating func operatorText() -> String {
        let first = peek()
        var text = ""
        while let next = peek(), Self.isOperator(next) {
            // A comment may follow an operator without a space (`a+// note`); a dot belongs to an
            // operator only when the operator starts with one (`..<`, but `?` `.` in `a?.b`).
            if next == "/", peek(1) == "/" || peek(1) == "*", !text.isEmpty { break }
            if next == ".", first != "." { break }
            text.unicodeScalars.append(next)
            advance()
        }
        return text
    }

    /// A number literal at the cursor (`42`, `1.5e3`, `0x1F`, `1_000`).
    private mutating func numberText() -> String {
        var text = ""
        while let next = peek(),
              Self.isIdentifierBody(next) || (next == "." && peek(1).map { ("0"..."9").contains($0) } == true) {
            text.unicodeScalars.append(next)
            advance()
        }
        return text
    }

    private mutating func identifierText() -> String {
        var text = ""
        while let next = peek(), Self.isIdentifierBody(next) {
            text.unicodeScalars.append(next)
            advance()
        }
        return text
    }

    private static func isIdentifierBody(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "$": return true
        default: return scalar.value > 0x7F && !scalar.properties.isWhitespace
        }
    }

    private static func isOperator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "/", "=", "-", "+", "!", "*", "%", "<", ">", "&", "|", "^", "~", "?", ".": return true
        default: return false
        }
    }

    // MARK: Comments

    private mutating func lineComment() {
        let startLine = line
        let startColumn = column
        advance(2)
        var text = ""
        while let next = peek(), next != "\n", next != "\r" {
            text.unicodeScalars.append(next)
            advance()
        }
        lineComments.append(SwiftLineComment(line: startLine, column: startColumn, text: text))
    }

    private mutating func blockComment() {
        advance(2)
        var depth = 1
        while peek() != nil, depth > 0 {
            if peek() == "/", peek(1) == "*" {
                depth += 1
                advance(2)
            } else if peek() == "*", peek(1) == "/" {
                depth -= 1
                advance(2)
            } else {
                advance()
            }
        }
    }

    // MARK: Literals

    /// A string literal starting at the cursor (on its first `#` or `"`), with its decoded text
    /// (``SwiftToken/segments``: escapes resolved, a multi-line literal's indentation and delimiting line breaks
    /// removed, as The Swift Programming Language, "String Literals" and "Multiline String Literals", describes).
    private mutating func stringLiteral(pounds: Int, line startLine: Int, column startColumn: Int) -> SwiftToken {
        var literal = SwiftToken(kind: .string, text: "", line: startLine, column: startColumn)
        var pieces: [StringLiteralPiece] = []
        advance(pounds)
        let multiLine = peek() == "\"" && peek(1) == "\"" && peek(2) == "\""
        literal.isMultiLine = multiLine
        advance(multiLine ? 3 : 1)
        func finished() -> SwiftToken {
            var token = literal
            token.segments = StringLiteralPiece.segments(of: pieces, multiLine: multiLine)
            return token
        }
        while let scalar = peek() {
            if scalar == "\\", self.pounds(pounds, at: 1) {
                advance(1 + pounds)
                if peek() == "(" {
                    advance()
                    literal.interpolations.append(tokens(untilUnbalancedParenthesis: true))
                    pieces.append(.interpolation)
                } else if multiLine, let next = peek(), next == " " || next == "\t" || next == "\n" || next == "\r" {
                    skipLineContinuation()
                    pieces.append(.lineContinuation)
                } else if let escaped = peek() {
                    // The escaped character (`\"`, `\\`, `\n`, the `u` of `\u{…}`) is content, never a delimiter.
                    literal.text.unicodeScalars.append(escaped)
                    advance()
                    pieces.append(.escaped(escapeValue(escaped)))
                }
                continue
            }
            if multiLine {
                if scalar == "\"", peek(1) == "\"", peek(2) == "\"", self.pounds(pounds, at: 3) {
                    advance(3 + pounds)
                    return finished()
                }
            } else {
                if scalar == "\"", self.pounds(pounds, at: 1) {
                    advance(1 + pounds)
                    return finished()
                }
                // An unterminated single-line literal ends with its line.
                if scalar == "\n" || scalar == "\r" { return finished() }
            }
            literal.text.unicodeScalars.append(scalar)
            pieces.append(.source(scalar))
            advance()
        }
        return finished()
    }

    /// The character an escape stands for, with the cursor after the escaped character; `\u{…}` reads its digits
    /// and brace too. An unknown escape (a compile error in Swift) stands for its character.
    private mutating func escapeValue(_ escaped: Unicode.Scalar) -> Unicode.Scalar {
        switch escaped {
        case "0": return "\0"
        case "t": return "\t"
        case "n": return "\n"
        case "r": return "\r"
        case "u" where peek() == "{":
            var digits = ""
            var offset = 1
            while let next = peek(offset), next != "}", next != "\n", digits.count < 8 {
                digits.unicodeScalars.append(next)
                offset += 1
            }
            guard peek(offset) == "}", let value = UInt32(digits, radix: 16), let decoded = Unicode.Scalar(value) else {
                return escaped
            }
            advance(offset + 1)
            return decoded
        default: return escaped
        }
    }

    /// Skips a multi-line literal's line continuation: a backslash, optional spaces or tabs, and the line break.
    private mutating func skipLineContinuation() {
        while let next = peek(), next == " " || next == "\t" { advance() }
        if peek() == "\r" { advance() }
        if peek() == "\n" { advance() }
    }

    /// Whether a `/` at the cursor opens a bare regex literal (`/[a-z]+/`) rather than being division.
    ///
    /// As Swift's parser does: only where an expression can start (not after a value), not before white space,
    /// and only when a closing `/` follows on the same line.
    private func bareRegexStarts(after previous: SwiftToken?) -> Bool {
        if let previous {
            switch previous.kind {
            case .identifier:
                let keywords: Set<String> = ["return", "case", "in", "where", "if", "guard", "while", "throw",
                                             "try", "await", "else", "let", "var", "some", "any", "is", "as"]
                guard keywords.contains(previous.text) else { return false }
            case .string, .other:
                return false
            case .punctuation:
                if [")", "]", "}"].contains(previous.text) { return false }
            case .operator:
                break
            }
        }
        guard let next = peek(1), !next.properties.isWhitespace, next != "/" else { return false }
        var offset = 1
        while let scalar = peek(offset), scalar != "\n", scalar != "\r" {
            if scalar == "\\" {
                offset += 2
                continue
            }
            if scalar == "/" { return !(peek(offset - 1)?.properties.isWhitespace ?? true) }
            offset += 1
        }
        return false
    }

    /// Skips a regex literal starting at the cursor: `/…/` on one line, or `#/…/#` (which may span lines).
    private mutating func regexLiteral(pounds: Int) {
        advance(pounds + 1)
        while let scalar = peek() {
            if scalar == "\\" {
                advance(2)
                continue
            }
            if scalar == "/", self.pounds(pounds, at: 1) {
                advance(1 + pounds)
                return
            }
            if pounds == 0, scalar == "\n" || scalar == "\r" { return }
            advance()
        }
    }
}
