/// A reader of the old-style (OpenStep) ASCII property lists Xcode writes its `project.pbxproj` in: dictionaries
/// `{ key = value; }`, arrays `( a, b, )`, strings quoted (`"…"` with backslash escapes) or bare (letters, digits and
/// `_$+/:.-`), `<hex data>`, and `/* */` and `//` comments (Apple, Property List Programming Guide, "Old-Style ASCII
/// Property Lists").
///
/// Only what discovery needs: data is kept as its text, and a malformed list gives nil, never a partial value.
/// Nesting is limited to ``maximumDepth``. Pure; safe from any thread.
enum OpenStepPropertyList {
    indirect enum Value: Equatable {
        case string(String)
        case array([Value])
        case dictionary([String: Value])

        var string: String? { if case .string(let text) = self { return text } else { return nil } }
        var array: [Value]? { if case .array(let items) = self { return items } else { return nil } }
        var dictionary: [String: Value]? { if case .dictionary(let items) = self { return items } else { return nil } }
        subscript(key: String) -> Value? { dictionary?[key] }
    }

    /// Deeper nesting than this is refused (a project file nests four or five levels).
    static let maximumDepth = 64

    /// The value `text` holds, or nil when it is not one well-formed old-style property list.
    static func parse(_ text: String) -> Value? {
        var reader = Reader(scalars: Array(text.unicodeScalars))
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.atEnd ? value : nil
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0

        var atEnd: Bool { index >= scalars.count }

        mutating func value(depth: Int) -> Value? {
            guard depth < OpenStepPropertyList.maximumDepth else { return nil }
            skipSpace()
            guard !atEnd else { return nil }
            switch scalars[index] {
            case "{": return dictionary(depth: depth)
            case "(": return array(depth: depth)
            case "\"": return quoted().map(Value.string)
            case "<": return data().map(Value.string)
            default: return bare().map(Value.string)
            }
        }

        private mutating func dictionary(depth: Int) -> Value? {
            index += 1
            var items: [String: Value] = [:]
            while true {
                skipSpace()
                guard !atEnd else { return nil }
                if scalars[index] == "}" { index += 1; return .dictionary(items) }
                guard let key = value(depth: depth + 1)?.string, expect("="),
                      let item = value(depth: depth + 1), expect(";") else { return nil }
                items[key] = item
            }
        }

        private mutating func array(depth: Int) -> Value? {
            index += 1
            var items: [Value] = []
            while true {
                skipSpace()
                guard !atEnd else { return nil }
                if scalars[index] == ")" { index += 1; return .array(items) }
                guard let item = value(depth: depth + 1) else { return nil }
                items.append(item)
                skipSpace()
                if !atEnd, scalars[index] == "," { index += 1 } else if atEnd || scalars[index] != ")" { return nil }
            }
        }

        private mutating func quoted() -> String? {
            index += 1
            var text = String.UnicodeScalarView()
            while index < scalars.count {
                let scalar = scalars[index]
                index += 1
                switch scalar {
                case "\"": return String(text)
                case "\\":
                    guard index < scalars.count else { return nil }
                    let escaped = scalars[index]
                    index += 1
                    switch escaped {
                    case "n": text.append("\n")
                    case "t": text.append("\t")
                    case "r": text.append("\r")
                    case "U", "u":
                        let digits = scalars[index..<min(index + 4, scalars.count)]
                        guard digits.count == 4, let code = UInt32(String(String.UnicodeScalarView(digits)), radix: 16),
                              let decoded = Unicode.Scalar(code) else { return nil }
                        text.append(decoded)
                        index += 4
                    default: text.append(escaped)
                    }
                default: text.append(scalar)
                }
            }
            return nil
        }

        private mutating func data() -> String? {
            let start = index
            while index < scalars.count, scalars[index] != ">" { index += 1 }
            guard index < scalars.count else { return nil }
            index += 1
            return String(String.UnicodeScalarView(scalars[start..<index]))
        }

        private mutating func bare() -> String? {
            let start = index
            while index < scalars.count, Self.isBare(scalars[index]) { index += 1 }
            return index > start ? String(String.UnicodeScalarView(scalars[start..<index])) : nil
        }

        private static func isBare(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_$+/:.-".unicodeScalars.contains(scalar)
        }

        private mutating func expect(_ character: Unicode.Scalar) -> Bool {
            skipSpace()
            guard !atEnd, scalars[index] == character else { return false }
            index += 1
            return true
        }

        /// Skips white space and comments.
        mutating func skipSpace() {
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar.properties.isWhitespace {
                    index += 1
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                    index += 2
                    while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") { index += 1 }
                    index = min(index + 2, scalars.count)
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                    while index < scalars.count, scalars[index] != "\n" { index += 1 }
                } else {
                    return
                }
            }
        }
    }
}
