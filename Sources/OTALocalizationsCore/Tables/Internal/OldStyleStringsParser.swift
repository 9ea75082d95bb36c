import Foundation

/// The old-style (OpenStep) `"key" = "value";` grammar of `.strings` text, as CF's `CFOldStylePList.c` reads it.
///
/// Rules taken from CF (`advanceToNonSpace`, `getSlashedChar`, `parseQuotedPlistString`,
/// `parsePlistDictContent`, `__CFCreateOldStylePropertyListOrStringsFile`):
/// - whitespace is U+0009-U+000D, space, U+2028, U+2029; `//` runs to the end of the line, `/* */` nests not;
/// - strings are quoted with `"` or `'`, or unquoted from `[A-Za-z0-9_$/:.-]`;
/// - escapes: `\a \b \f \n \r \t \v \"`, backslash-newline, `\U` with up to 4 hex digits (UTF-16 units,
///   so surrogate pairs combine and a lone surrogate reads U+FFFD), octal with up to 3 digits (a byte in
///   NeXTSTEP Latin), anything else is itself (`\\`, `\'`, and also `\u`, which CF does not know: `\u00e9`
///   reads `u00e9`);
/// - `"key";` means value = key; the whole file may also be wrapped in `{ }`.
/// Deliberate differences, both stricter: CF lets an unterminated `/*` swallow the rest of the file, and stops
/// reading (successfully) at the first character after a `;` that cannot start a key (`"a" = "b"; @junk` reads
/// as one entry); here both are errors.
struct OldStyleStringsParser {
    private let text: [Unicode.Scalar]
    private let path: String
    private var index = 0
    private let locator: TextLocator
    /// Collects the text of one key or value at a time; empty between them until a parse throws.
    private var builder = UTF8StringBuilder()

    init(text: [Unicode.Scalar], path: String) {
        self.text = text
        self.path = path
        self.locator = TextLocator(scalars: text, lineBreaks: .lineFeedOrCarriageReturn)
    }

    /// Parses the whole text into entries in file order.
    mutating func parse() throws(TableError) -> [StringsTable.Entry] {
        try skipSpace()
        guard let first = peek() else { return [] }
        if first == "{" {
            index += 1
            let entries = try parseEntries(braced: true)
            try skipSpace()
            if let junk = peek() {
                throw error(at: index, "expected end of file after the closing '}', found \(describeCharacter(junk))")
            }
            return entries
        }
        if first == "(" || first == "<" {
            let kind = first == "(" ? "an array" : "data"
            throw TableError(
                code: .structure,
                reason: "the file is an old-style property list holding \(kind), not a table of \"key\" = \"value\"; entries",
                path: path, line: location(index).line, column: location(index).column)
        }
        if Self.isStringStart(first) {
            // CF first reads one object; a lone string with nothing after it is not a table.
            let start = index
            let (key, _) = try parseString()
            try skipSpace()
            if peek() == nil {
                throw TableError(
                    code: .structure,
                    reason: "the file holds the single string \(Self.quote(key)), not a table of \"key\" = \"value\"; entries",
                    path: path, line: location(start).line, column: location(start).column)
            }
            index = start
        }
        return try parseEntries(braced: false)
    }

    // MARK: Grammar

