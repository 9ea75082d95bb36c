import Foundation

/// The source-lint findings a team accepted when it turned `lint-sources` on, so that only new ones fail.
///
/// Written by `lint-sources --write-baseline <file>`, read by `lint-sources --baseline <file>` (the convention of
/// `validate --write-baseline` and SwiftLint's `--baseline`). A finding is identified by its ``Key``: file, rule and a
/// fingerprint of its line's text, never by line or column, so lines added or removed elsewhere in a file keep it
/// baselined, while an edit of the offending line itself makes it new. Each key is recorded with the number of
/// findings it had, so a key recorded once absorbs one finding and a second copy of the line is new. The JSON format
/// is documented in `docs/source-linting.md`.
public struct SourceLintBaseline: Sendable, Equatable, Codable {
    /// One recorded key and how many findings it had.
    public struct Entry: Sendable, Hashable, Codable, Comparable {
        /// The file's path as the linter reported it, without a leading `./` (``Key/file``).
        public var file: String
        /// ``SourceLintRule/rawValue``.
        public var rule: String
        /// ``Key/fingerprint``: 16 lowercase hexadecimal digits.
        public var fingerprint: String
        /// How many findings of this key were recorded, at least 1.
        public var count: Int

        public init(file: String, rule: String, fingerprint: String, count: Int) {
            self.file = file
            self.rule = rule
            self.fingerprint = fingerprint
            self.count = count
        }

        /// The key this entry records.
        public var key: Key { Key(file: file, rule: rule, fingerprint: fingerprint) }

        /// By file, rule, fingerprint, then count; file paths compare by their UTF-8 bytes.
        public static func < (a: Entry, b: Entry) -> Bool {
            if a.key != b.key { return a.key < b.key }
            return a.count < b.count
        }
    }

    /// The format version this release writes and reads.
    public static let currentVersion = 1

    /// Format version of the file.
    public var version: Int
    /// Recorded keys, sorted, each once.
    public var entries: [Entry]

    /// A baseline of `entries`, sorted (entries of one key are not merged).
    public init(entries: [Entry]) {
        version = Self.currentVersion
        self.entries = entries.sorted()
    }

    /// Records every finding, one entry per key with the number of findings of that key.
    /// - Parameter keys: the keys of the findings (``keys(of:)``), one per finding.
    public init(recording keys: [Key]) {
        var counts: [Key: Int] = [:]
        for key in keys { counts[key, default: 0] += 1 }
        self.init(entries: counts.map {
            Entry(file: $0.key.file, rule: $0.key.rule, fingerprint: $0.key.fingerprint, count: $0.value)
        })
    }

    /// The number of findings the baseline records: the sum of the entries' counts.
    public var findingCount: Int { entries.reduce(0) { $0 + $1.count } }

    /// The file's bytes: pretty-printed JSON with sorted keys, entries sorted, and a final newline, so that the file
    /// is the same for the same findings and diffs well.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and integers cannot fail.
        var data = (try? encoder.encode(self)) ?? Data()
        data.append(0x0A)
        return data
    }
}
