import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing

/// The findings a team accepted when it adopted validation, so that only new or changed ones block.
///
/// Written by `validate --write-baseline <file>`, read by `--validation-baseline <file>` (the convention
/// of SwiftLint's `--baseline`). A finding is identified by module, table, localization, key, key path (the rule
/// and form inside a `.stringsdict` entry), code and the offending value, never by line, so edits elsewhere in a
/// file do not invalidate the baseline, while a changed value or a finding in another form does. Each finding is
/// recorded once per occurrence: two findings of one identity need two records, so a third is new. A `missing-key`
/// finding lists a table's missing keys in its value; it stays baselined while every key it lists now was missing
/// when it was recorded (fixing some keeps it baselined, a newly missing key does not). Tables that do not parse
/// and module names taken from the checkout folder (``ValidationDiagnostic/Code/neverBaselined``) are never
/// recorded and never downgraded. The JSON format is documented in `docs/validation.md`.
public struct ValidationBaseline: Sendable, Equatable, Codable {
    /// One recorded finding.
    public struct Finding: Sendable, Hashable, Codable, Comparable {
        public var module: String
        public var table: String?
        public var localization: String?
        public var key: String?
        /// ``ValidationDiagnostic/keyPath``: the rule and form inside a `.stringsdict` entry (`COUNT/one`).
        public var keyPath: String?
        public var code: String
        public var value: String?

        public init(
            module: String, table: String?, localization: String?, key: String?, keyPath: String? = nil, code: String,
            value: String?
        ) {
            self.module = module
            self.table = table
            self.localization = localization
            self.key = key
            self.keyPath = keyPath
            self.code = code
            self.value = value
        }

        /// The identity of a diagnostic.
        public init(_ diagnostic: ValidationDiagnostic) {
            self.init(module: diagnostic.module, table: diagnostic.table, localization: diagnostic.localization,
                      key: diagnostic.key, keyPath: diagnostic.keyPath, code: diagnostic.code.rawValue,
                      value: diagnostic.value)
        }

        public static func < (a: Finding, b: Finding) -> Bool {
            func fields(_ f: Finding) -> [String] {
                [f.module, f.table ?? "", f.localization ?? "", f.key ?? "", f.keyPath ?? "", f.code, f.value ?? ""]
            }
            return fields(a).lexicographicallyPrecedes(fields(b))
        }

        /// The same place without the key path and value (the table and key a `missing-key` finding is about, or
        /// the record an older release wrote without a key path).
        fileprivate var place: Finding {
            Finding(module: module, table: table, localization: localization, key: key, code: code, value: nil)
        }
    }

    /// The format version this release writes and reads.
    public static let currentVersion = 1

    /// Format version of the file.
    public var version: Int
    /// Recorded findings, sorted; a finding that occurs twice is recorded twice.
    public var findings: [Finding]

    public init(findings: [Finding]) {
        version = Self.currentVersion
        self.findings = findings.sorted()
    }

    /// Records every finding that may be baselined (errors, warnings and notes alike), one record per finding.
    public init(recording diagnostics: [ValidationDiagnostic]) {
        self.init(findings: diagnostics
            .filter { !ValidationDiagnostic.Code.neverBaselined.contains($0.code) }
            .map(Finding.init))
    }

    /// Reads a baseline file.
    /// - Throws: ``ValidationBaselineError`` with code `baseline-malformed` or `baseline-unsupported-version`.
    public init(data: Data) throws {
        struct Header: Decodable { var version: Int }
        let document: JSONDocument
        do {
            document = try JSONDocument(bytes: data)
        } catch {
            throw ValidationBaselineError(
                code: .malformed, problem: "not valid JSON (\(error.reason))", isFixableInPlace: true,
                line: error.line, column: error.column)
        }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch {
            throw ValidationBaselineError(
                code: .malformed, problem: "the file is not a JSON object with a \"version\" number",
                line: 1, column: 1)
        }
        guard header.version == Self.currentVersion else {
            let place = document.position(of: [.key("version")])
            throw ValidationBaselineError(
                code: .unsupportedVersion,
                problem: "version \(header.version) is not supported (this release reads version \(Self.currentVersion))",
                line: place.line, column: place.column)
        }
        do {
            self = try JSONDecoder().decode(ValidationBaseline.self, from: data)
        } catch let error as DecodingError {
            let (path, text) = JSONDocument.describe(error)
            let place = document.position(of: path)
            throw ValidationBaselineError(
                code: .malformed, problem: "not in the validation baseline format: \(text) (docs/validation.md)",
                line: place.line, column: place.column)
        }
    }