    private mutating func parseEntries(braced: Bool) throws(TableError) -> [StringsTable.Entry] {
        var entries: [StringsTable.Entry] = []
        while true {
            try skipSpace()
            guard let scalar = peek() else {
                if braced { throw error(at: index, "expected '}' to close the table, found end of file") }
                return entries
            }
            if braced && scalar == "}" {
                index += 1
                return entries
            }
            let keyStart = index
            guard Self.isStringStart(scalar) else {
                throw error(at: index, "expected a key (a quoted string or unquoted letters, digits and _$/:.-), found \(describeCharacter(scalar))")
            }
            let (key, _) = try parseString()
            let keyEnd = index
            let keyPlace = location(keyStart)
            try skipSpace()
            switch peek() {
            case ";":
                index += 1
                entries.append(StringsTable.Entry(key: key, value: key, line: keyPlace.line, column: keyPlace.column))
            case "=":
                index += 1
                try skipSpace()
                guard let valueStart = peek() else {
                    throw error(at: index, "expected a value after '=' for \(Self.quote(key)), found end of file")
                }
                if valueStart == "{" || valueStart == "(" || valueStart == "<" {
                    let kind = valueStart == "{" ? "a dictionary" : valueStart == "(" ? "an array" : "data"
                    throw TableError(
                        code: .structure,
                        reason: "the value of \(Self.quote(key)) is \(kind); a strings table needs string values",
                        path: path, line: location(index).line, column: location(index).column)
                }
                guard Self.isStringStart(valueStart) else {
                    throw error(at: index, "expected a value (a quoted string) after '=' for \(Self.quote(key)), found \(describeCharacter(valueStart))")
                }
                let (value, _) = try parseString()
                let valueEnd = index
                try skipSpace()
                guard peek() == ";" else {
                    // Reported where the ';' belongs, right after the value, not at what follows on a later line.
                    throw missing("';' after the value of \(Self.quote(key))", after: valueEnd)
                }
                index += 1
                entries.append(StringsTable.Entry(key: key, value: value, line: keyPlace.line, column: keyPlace.column))
            default:
                throw missing("'=' or ';' after the key \(Self.quote(key))", after: keyEnd)
            }
        }
    }

    /// Reads a quoted or unquoted string at `index` (which must be a string start).
    private mutating func parseString() throws(TableError) -> (String, Int) {
        let start = index
        guard let opening = peek() else { throw error(at: index, "expected a string, found end of file") }
        if opening == "\"" || opening == "'" {
            return (try readQuotedString(from: start), start)
        }
        while let scalar = peek(), Self.isUnquotedCharacter(scalar) { index += 1 }
        return (UTF8StringBuilder.string(text[start..<index]), start)
    }

    /// Reads the quoted string whose opening quote is at `start`, up to and including its closing quote.
    ///
    /// The text between escapes is copied in runs; a string without escapes becomes a `String` directly.
    private mutating func readQuotedString(from start: Int) throws(TableError) -> String {
        let quote = text[start]
        index = start + 1
        var highSurrogate: UInt16?
        while true {
            let runStart = index
            while index < text.count, text[index] != quote, text[index] != "\\" { index += 1 }
            guard index < text.count else { break }
            let run = text[runStart..<index]
            let isClosing = text[index] == quote
            index += 1
            if isClosing, runStart == start + 1 {
                return UTF8StringBuilder.string(run)
            }
            if !run.isEmpty {
                endSurrogatePair(&highSurrogate)
                builder.append(contentsOf: run)
            }
            if isClosing {
                endSurrogatePair(&highSurrogate)
                return builder.makeString()
            }
            guard index < text.count else { break }
            switch readEscape() {
            case .scalar(let escaped):
                endSurrogatePair(&highSurrogate)
                builder.append(escaped)
            case .utf16(let unit):
                appendUTF16(unit, after: &highSurrogate)
            }
        }
        throw error(at: start, "unterminated quoted string: the \(describeCharacter(quote)) that starts here has no closing quote")
    }

    /// What an escape stands for: a character, or (`\U`) one UTF-16 code unit, possibly half of a surrogate pair.
    private enum Escape {
        case scalar(Unicode.Scalar)
        case utf16(UInt16)
    }

    /// Reads the escape after a backslash (at `index`, which is in range) as CF's `getSlashedChar` does.
    private mutating func readEscape() -> Escape {
        let scalar = text[index]
        index += 1
        switch scalar {
        case "0"..."7":
            var byte = UInt8(truncatingIfNeeded: scalar.value - 0x30)
            var digits = 1
            while digits < 3, let next = peek(), ("0"..."7").contains(next) {
                byte = byte &<< 3 &+ UInt8(truncatingIfNeeded: next.value - 0x30)
                index += 1
                digits += 1
            }
            return .scalar(Unicode.Scalar(NeXTSTEPLatin.scalarValue(forByte: byte)) ?? "\u{FFFD}")
        case "U":
            var value: UInt16 = 0
            var digits = 0
            while digits < 4, let next = peek(), let digit = Self.hexDigitValue(next) {
                value = value &<< 4 | UInt16(digit)
                index += 1
                digits += 1
            }
            return .utf16(value)
        case "a": return .scalar("\u{07}")
        case "b": return .scalar("\u{08}")
        case "f": return .scalar("\u{0C}")
        case "n": return .scalar("\n")
        case "r": return .scalar("\r")
        case "t": return .scalar("\t")
        case "v": return .scalar("\u{0B}")
        default: return .scalar(scalar)
        }
    }

