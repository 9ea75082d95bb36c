import Foundation

extension SourceLintBaseline {
    /// Reads a baseline file's bytes, as ``encoded()`` writes them.
    ///
    /// The JSON is read strictly (RFC 8259). Members other than `version` and `entries` (and, in an entry, other than
    /// `file`, `rule`, `fingerprint` and `count`) are ignored.
    /// - Throws: ``SourceLintBaselineError`` with code `baseline-malformed` (not JSON, not the shape, or a `count`
    ///   below 1) or `baseline-unsupported-version` (a `version` other than ``currentVersion``).
    public init(data: Data) throws {
        do {
            _ = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw SourceLintBaselineError(code: .malformed, problem: "not valid JSON", isFixableInPlace: true)
        }
        struct Header: Decodable { var version: Int }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch {
            throw SourceLintBaselineError(
                code: .malformed, problem: "the file is not a JSON object with a \"version\" number")
        }
        guard header.version == Self.currentVersion else {
            throw SourceLintBaselineError(
                code: .unsupportedVersion,
                problem: "version \(header.version) is not supported (this release reads version \(Self.currentVersion))")
        }
        do {
            self = try JSONDecoder().decode(SourceLintBaseline.self, from: data)
        } catch let error as DecodingError {
            throw SourceLintBaselineError(
                code: .malformed, problem: "not in the source-lint baseline format: \(Self.describe(error))")
        }
        if let index = entries.firstIndex(where: { $0.count < 1 }) {
            throw SourceLintBaselineError(
                code: .malformed,
                problem: "not in the source-lint baseline format: entries[\(index)].count is \(entries[index].count), not 1 or more")
        }
    }

    /// Where and what: `entries[1] has no "rule"`, `entries[0].count is not a number`.
    private static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            var text = ""
            for key in codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text
        }
        switch error {
        case .keyNotFound(let key, let context):
            let place = path(context.codingPath)
            return (place.isEmpty ? "the file" : place) + " has no \"\(key.stringValue)\""
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let expected = type == String.self ? "a string" : type == Int.self ? "a whole number" : "an array"
            return "\(path(context.codingPath)) is not \(expected)"
        case .dataCorrupted(let context):
            return "\(path(context.codingPath)) cannot be read"
        @unknown default:
            return "unexpected content"
        }
    }
}