    /// The file's bytes: pretty-printed JSON with sorted keys and a final newline, stable across runs.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and integers cannot fail.
        var data = (try? encoder.encode(self)) ?? Data()
        data.append(0x0A)
        return data
    }

    /// Downgrades the recorded errors to warnings and marks every recorded finding ``ValidationDiagnostic/baselined``
    /// (a note stays a note).
    ///
    /// A diagnostic whose identity is not recorded, or whose code is never baselined, is returned unchanged. Each
    /// record absorbs one diagnostic, in the order given: when a file holds one more finding of an identity than
    /// was recorded, the last one is new. A `missing-key` or `development-value-missing` diagnostic (a list of keys)
    /// is recorded when a recorded finding of the same code, module, table and localization listed every key it lists.
    /// - Returns: the diagnostics in the same order.
    public func apply(to diagnostics: [ValidationDiagnostic]) -> [ValidationDiagnostic] {
        var remaining: [Finding: Int] = [:]
        var missingKeys: [Finding: Set<Substring>] = [:]
        for finding in findings {
            if Self.keyListCodes.contains(ValidationDiagnostic.Code(rawValue: finding.code)) {
                var place = finding.place
                place.key = nil
                missingKeys[place, default: []].formUnion(Self.keys(of: finding))
            } else {
                remaining[finding, default: 0] += 1
            }
        }
        return diagnostics.map { diagnostic in
            guard !ValidationDiagnostic.Code.neverBaselined.contains(diagnostic.code) else { return diagnostic }
            let finding = Finding(diagnostic)
            var isRecorded = false
            if Self.keyListCodes.contains(diagnostic.code) {
                var place = finding.place
                place.key = nil
                isRecorded = missingKeys[place].map { Self.keys(of: finding).isSubset(of: $0) } ?? false
            } else if let count = remaining[finding], count > 0 {
                remaining[finding] = count - 1
                isRecorded = true
            }
            guard isRecorded else { return diagnostic }
            var downgraded = diagnostic
            if downgraded.severity == .error { downgraded.severity = .warning }
            downgraded.baselined = true
            return downgraded
        }
    }

    /// How many of `diagnostics` (as returned by ``apply(to:)``) are new only because the baseline recorded a finding
    /// of the same code at the same key with less detail: without the ``ValidationDiagnostic/keyPath`` the new finding
    /// has, or without any value where it has one. An earlier release wrote `.stringsdict` findings without their rule
    /// and form (and a table outside any `.lproj` without its path); such a record cannot tell a new finding from the
    /// recorded one, so it covers none. Write the baseline again after reviewing them.
    public func countCoveredOnlyByOlderRecords(in diagnostics: [ValidationDiagnostic]) -> Int {
        let withoutKeyPath = Set(findings.filter { $0.keyPath == nil }.map(\.place))
        guard !withoutKeyPath.isEmpty else { return 0 }
        let withoutValue = Set(findings.filter { $0.keyPath == nil && $0.value == nil }.map(\.place))
        return diagnostics.filter { diagnostic in
            guard !diagnostic.baselined, !Self.keyListCodes.contains(diagnostic.code) else { return false }
            let place = Finding(diagnostic).place
            if diagnostic.keyPath != nil { return withoutKeyPath.contains(place) }
            return diagnostic.value != nil && withoutValue.contains(place)
        }.count
    }

    /// The codes whose finding lists keys in its value, one per line, and stays recorded while it lists only recorded
    /// keys.
    static let keyListCodes: Set<ValidationDiagnostic.Code> = [.missingKey, .developmentValueMissing]

    /// The keys a key-list finding lists: its value, one key per line (the key itself for a single key).
    private static func keys(of finding: Finding) -> Set<Substring> {
        guard let value = finding.value else { return Set([finding.key.map { Substring($0) } ?? ""]) }
        return Set(value.split(separator: "\n", omittingEmptySubsequences: false))
    }
}
