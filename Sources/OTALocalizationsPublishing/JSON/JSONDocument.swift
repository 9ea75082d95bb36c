import Foundation
import OTALocalizationsCore

/// A JSON file read strictly (RFC 8259, the String Catalog reader's parser), so that an error in it names a line and
/// column: where the syntax breaks, or where a member or array element with the wrong content is written.
///
/// Used for `ota-localizations.json` and validation baseline files. Lines and columns are 1-based, columns counted in
/// Unicode scalars.
package struct JSONDocument {
    /// The first syntax error: where, and what was expected.
    package struct SyntaxError: Error {
        package var line: Int
        package var column: Int
        package var reason: String
    }

    /// One step of a path into the document: an object member's key or an array index.
    package enum Step {
        case key(String)
        case index(Int)
    }

    package let root: OrderedJSONValue
    private let lines: TextLocator

    /// - Throws: ``SyntaxError`` when the bytes are not one JSON value (trailing commas and text after the value
    ///   included, which Foundation's reader on Linux lets pass).
    package init(bytes: Data) throws(SyntaxError) {
        let raw = [UInt8](bytes)
        lines = TextLocator(utf8: raw, lineBreaks: .lineFeed)
        do {
            root = try OrderedJSONParser.parse(raw)
        } catch {
            let position = lines.location(of: error.offset)
            throw SyntaxError(line: position.line, column: position.column, reason: error.reason)
        }
    }

    /// The line and column of the value at `path` (the deepest step that exists, else the start of the document).
    package func position(of path: [Step]) -> (line: Int, column: Int) {
        var value = root
        var offset = 0
        for step in path {
            switch (step, value) {
            case (.key(let key), .object(let members)):
                guard let member = members.last(where: { $0.key == key }) else { return lines.location(of: offset) }
                value = member.value
                offset = member.valueOffset
            case (.index(let index), .array(let elements, let offsets)) where index < elements.count:
                value = elements[index]
                offset = offsets[index]
            default:
                return lines.location(of: offset)
            }
        }
        return lines.location(of: offset)
    }

    /// The line and column of the key of the top-level member `key` (the start of the document when absent).
    package func position(ofKey key: String) -> (line: Int, column: Int) {
        guard case .object(let members) = root, let member = members.last(where: { $0.key == key }) else {
            return lines.location(of: 0)
        }
        return lines.location(of: member.keyOffset)
    }

    /// The path of a `DecodingError` (its coding path, and the missing key of `keyNotFound`), with a short text
    /// saying what is wrong there: `findings[2]: no "code"`.
    package static func describe(_ error: DecodingError) -> (path: [Step], text: String) {
        func steps(_ keys: [any CodingKey]) -> [Step] {
            keys.map { key in key.intValue.map(Step.index) ?? .key(key.stringValue) }
        }
        func name(_ keys: [any CodingKey]) -> String {
            var text = ""
            for key in keys {
                if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
            }
            return text.isEmpty ? "the top level" : text
        }
        switch error {
        case .keyNotFound(let key, let context):
            return (steps(context.codingPath), "\(name(context.codingPath)) has no \"\(key.stringValue)\"")
        case .typeMismatch(let type, let context):
            return (steps(context.codingPath), "\(name(context.codingPath)) must be \(article(type))")
        case .valueNotFound(let type, let context):
            return (steps(context.codingPath), "\(name(context.codingPath)) must be \(article(type)), not null")
        case .dataCorrupted(let context):
            return (steps(context.codingPath), "\(name(context.codingPath)) is not valid here")
        @unknown default:
            return ([], "the content is not of the expected shape")
        }
    }

    private static func article(_ type: Any.Type) -> String {
        let name = "\(type)"
        if name.hasPrefix("Array") { return "an array" }
        if name.hasPrefix("Dictionary") || name.contains("Finding") || name.contains("Baseline") { return "an object" }
        switch name {
        case "String": return "a string"
        case "Int", "Double": return "a number"
        case "Bool": return "true or false"
        default: return "a value of type \(name)"
        }
    }
}
