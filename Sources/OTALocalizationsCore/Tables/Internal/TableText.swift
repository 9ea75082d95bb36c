import Foundation

/// Decoded table text: Unicode scalars plus the encoding they came from, and line/column lookup.
///
/// Encoding detection follows CF's `encodingForXMLData` for `.strings` text (docs/apple-platform.md E1, E2):
/// UTF-32 or UTF-16 with a byte-order mark, UTF-8 with or without one; a NUL byte in the first two bytes
/// without a BOM is BOM-less UTF-16, which Apple's runtime misreads, so it is rejected.
struct TableText {
    enum Encoding: String {
        case utf8 = "UTF-8"
        case utf16LittleEndian = "UTF-16LE"
        case utf16BigEndian = "UTF-16BE"
        case utf32LittleEndian = "UTF-32LE"
        case utf32BigEndian = "UTF-32BE"
    }

    let scalars: [Unicode.Scalar]
    let encoding: Encoding

    init(scalars: [Unicode.Scalar], encoding: Encoding) {
        self.scalars = scalars
        self.encoding = encoding
    }

    /// Decodes `bytes`, throwing `TableError.encoding` with the place of the first undecodable character.
    ///
    /// Well-formed UTF-8 and UTF-16 take a fast pass (`TableText+WellFormed.swift`); anything else is decoded
    /// again by the standard library's decoders below, which place the error or repair lone surrogates.
    init(decoding bytes: [UInt8], path: String) throws(TableError) {
        let count = bytes.count
        func starts(with prefix: [UInt8]) -> Bool {
            count >= prefix.count && bytes[0..<prefix.count].elementsEqual(prefix)
        }
        if starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            self.init(scalars: try Self.decodeUTF32(bytes, from: 4, bigEndian: false, path: path), encoding: .utf32LittleEndian)
        } else if starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
            self.init(scalars: try Self.decodeUTF32(bytes, from: 4, bigEndian: true, path: path), encoding: .utf32BigEndian)
        } else if starts(with: [0xFF, 0xFE]) {
            self.init(scalars: try Self.decodeUTF16(bytes, from: 2, bigEndian: false, path: path), encoding: .utf16LittleEndian)
        } else if starts(with: [0xFE, 0xFF]) {
            self.init(scalars: try Self.decodeUTF16(bytes, from: 2, bigEndian: true, path: path), encoding: .utf16BigEndian)
        } else if starts(with: [0xEF, 0xBB, 0xBF]) {
            self.init(scalars: try Self.decodeUTF8(bytes, from: 3, path: path), encoding: .utf8)
        } else if (count >= 1 && bytes[0] == 0) || (count >= 2 && bytes[1] == 0) {
            throw TableError(
                code: .encoding,
                reason: "the file looks like UTF-16 without a byte-order mark (a NUL byte in its first two bytes), "
                    + "which Apple's runtime misreads; re-save it as UTF-8, or as UTF-16 with a byte-order mark",
                path: path, line: 1, column: 1)
        } else {
            self.init(scalars: try Self.decodeUTF8(bytes, from: 0, path: path), encoding: .utf8)
        }
    }

    private static func decodeUTF8(_ bytes: [UInt8], from start: Int, path: String) throws(TableError) -> [Unicode.Scalar] {
        if let scalars = scalarsOfWellFormedUTF8(bytes, from: start) { return scalars }
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(bytes.count - start)
        var iterator = bytes[start...].makeIterator()
        var decoder = UTF8()
        var byteOffset = start
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
                byteOffset += UTF8.width(scalar)
            case .emptyInput:
                return scalars
            case .error:
                let place = TextLocator.location(of: scalars.count, in: scalars)
                let byte = byteOffset < bytes.count ? bytes[byteOffset] : 0
                throw TableError(
                    code: .encoding,
                    reason: "invalid UTF-8 at byte offset \(byteOffset) (byte 0x\(hex(byte, digits: 2))); "
                        + "Apple's runtime rejects the whole table; re-save the file as UTF-8",
                    path: path, line: place.line, column: place.column)
            }
        }
    }

    private static func decodeUTF16(_ bytes: [UInt8], from start: Int, bigEndian: Bool, path: String) throws(TableError) -> [Unicode.Scalar] {
        if let scalars = scalarsOfWellFormedUTF16(bytes, from: start, bigEndian: bigEndian) { return scalars }
        let unitCount = (bytes.count - start) / 2
        var units: [UInt16] = []
        units.reserveCapacity(unitCount)
        var offset = start
        while offset + 1 < bytes.count {
            let first = UInt16(bytes[offset]), second = UInt16(bytes[offset + 1])
            units.append(bigEndian ? (first << 8 | second) : (second << 8 | first))
            offset += 2
        }
        // Lone surrogates become U+FFFD, as a CFString holding them would display.
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(units.count)
        var iterator = units.makeIterator()
        var decoder = UTF16()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .emptyInput: break decoding
            case .error: scalars.append("\u{FFFD}")
            }
        }
        if (bytes.count - start) % 2 != 0 {
            let place = TextLocator.location(of: scalars.count, in: scalars)
            throw TableError(
                code: .encoding,
                reason: "the UTF-16 text has an odd number of bytes (a stray byte at the end of the file)",
                path: path, line: place.line, column: place.column)
        }
        return scalars
    }

    private static func decodeUTF32(_ bytes: [UInt8], from start: Int, bigEndian: Bool, path: String) throws(TableError) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity((bytes.count - start) / 4)
        var offset = start
        while offset + 3 < bytes.count {
            let b0 = UInt32(bytes[offset]), b1 = UInt32(bytes[offset + 1])
            let b2 = UInt32(bytes[offset + 2]), b3 = UInt32(bytes[offset + 3])
            let value = bigEndian ? (b0 << 24 | b1 << 16 | b2 << 8 | b3) : (b3 << 24 | b2 << 16 | b1 << 8 | b0)
            guard let scalar = Unicode.Scalar(value) else {
                let place = TextLocator.location(of: scalars.count, in: scalars)
                throw TableError(
                    code: .encoding,
                    reason: "invalid UTF-32 code point 0x\(hex(value, digits: 8)) at byte offset \(offset)",
                    path: path, line: place.line, column: place.column)
            }
            scalars.append(scalar)
            offset += 4
        }
        if offset != bytes.count {
            let place = TextLocator.location(of: scalars.count, in: scalars)
            throw TableError(
                code: .encoding,
                reason: "the UTF-32 text's length is not a multiple of 4 bytes (stray bytes at the end of the file)",
                path: path, line: place.line, column: place.column)
        }
        return scalars
    }
}

/// Upper-case hexadecimal digits of `value`, zero-padded to `digits`.
func hex<T: BinaryInteger>(_ value: T, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return text.count >= digits ? text : String(repeating: "0", count: digits - text.count) + text
}

/// A short description of the character at a place, for "found ..." in messages: `'x'`, `U+00A0`, or `end of file`.
func describeCharacter(_ scalar: Unicode.Scalar?) -> String {
    guard let scalar else { return "end of file" }
    switch scalar.value {
    case 0x0A: return "a line break"
    case 0x0D: return "a carriage return"
    case 0x09: return "a tab"
    case 0x20: return "a space"
    case 0x21...0x7E: return "'\(Character(scalar))'"
    default:
        if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
            || scalar.properties.generalCategory == .format || scalar.value == 0xFFFD {
            return "U+\(hex(scalar.value, digits: 4))"
        }
        return "'\(Character(scalar))' (U+\(hex(scalar.value, digits: 4)))"
    }
}
