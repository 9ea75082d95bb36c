import Foundation
import OTALocalizationsDigest

extension SourceLintBaseline {
    /// What identifies a finding in a baseline: its file, its rule and a fingerprint of its line's text.
    ///
    /// Neither line nor column is part of it, so a finding keeps its key when lines are added or removed above it;
    /// findings of one rule on lines of the same text in one file share a key (the baseline counts them).
    public struct Key: Sendable, Hashable, Comparable {
        /// The file's path as the linter reported it (``SourceLintFinding/file``) without leading `./` components, so
        /// `lint-sources ./Sources` and `lint-sources Sources` give the same keys.
        public var file: String
        /// ``SourceLintRule/rawValue``.
        public var rule: String
        /// ``fingerprint(ofLine:)`` of the finding's line.
        public var fingerprint: String

        public init(file: String, rule: String, fingerprint: String) {
            self.file = file
            self.rule = rule
            self.fingerprint = fingerprint
        }

        /// The key of `finding`, whose line (the 1-based ``SourceLintFinding/line`` of its file) reads `lineText`.
        public init(_ finding: SourceLintFinding, lineText: String) {
            var file = Substring(finding.file)
            while file.hasPrefix("./") { file = file.dropFirst(2).drop { $0 == "/" } }
            self.init(file: String(file), rule: finding.rule.rawValue, fingerprint: Key.fingerprint(ofLine: lineText))
        }

        /// The first 16 lowercase hexadecimal digits (64 bits) of the SHA-256 (FIPS 180-4) of `lineText`'s UTF-8
        /// bytes after spaces and tabs at both ends are removed, so re-indenting a line keeps its fingerprint.
        public static func fingerprint(ofLine lineText: String) -> String {
            let trimmed = lineText.trimmingCharacters(in: .whitespaces)
            return String(OTASHA256.hexString(Data(trimmed.utf8)).prefix(16))
        }

        /// By file (its UTF-8 bytes), rule, then fingerprint.
        public static func < (a: Key, b: Key) -> Bool {
            if a.file != b.file { return a.file.utf8.lexicographicallyPrecedes(b.file.utf8) }
            if a.rule != b.rule { return a.rule < b.rule }
            return a.fingerprint < b.fingerprint
        }
    }

    /// The keys of `findings`, in the same order, reading each finding's line from its file (each file once).
    ///
    /// A file is read at its ``SourceLintFinding/file`` path, relative to the current directory as the linter read
    /// it; lines end at `\n`, `\r\n` or `\r`, as the linter counts them. A line past the end of the file reads as
    /// empty. Text that is not valid UTF-8 is read with replacement characters.
    /// - Throws: ``SourceLintError`` `unreadable` when a file cannot be read.
    public static func keys(of findings: [SourceLintFinding]) throws -> [Key] {
        var lines: [String: [Substring]] = [:]
        return try findings.map { finding in
            if lines[finding.file] == nil {
                let data: Data
                do {
                    data = try Data(contentsOf: URL(fileURLWithPath: finding.file))
                } catch {
                    throw SourceLintError(
                        code: .unreadable, reason: "cannot read \(finding.file): \(error.localizedDescription)",
                        path: finding.file)
                }
                lines[finding.file] = Self.lines(of: String(decoding: data, as: UTF8.self))
            }
            let fileLines = lines[finding.file] ?? []
            let index = finding.line - 1
            let text = fileLines.indices.contains(index) ? String(fileLines[index]) : ""
            return Key(finding, lineText: text)
        }
    }

    /// `text` split at `\n`, `\r\n` and `\r` (the line ends ``SourceLinter`` counts), without them.
    static func lines(of text: String) -> [Substring] {
        var result: [Substring] = []
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var index = start
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "\n" || scalar == "\r" {
                result.append(Substring(scalars[start..<index]))
                var next = scalars.index(after: index)
                if scalar == "\r", next < scalars.endIndex, scalars[next] == "\n" { next = scalars.index(after: next) }
                start = next
                index = next
            } else {
                index = scalars.index(after: index)
            }
        }
        result.append(Substring(scalars[start..<scalars.endIndex]))
        return result
    }
}
