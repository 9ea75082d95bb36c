import OTALocalizationsCore

/// The one reader of printf-style format strings: every ``FormatToken`` of a string, in order, and every `%` that
/// starts none.
package enum FormatTokenizer {
    /// The tokens of one format string.
    package struct Scan: Sendable, Equatable {
        /// Every token in the order written, `%%` literals and `%#@name@` variables included.
        package var tokens: [FormatToken] = []
        /// The `%` sequences that start no token.
        package var unrecognized: [Unrecognized] = []
    }

    /// A `%` that starts no token.
    package struct Unrecognized: Sendable, Equatable {
        /// The `%` and the character after it (when there is one).
        package var text: String
        /// Offset of the `%` in Unicode scalars (0-based).
        package var offset: Int
    }

    /// Reads every token of `string`.
    ///
    /// A `%` that starts no token (a trailing `%`, `%K`, `%Ld`, `%0$d`, an unterminated `%#@name`) is listed in
    /// ``Scan/unrecognized``, and scanning goes on at the character after it.
    /// - Parameters:
    ///   - string: a format string.
    ///   - namedArguments: whether `%(name)…` is part of the grammar: true for String Catalog text, which Xcode
    ///     compiles; false for `.strings` and `.stringsdict` text, which `String(format:)` reads and where a `(`
    ///     starts no token.
    package static func scan(_ string: String, namedArguments: Bool) -> Scan {
        var result = Scan()
        var text = string
        text.withUTF8 { bytes in
            // Most values have no `%` at all: answer without scanning further.
            guard bytes.contains(UInt8(ascii: "%")) else { return }
            var scanner = Scanner(bytes: bytes, namedArguments: namedArguments)
            scanner.scan(into: &result)
        }
        return result
    }
}