    /// Appends a `\U` code unit as Swift reads the UTF-16 string CF builds: a high surrogate waits in `pending`
    /// for a low one to form a pair; a surrogate without its partner reads U+FFFD, one per unit, as
    /// `String(decoding:as: UTF16.self)` repairs it.
    private mutating func appendUTF16(_ unit: UInt16, after pending: inout UInt16?) {
        if let high = pending {
            pending = nil
            if UTF16.isTrailSurrogate(unit) {
                let value = 0x1_0000 + (UInt32(high - 0xD800) << 10 | UInt32(unit - 0xDC00))
                builder.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                return
            }
            builder.append("\u{FFFD}")
        }
        if UTF16.isLeadSurrogate(unit) {
            pending = unit
        } else {
            builder.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
        }
    }

    /// Ends a surrogate pair started by `\U` that no low surrogate completes: it reads U+FFFD.
    private mutating func endSurrogatePair(_ pending: inout UInt16?) {
        if pending != nil {
            pending = nil
            builder.append("\u{FFFD}")
        }
    }

    /// Skips whitespace and comments; an unterminated `/*` is an error reported where it starts.
    private mutating func skipSpace() throws(TableError) {
        while let scalar = peek() {
            switch scalar.value {
            case 0x09...0x0D, 0x20, 0x2028, 0x2029:
                index += 1
            case 0x2F where index + 1 < text.count && text[index + 1] == "/":
                index += 2
                while let next = peek(), !Self.isLineEnd(next) { index += 1 }
            case 0x2F where index + 1 < text.count && text[index + 1] == "*":
                let start = index
                index += 2
                var closed = false
                while index < text.count {
                    if text[index] == "*", index + 1 < text.count, text[index + 1] == "/" {
                        index += 2
                        closed = true
                        break
                    }
                    index += 1
                }
                if !closed {
                    throw error(at: start, "unterminated comment: the '/*' that starts here has no closing '*/'")
                }
            default:
                return
            }
        }
    }

    // MARK: Characters

    private func peek() -> Unicode.Scalar? {
        index < text.count ? text[index] : nil
    }

    private static func isStringStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\"" || scalar == "'" || isUnquotedCharacter(scalar)
    }

    /// CF's `isValidUnquotedStringCharacter`: ASCII letters, digits and `_ $ / : . -`.
    static func isUnquotedCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "$", "/", ":", ".", "-": return true
        default: return false
        }
    }

    private static func isLineEnd(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    private static func hexDigitValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": return scalar.value - 0x30
        case "a"..."f": return scalar.value - 0x61 + 10
        case "A"..."F": return scalar.value - 0x41 + 10
        default: return nil
        }
    }

    /// A key or value quoted for a message on one line: control characters escaped, shortened when long.
    static func quote(_ value: String) -> String {
        var text = ""
        var length = 0
        for scalar in value.unicodeScalars {
            if length == 60 {
                text += "…"
                break
            }
            switch scalar {
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\"": text += "\\\""
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    text += "\\u{\(hex(scalar.value, digits: 4))}"
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
            length += 1
        }
        return "\"\(text)\""
    }

    // MARK: Errors

    private mutating func location(_ offset: Int) -> (line: Int, column: Int) {
        locator.location(of: offset)
    }

    private mutating func error(at offset: Int, _ reason: String) -> TableError {
        let place = location(offset)
        return TableError(code: .syntax, reason: reason, path: path, line: place.line, column: place.column)
    }

    /// An error for `expected` missing at `offset` (right after the token it should follow), naming what comes
    /// instead and, when that is on a later line, its line: `expected ';' …, found '"' on line 12`.
    private mutating func missing(_ expected: String, after offset: Int) -> TableError {
        let found = describeCharacter(peek())
        let next = location(index).line
        let place = location(offset)
        let later = peek() != nil && next > place.line ? " on line \(next)" : ""
        return TableError(code: .syntax, reason: "expected \(expected), found \(found)\(later)", path: path,
                          line: place.line, column: place.column)
    }
}
