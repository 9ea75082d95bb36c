import Foundation

/// A YAML value as ``YAMLSubset`` reads it: every scalar is a string (no implicit booleans or numbers, like
/// PyYAML's `BaseLoader`), and mappings keep their keys in file order.
public indirect enum YAMLValue: Equatable, Sendable {
    case scalar(String)
    case sequence([YAMLValue])
    case mapping([(key: String, value: YAMLValue)])

    public static func == (lhs: YAMLValue, rhs: YAMLValue) -> Bool {
        switch (lhs, rhs) {
        case let (.scalar(a), .scalar(b)): return a == b
        case let (.sequence(a), .sequence(b)): return a == b
        case let (.mapping(a), .mapping(b)):
            return a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        default: return false
        }
    }

    /// The value of `key` when this is a mapping that has it.
    public subscript(key: String) -> YAMLValue? {
        guard case let .mapping(entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// The text of a scalar.
    public var string: String? {
        guard case let .scalar(text) = self else { return nil }
        return text
    }

    /// The items of a sequence.
    public var items: [YAMLValue]? {
        guard case let .sequence(items) = self else { return nil }
        return items
    }

    /// The keys of a mapping, in file order.
    public var keys: [String] {
        guard case let .mapping(entries) = self else { return [] }
        return entries.map(\.key)
    }

    /// The value as JSON-compatible Foundation objects (strings, arrays, dictionaries), to compare with another reader.
    public var foundationObject: Any {
        switch self {
        case let .scalar(text): return text
        case let .sequence(items): return items.map(\.foundationObject)
        case let .mapping(entries):
            return Dictionary(entries.map { ($0.key, $0.value.foundationObject) }, uniquingKeysWith: { first, _ in first })
        }
    }
}

/// A reader for the part of YAML 1.2 that this repository's YAML files use (the CI workflow, the SwiftLint
/// configuration): block mappings and sequences indented with spaces, `- key: value` items, plain, single- and
/// double-quoted scalars, one-line flow sequences `[a, "b"]`, literal block scalars (`|`, `|-`) and `#` comments.
///
/// Anything else (tabs, anchors, aliases, tags, flow mappings, folded scalars, several documents, a key
/// defined twice) is refused with the line number, so a file this reader cannot read fails a test instead of
/// being read wrong. Written for tests, where no YAML package is available; ``YAMLSubset/pythonReading(_:)``
/// reads the same text with PyYAML when it is installed, to check this reader against it.
public enum YAMLSubset {
    public struct Failure: Error, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// Parses `text` into one value.
    public static func parse(_ text: String) throws -> YAMLValue {
        var parser = Parser(text: text)
        return try parser.document()
    }

    /// PyYAML's reading of `text` with `BaseLoader` (every scalar a string), as Foundation objects, or nil when
    /// `python3` has no `yaml` module.
    public static func pythonReading(_ text: String) throws -> Any? {
        let script = """
            import sys, json
            try:
                import yaml
            except ImportError:
                print("no-yaml"); sys.exit(0)
            print(json.dumps(yaml.load(sys.stdin.read(), Loader=yaml.BaseLoader)))
            """
        let output = try ProcessRunner.pythonBlocking(script, stdin: Data(text.utf8))
        if String(decoding: output, as: UTF8.self) == "no-yaml\n" { return nil }
        return try JSONSerialization.jsonObject(with: output)
    }

    private struct Line {
        var number: Int
        var indent: Int
        /// The text after the indentation, without its comment.
        var text: String
        /// The whole line as written (for block scalars, where `#` is text).
        var raw: String
    }

    private struct Parser {
        var lines: [Line] = []
        var index = 0

        init(text: String) {
            for (offset, raw) in text.components(separatedBy: "\n").enumerated() {
                let indent = raw.prefix { $0 == " " }.count
                let body = Parser.withoutComment(String(raw.dropFirst(indent)))
                lines.append(Line(number: offset + 1, indent: indent, text: body, raw: raw))
            }
        }

        mutating func document() throws -> YAMLValue {
            for line in lines where line.raw.contains("\t") {
                throw Failure(line: line.number, message: "tab characters are not supported; indent with spaces")
            }
            skipBlank()
            guard index < lines.count else { return .mapping([]) }
            let value = try block(indent: lines[index].indent)
            skipBlank()
            if index < lines.count {
                throw Failure(line: lines[index].number, message: "unexpected indentation or content")
            }
            return value
        }

        mutating func skipBlank() {
            while index < lines.count, lines[index].text.isEmpty { index += 1 }
        }

        mutating func block(indent: Int) throws -> YAMLValue {
            skipBlank()
            let line = lines[index]
            if line.text == "-" || line.text.hasPrefix("- ") { return try sequence(indent: indent) }
            return try mapping(indent: indent)
        }

        mutating func sequence(indent: Int) throws -> YAMLValue {
            var items: [YAMLValue] = []
            while true {
                skipBlank()
                guard index < lines.count, lines[index].indent == indent,
                      lines[index].text == "-" || lines[index].text.hasPrefix("- ")
                else { break }
                let line = lines[index]
                let content = String(line.text.dropFirst()).drop { $0 == " " }
                if content.isEmpty {
                    index += 1
                    skipBlank()
                    guard index < lines.count, lines[index].indent > indent else {
                        items.append(.scalar(""))
                        continue
                    }
                    items.append(try block(indent: lines[index].indent))
                } else if Parser.keyAndRest(String(content)) != nil {
                    // "- key: value": the item is a mapping whose keys line up with this first key.
                    let column = indent + (line.text.count - content.count)
                    lines[index] = Line(number: line.number, indent: column, text: String(content), raw: line.raw)
                    items.append(try mapping(indent: column))
                } else {
                    index += 1
                    items.append(try inlineValue(String(content), line: line.number))
                }
            }
            return .sequence(items)
        }

        mutating func mapping(indent: Int) throws -> YAMLValue {
            var entries: [(key: String, value: YAMLValue)] = []
            while true {
                skipBlank()
                guard index < lines.count, lines[index].indent == indent else { break }
                let line = lines[index]
                if line.text == "-" || line.text.hasPrefix("- ") { break }
                guard let (key, rest) = Parser.keyAndRest(line.text) else {
                    throw Failure(line: line.number, message: "expected 'key: value', found '\(line.text)'")
                }
                if entries.contains(where: { $0.key == key }) {
                    throw Failure(line: line.number, message: "key '\(key)' is defined twice")
                }
                index += 1
                let value: YAMLValue
                if rest.isEmpty {
                    skipBlank()
                    if index < lines.count, lines[index].indent > indent {
                        value = try block(indent: lines[index].indent)
                    } else if index < lines.count, lines[index].indent == indent,
                              lines[index].text == "-" || lines[index].text.hasPrefix("- ") {
                        value = try sequence(indent: indent)
                    } else {
                        value = .scalar("")
                    }
                } else if rest == "|" || rest == "|-" {
                    value = .scalar(literalBlock(parentIndent: indent, keepFinalNewline: rest == "|"))
                } else {
                    value = try inlineValue(rest, line: line.number)
                }
                entries.append((key, value))
            }
            return .mapping(entries)
        }

        /// The lines of a literal block scalar below a key at `parentIndent`, without their common indentation.
        mutating func literalBlock(parentIndent: Int, keepFinalNewline: Bool) -> String {
            var body: [String] = []
            var blockIndent: Int?
            while index < lines.count {
                let line = lines[index]
                let blank = line.raw.allSatisfy { $0 == " " }
                if !blank {
                    guard line.indent > parentIndent else { break }
                    if blockIndent == nil { blockIndent = line.indent }
                    guard line.indent >= blockIndent! else { break }
                }
                body.append(blank ? "" : String(line.raw.dropFirst(blockIndent!)))
                index += 1
            }
            while body.last == "" { body.removeLast() }
            let text = body.joined(separator: "\n")
            return keepFinalNewline && !body.isEmpty ? text + "\n" : text
        }

        func inlineValue(_ text: String, line: Int) throws -> YAMLValue {
            guard let first = text.first else { return .scalar("") }
            switch first {
            case "[":
                guard text.hasSuffix("]") else { throw Failure(line: line, message: "a flow sequence must end on its line") }
                let inner = text.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
                if inner.isEmpty { return .sequence([]) }
                return .sequence(try Parser.splitFlow(inner, line: line).map { try Parser.scalar($0, line: line) })
            case "{", "&", "*", "!", "|", ">", "%", "@", "`":
                throw Failure(line: line, message: "'\(first)' (flow mappings, anchors, aliases, tags, folded or "
                    + "reserved forms) is not supported by this reader")
            default:
                return try Parser.scalar(text, line: line)
            }
        }

        static func scalar(_ text: String, line: Int) throws -> YAMLValue {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("\"") {
                guard trimmed.count >= 2, trimmed.hasSuffix("\""), let end = closingQuote(trimmed, "\""),
                      end == trimmed.index(before: trimmed.endIndex)
                else { throw Failure(line: line, message: "unterminated or trailing text after \"…\"") }
                return .scalar(try unescapeDouble(String(trimmed.dropFirst().dropLast()), line: line))
            }
            if trimmed.hasPrefix("'") {
                guard trimmed.count >= 2, trimmed.hasSuffix("'"), let end = closingQuote(trimmed, "'"),
                      end == trimmed.index(before: trimmed.endIndex)
                else { throw Failure(line: line, message: "unterminated or trailing text after '…'") }
                return .scalar(String(trimmed.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'"))
            }
            return .scalar(trimmed)
        }

        /// `key` and the text after `key:` when `text` is a mapping entry (the colon followed by a space or the end).
        static func keyAndRest(_ text: String) -> (String, String)? {
            var keyEnd: String.Index?
            if let quote = text.first, quote == "\"" || quote == "'" {
                guard let close = closingQuote(text, quote) else { return nil }
                let after = text.index(after: close)
                guard after < text.endIndex, text[after] == ":" else { return nil }
                keyEnd = after
            } else {
                var position = text.startIndex
                while position < text.endIndex {
                    if text[position] == ":" {
                        let next = text.index(after: position)
                        if next == text.endIndex || text[next] == " " { keyEnd = position; break }
                    }
                    position = text.index(after: position)
                }
            }
            guard let keyEnd else { return nil }
            let rawKey = String(text[..<keyEnd])
            guard !rawKey.isEmpty, !rawKey.hasPrefix("- ") else { return nil }
            let key = (try? scalar(rawKey, line: 0))?.string ?? rawKey
            let rest = String(text[text.index(after: keyEnd)...]).trimmingCharacters(in: .whitespaces)
            return (key, rest)
        }

        /// The index of the quote that closes the one at the start of `text`.
        static func closingQuote(_ text: String, _ quote: Character) -> String.Index? {
            var position = text.index(after: text.startIndex)
            while position < text.endIndex {
                let character = text[position]
                if quote == "\"", character == "\\" {
                    position = text.index(position, offsetBy: 2, limitedBy: text.endIndex) ?? text.endIndex
                    continue
                }
                if character == quote {
                    let next = text.index(after: position)
                    if quote == "'", next < text.endIndex, text[next] == "'" {
                        position = text.index(after: next)
                        continue
                    }
                    return position
                }
                position = text.index(after: position)
            }
            return nil
        }

        static func unescapeDouble(_ text: String, line: Int) throws -> String {
            var out = ""
            var iterator = text.makeIterator()
            while let character = iterator.next() {
                guard character == "\\" else { out.append(character); continue }
                switch iterator.next() {
                case "\\": out.append("\\")
                case "\"": out.append("\"")
                case "/": out.append("/")
                case "n": out.append("\n")
                case "t": out.append("\t")
                case let other:
                    throw Failure(line: line, message: "escape '\\\(other.map(String.init) ?? "")' is not supported")
                }
            }
            return out
        }

        /// The items of a one-line flow sequence's inside, split at commas outside quotes.
        static func splitFlow(_ text: String, line: Int) throws -> [String] {
            var items: [String] = []
            var current = ""
            var quote: Character?
            for character in text {
                if let open = quote {
                    current.append(character)
                    if character == open { quote = nil }
                } else if character == "\"" || character == "'" {
                    quote = character
                    current.append(character)
                } else if character == "," {
                    items.append(current)
                    current = ""
                } else if "[]{}".contains(character) {
                    throw Failure(line: line, message: "nested flow collections are not supported")
                } else {
                    current.append(character)
                }
            }
            items.append(current)
            return items.map { $0.trimmingCharacters(in: .whitespaces) }
        }

        /// `text` without a `#` comment (one at the start, or after a space, outside quotes), trailing spaces trimmed.
        static func withoutComment(_ text: String) -> String {
            var quote: Character?
            var previous: Character = " "
            var end = text.endIndex
            var position = text.startIndex
            while position < text.endIndex {
                let character = text[position]
                if let open = quote {
                    if character == open { quote = nil }
                } else if character == "\"" || character == "'" {
                    if previous == " " || previous == "[" || previous == "," { quote = character }
                } else if character == "#", previous == " " {
                    end = position
                    break
                }
                previous = character
                position = text.index(after: position)
            }
            var result = String(text[..<end])
            while result.last == " " { result.removeLast() }
            return result
        }
    }
}