/// Scans a format string's UTF-8 bytes. Every token of the grammar is ASCII and no byte of a multi-byte
/// UTF-8 sequence is ASCII, so scanning bytes finds what scanning Unicode scalars would; offsets are reported
/// in scalars.
private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let namedArguments: Bool
    /// The scalar offset of byte `mark.byte`, for counting forward.
    private var mark = (byte: 0, scalar: 0)

    init(bytes: UnsafeBufferPointer<UInt8>, namedArguments: Bool) {
        self.bytes = bytes
        self.namedArguments = namedArguments
    }

    mutating func scan(into result: inout FormatTokenizer.Scan) {
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                index += 1
                continue
            }
            if let token = token(at: index) {
                result.tokens.append(token)
                index = token.utf8Range.upperBound
            } else {
                // The `%` and the character after it.
                let end = index + 1 < bytes.count ? index + 1 + Self.sequenceLength(bytes[index + 1]) : index + 1
                result.unrecognized.append(
                    FormatTokenizer.Unrecognized(text: text(index, min(end, bytes.count)), offset: scalarOffset(index)))
                index += 1
            }
        }
    }

    /// The number of Unicode scalars before byte `byte` (called with increasing bytes).
    private mutating func scalarOffset(_ byte: Int) -> Int {
        if byte < mark.byte { mark = (0, 0) }
        var scalar = mark.scalar
        for position in mark.byte..<byte where bytes[position] & 0xC0 != 0x80 {
            scalar += 1
        }
        mark = (byte, scalar)
        return scalar
    }

    /// The bytes of a UTF-8 sequence that starts with `lead`.
    private static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    }

    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    private func byte(_ index: Int) -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private func scanNumber(_ index: inout Int) -> Int? {
        var value = 0
        var digits = 0
        while let digit = byte(index), (48...57).contains(digit) {
            value = value &* 10 &+ Int(digit - 48)
            digits += 1
            index += 1
            if value > 1_000_000 { return nil }
        }
        return digits > 0 ? value : nil
    }

    /// `*` or `*m$`; `index` is on the `*`.
    private func scanStar(_ index: inout Int) -> FormatToken.Amount? {
        index += 1
        var probe = index
        if let position = scanNumber(&probe), byte(probe) == UInt8(ascii: "$") {
            guard position > 0 else { return nil }
            index = probe + 1
            return .argument(position: position)
        }
        return .argument(position: nil)
    }

    /// Whether `byte` is a flag character: `-`, `+`, space, `#`, `0` or `'`.
    private static func isFlag(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: " "), UInt8(ascii: "#"), UInt8(ascii: "0"),
             UInt8(ascii: "'"):
            return true
        default:
            return false
        }
    }

    /// Whether the scalar starting at byte `index` ends a `%#@name@` variable name: `@`, `%` or whitespace.
    private func endsVariableName(_ index: Int) -> Bool {
        let lead = bytes[index]
        if lead < 0x80 {
            // ASCII White_Space is tab through carriage return and space: no property lookup needed.
            return lead == UInt8(ascii: "@") || lead == UInt8(ascii: "%") || lead == 0x20 || (0x09...0x0D).contains(lead)
        }
        let end = min(index + Self.sequenceLength(lead), bytes.count)
        return text(index, end).unicodeScalars.first?.properties.isWhitespace ?? false
    }

    /// The token that the `%` at byte `start` starts, or nil when it starts none.
    private mutating func token(at start: Int) -> FormatToken? {
        var index = start + 1
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "%") {
            return make(start, index + 1, flagsEnd: index, conversion: "%")
        }
        var position: Int?
        var probe = index
        if let number = scanNumber(&probe), byte(probe) == UInt8(ascii: "$") {
            guard number > 0 else { return nil }
            position = number
            index = probe + 1
        }
        if let hash = variableHash(from: index, position: position) {
            return variable(start, position: position, flagsStart: index, hash: hash)
        }
        return conversion(start, position: position, flagsStart: index)
    }

    /// The byte of the `#` when a `.stringsdict` variable (`%#@name@`, `%n$#@name@`) starts at `index`, after the `%`
    /// and its position; else nil. CF also reads a width before the `#` (`%1#@name@`, written by some translation
    /// tools) as the same variable: swift-corelibs-foundation's CoreFoundation formats "%1#@count@" exactly as
    /// "%#@count@" (docs/validation.md).
    private func variableHash(from index: Int, position: Int?) -> Int? {
        var hash = index
        var widthEnd = index
        if position == nil, scanNumber(&widthEnd) != nil, byte(widthEnd) == UInt8(ascii: "#"),
           byte(widthEnd + 1) == UInt8(ascii: "@") {
            hash = widthEnd
        }
        return byte(hash) == UInt8(ascii: "#") && byte(hash + 1) == UInt8(ascii: "@") ? hash : nil
    }

    /// The variable `%#@name@` whose `#` is at byte `hash`, or nil when its name is empty or unterminated.
    private mutating func variable(_ start: Int, position: Int?, flagsStart: Int, hash: Int) -> FormatToken? {
        var end = hash + 2
        while end < bytes.count, !endsVariableName(end) {
            end += Self.sequenceLength(bytes[end])
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "@"), end > hash + 2 else { return nil }
        var token = make(start, end + 1, position: position, flagsStart: flagsStart, flagsEnd: hash + 1, conversion: "@")
        token.flags = "#"
        token.variable = text(hash + 2, end)
        return token
    }

    /// The conversion `%[n$][flags][width][.precision][(name)][length]c` whose flags start at byte `flagsStart`, or
    /// nil when it is not one (an unknown conversion, a `*0$`, an unterminated name).
    private mutating func conversion(_ start: Int, position: Int?, flagsStart: Int) -> FormatToken? {
        var index = flagsStart
        var flags = ""
        while let flag = byte(index), Self.isFlag(flag) {
            flags.unicodeScalars.append(Unicode.Scalar(flag))
            index += 1
        }
        guard let amounts = scanWidthAndPrecision(&index) else { return nil }
        let flagsEnd = index
        var name: String?
        if namedArguments, byte(index) == UInt8(ascii: "(") {
            var close = index + 1
            while close < bytes.count, bytes[close] != UInt8(ascii: ")") { close += 1 }
            guard close < bytes.count else { return nil }
            name = text(index + 1, close)
            index = close + 1
        }
        let length = scanLengthModifier(&index)
        // Conversions are ASCII; a byte of a multi-byte sequence is none.
        guard let last = byte(index), last < 0x80 else { return nil }
        let conversion = Character(Unicode.Scalar(last))
        guard FormatToken.argumentKind(conversion: conversion, length: length) != nil else { return nil }
        var token = make(
            start, index + 1, position: position, flagsStart: flagsStart, flagsEnd: flagsEnd, conversion: conversion)
        token.flags = flags
        token.width = amounts.width
        token.precision = amounts.precision
        token.name = name
        token.lengthModifier = length
        return token
    }

    /// A width (`12`, `*`, `*m$`) and a precision (`.3`, `.`, `.*`, `.*m$`), each nil when absent; nil for a `*0$`.
    private func scanWidthAndPrecision(
        _ index: inout Int
    ) -> (width: FormatToken.Amount?, precision: FormatToken.Amount?)? {
        var width: FormatToken.Amount?
        if byte(index) == UInt8(ascii: "*") {
            guard let amount = scanStar(&index) else { return nil }
            width = amount
        } else if let number = scanNumber(&index) {
            width = .fixed(number)
        }
        var precision: FormatToken.Amount?
        if byte(index) == UInt8(ascii: ".") {
            index += 1
            if byte(index) == UInt8(ascii: "*") {
                guard let amount = scanStar(&index) else { return nil }
                precision = amount
            } else {
                precision = .fixed(scanNumber(&index) ?? 0)
            }
        }
        return (width, precision)
    }

    /// The length modifier at `index` (`hh`, `h`, `ll`, `l`, `q`, `L`, `z`, `t`, `j`), moving past it; nil when none.
    private func scanLengthModifier(_ index: inout Int) -> FormatToken.LengthModifier? {
        guard let first = byte(index) else { return nil }
        let doubled = byte(index + 1) == first
        switch first {
        case UInt8(ascii: "h") where doubled: index += 2; return .hh
        case UInt8(ascii: "l") where doubled: index += 2; return .ll
        case UInt8(ascii: "h"): index += 1; return .h
        case UInt8(ascii: "l"): index += 1; return .l
        case UInt8(ascii: "q"): index += 1; return .q
        case UInt8(ascii: "L"): index += 1; return .L
        case UInt8(ascii: "z"): index += 1; return .z
        case UInt8(ascii: "t"): index += 1; return .t
        case UInt8(ascii: "j"): index += 1; return .j
        default: return nil
        }
    }

    /// A token of bytes `start..<end` whose flags, width and precision are bytes `flagsStart..<flagsEnd`.
    private mutating func make(
        _ start: Int, _ end: Int, position: Int? = nil, flagsStart: Int? = nil, flagsEnd: Int, conversion: Character
    ) -> FormatToken {
        FormatToken(
            text: text(start, end), offset: scalarOffset(start), utf8Range: start..<end, position: position, flags: "",
            width: nil, precision: nil, flagsWidthAndPrecision: text(flagsStart ?? flagsEnd, flagsEnd), name: nil,
            lengthModifier: nil, conversion: conversion, variable: nil)
    }
}
