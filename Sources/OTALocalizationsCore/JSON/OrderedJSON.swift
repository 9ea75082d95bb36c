import Foundation

/// A JSON value as it is written, keeping object members in file order with their byte offsets, so that an error
/// can name the line and column. String Catalogs, packager configurations and validation baselines are read so.
///
/// Object members are kept as written (no merging of keys that Swift's `String` would call equal), so two
/// catalog keys that differ only in Unicode normalization stay two keys, as they are for Xcode.
package indirect enum OrderedJSONValue: Sendable {
    case object([OrderedJSONMember])
    /// The elements, with the byte offset of each one's first byte.
    case array([OrderedJSONValue], elementOffsets: [Int])
    case string(String)
    /// The number's literal text (RFC 8259 §6 grammar, already checked).
    case number(String)
    case bool(Bool)
    case null

    package var kindName: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// One `"key": value` pair of a JSON object with the byte offsets of its key and value.
package struct OrderedJSONMember: Sendable {
    package var key: String
    package var value: OrderedJSONValue
    /// Byte offset of the key's opening quote.
    package var keyOffset: Int
    /// Byte offset of the first byte of the value.
    package var valueOffset: Int
}

/// Where a JSON parse failed: the byte offset and what was expected there.
package struct OrderedJSONSyntaxError: Error {
    package var offset: Int
    package var reason: String
}

/// A strict RFC 8259 parser over UTF-8 bytes that records offsets, so every error has a line and column.
///
/// Accepts one value surrounded by optional whitespace and an optional UTF-8 byte-order mark. Rejects
/// comments, trailing commas, control characters in strings, invalid UTF-8, lone surrogates in `\u` escapes,
/// and nesting deeper than ``maximumDepth``.
package struct OrderedJSONParser {
    package static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    package init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    package static func parse(_ bytes: [UInt8]) throws(OrderedJSONSyntaxError) -> OrderedJSONValue {
        var parser = OrderedJSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index != bytes.count {
            throw OrderedJSONSyntaxError(offset: parser.index, reason: "unexpected text after the JSON value")
        }
        return value
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func fail(_ reason: String, at offset: Int? = nil) -> OrderedJSONSyntaxError {
        OrderedJSONSyntaxError(offset: offset ?? index, reason: reason)
    }

    private mutating func parseValue() throws(OrderedJSONSyntaxError) -> OrderedJSONValue {
        guard index < bytes.count else { throw fail("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw fail("unexpected character, expected a value")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(OrderedJSONSyntaxError) {
        let start = index
        let count = literal.utf8CodeUnitCount
        let text = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        guard index + count <= bytes.count else { throw fail("invalid literal", at: start) }
        for offset in 0..<count where bytes[index + offset] != text[offset] {
            throw fail("invalid literal", at: start)
        }
        index += count
    }

    private mutating func enter() throws(OrderedJSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw fail("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(OrderedJSONSyntaxError) -> OrderedJSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1  // {
        var members: [OrderedJSONMember] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fail("expected a string key in object")
            }
            let keyOffset = index
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after object key") }
            index += 1
            skipWhitespace()
            let valueOffset = index
            let value = try parseValue()
            members.append(OrderedJSONMember(key: key, value: value, keyOffset: keyOffset, valueOffset: valueOffset))
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input in object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            throw fail("expected ',' or '}' in object")
        }
    }

    private mutating func parseArray() throws(OrderedJSONSyntaxError) -> OrderedJSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1  // [
        var elements: [OrderedJSONValue] = []
        var offsets: [Int] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements, elementOffsets: offsets)
        }
        while true {
            skipWhitespace()
            offsets.append(index)
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input in array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements, elementOffsets: offsets)
            }
            throw fail("expected ',' or ']' in array")
        }
    }

    private mutating func parseNumber() throws(OrderedJSONSyntaxError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        guard isDigit(index) else { throw fail("invalid number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { throw fail("invalid number: expected a digit after '.'") }
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit(index) else { throw fail("invalid number: expected a digit in the exponent") }
            while isDigit(index) { index += 1 }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func parseString() throws(OrderedJSONSyntaxError) -> String {
        index += 1  // opening quote
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = try decodeUTF8(start..<index)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw fail("control character in string; write it as an escape") }
            index += 1
        }
        guard index < bytes.count else { throw fail("unterminated string", at: start - 1) }
        // Slow path with escapes.
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: try decodeUTF8(start..<index).unicodeScalars)
        var runStart = index
        while true {
            guard index < bytes.count else { throw fail("unterminated string", at: start - 1) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                scalars.append(contentsOf: try decodeUTF8(runStart..<index).unicodeScalars)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw fail("control character in string; write it as an escape") }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            scalars.append(contentsOf: try decodeUTF8(runStart..<index).unicodeScalars)
            let escapeStart = index
            index += 1
            guard index < bytes.count else { throw fail("unterminated escape", at: escapeStart) }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                let unit = try parseHex4(escapeStart: escapeStart)
                if (0xD800...0xDBFF).contains(unit) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw fail("lone high surrogate in \\u escape", at: escapeStart)
                    }
                    index += 2
                    let low = try parseHex4(escapeStart: escapeStart)
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("high surrogate not followed by a low surrogate", at: escapeStart) }
                    let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    scalars.append(Unicode.Scalar(value)!)
                } else if (0xDC00...0xDFFF).contains(unit) {
                    throw fail("lone low surrogate in \\u escape", at: escapeStart)
                } else {
                    scalars.append(Unicode.Scalar(unit)!)
                }
            default:
                throw fail("invalid escape sequence", at: escapeStart)
            }
            runStart = index
        }
    }

    private mutating func parseHex4(escapeStart: Int) throws(OrderedJSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("\\u escape needs four hex digits", at: escapeStart) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("\\u escape needs four hex digits", at: escapeStart)
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private func decodeUTF8(_ range: Range<Int>) throws(OrderedJSONSyntaxError) -> String {
        if range.isEmpty { return "" }
        guard let text = String(validUTF8: bytes[range]) else {
            // Find the first invalid byte for the position.
            var offset = range.lowerBound
            var decoder = UTF8()
            var iterator = bytes[range].makeIterator()
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): offset += UTF8.width(scalar)
                case .emptyInput: break loop
                case .error: break loop
                }
            }
            throw fail("invalid UTF-8 in string", at: offset)
        }
        return text
    }
}
