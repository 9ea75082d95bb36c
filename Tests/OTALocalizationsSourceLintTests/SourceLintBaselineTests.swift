import Foundation
import OTALocalizationsSourceLint
import OTATestSupport
import Testing

/// Recording findings into a baseline, its file format, and matching a later run against it.
@Suite struct SourceLintBaselineTests {
    static let bare = #"let a = NSLocalizedString("a", comment: "")"#
    static let module = #"let b = String(localized: "b", bundle: .module)"#
    // python3 -c 'import hashlib; print(hashlib.sha256(b"<line>").hexdigest()[:16])'
    static let bareFingerprint = "6a5849832f980172"
    static let moduleFingerprint = "fa9de2be6244b494"

    @Test func fingerprintIsTheSHA256PrefixOfTheLineWithoutSpacesAndTabsAtItsEnds() async throws {
        let expected = try await ExternalTool.python(
            "import hashlib, sys; print(hashlib.sha256(sys.argv[1].encode()).hexdigest()[:16], end='')", [Self.bare])

        #expect(expected == Self.bareFingerprint)
        #expect(SourceLintBaseline.Key.fingerprint(ofLine: Self.bare) == Self.bareFingerprint)
        #expect(SourceLintBaseline.Key.fingerprint(ofLine: "\t    " + Self.bare + "  \t") == Self.bareFingerprint)
        #expect(SourceLintBaseline.Key.fingerprint(ofLine: "x") == "2d711642b726b044")
    }

    @Test func recordingCountsFindingsOfOneKeyAndWritesSortedJSON() throws {
        let repo = try TemporaryDirectory("lint-baseline")
        defer { repo.remove() }
        try repo.write("B.swift", Self.module + "\n")
        try repo.write("A.swift", "import Foundation\n\(Self.bare)\n\(Self.module)\n    \(Self.bare)\n")
        let findings = try SourceLinter.lint(paths: [repo.url.appendingPathComponent("B.swift"), repo.url.appendingPathComponent("A.swift")])

        let baseline = SourceLintBaseline(recording: try SourceLintBaseline.keys(of: findings))

        #expect(findings.count == 4)
        #expect(baseline.findingCount == 4)
        let a = repo.path + "/A.swift"
        let b = repo.path + "/B.swift"
        #expect(baseline.entries == [
            .init(file: a, rule: "missing-bundle", fingerprint: Self.bareFingerprint, count: 2),
            .init(file: a, rule: "module-bundle", fingerprint: Self.moduleFingerprint, count: 1),
            .init(file: b, rule: "module-bundle", fingerprint: Self.moduleFingerprint, count: 1),
        ])
        #expect(String(decoding: baseline.encoded(), as: UTF8.self) == """
            {
              "entries" : [
                {
                  "count" : 2,
                  "file" : "\(a)",
                  "fingerprint" : "\(Self.bareFingerprint)",
                  "rule" : "missing-bundle"
                },
                {
                  "count" : 1,
                  "file" : "\(a)",
                  "fingerprint" : "\(Self.moduleFingerprint)",
                  "rule" : "module-bundle"
                },
                {
                  "count" : 1,
                  "file" : "\(b)",
                  "fingerprint" : "\(Self.moduleFingerprint)",
                  "rule" : "module-bundle"
                }
              ],
              "version" : 1
            }

            """)
        #expect(try SourceLintBaseline(data: baseline.encoded()) == baseline)
    }

    @Test func keysDropLeadingDotSlashComponentsFromThePath() {
        let finding = SourceLintFinding(file: "././Sources/A.swift", line: 3, column: 9, rule: .missingBundle, message: "m")

        let key = SourceLintBaseline.Key(finding, lineText: Self.bare)

        #expect(key == SourceLintBaseline.Key(file: "Sources/A.swift", rule: "missing-bundle", fingerprint: Self.bareFingerprint))
    }

    @Test func linesEndingInCRLFOrCRAreReadAsTheLinterCountsThem() throws {
        let repo = try TemporaryDirectory("lint-baseline")
        defer { repo.remove() }
        try repo.write("A.swift", "import Foundation\r\n\r\(Self.module)\r\n\(Self.bare)")
        let findings = try SourceLinter.lint(paths: [repo.url.appendingPathComponent("A.swift")])

        let keys = try SourceLintBaseline.keys(of: findings)

        #expect(findings.map(\.line) == [3, 4])
        #expect(keys.map(\.fingerprint) == [Self.moduleFingerprint, Self.bareFingerprint])
    }

    @Test func movedLinesStayRecordedAndAnEditedOrExtraCopyIsNew() throws {
        // Given a baseline of a file with two findings
        let repo = try TemporaryDirectory("lint-baseline")
        defer { repo.remove() }
        let file = repo.url.appendingPathComponent("A.swift")
        try repo.write("A.swift", "\(Self.bare)\n\(Self.module)\n")
        let baseline = SourceLintBaseline(recording: try SourceLintBaseline.keys(of: SourceLinter.lint(paths: [file])))

        // When lines are added above them, one is re-indented, and a second copy of one is added
        try repo.write("A.swift", "import Foundation\n\n// header\n\(Self.module)\n    \(Self.bare)\n\(Self.module)\n")
        let findings = try SourceLinter.lint(paths: [file])
        let match = baseline.match(findings, keys: try SourceLintBaseline.keys(of: findings))

        // Then the recorded ones match and the later copy is new
        #expect(match.matchedCount == 2)
        #expect(match.newFindings.map { "\($0.line):\($0.rule)" } == ["6:module-bundle"])
        #expect(match.stale == [])
    }

    @Test func recordedFindingsThatNoLongerOccurAreStale() throws {
        let baseline = SourceLintBaseline(entries: [
            .init(file: "B.swift", rule: "main-bundle", fingerprint: "0000000000000000", count: 1),
            .init(file: "A.swift", rule: "missing-bundle", fingerprint: Self.bareFingerprint, count: 3),
        ])
        let finding = SourceLintFinding(file: "A.swift", line: 7, column: 9, rule: .missingBundle, message: "m")

        let match = baseline.match([finding], keys: [SourceLintBaseline.Key(finding, lineText: Self.bare)])

        #expect(match.newFindings == [])
        #expect(match.matchedCount == 1)
        #expect(match.stale == [
            .init(file: "A.swift", rule: "missing-bundle", fingerprint: Self.bareFingerprint, count: 2),
            .init(file: "B.swift", rule: "main-bundle", fingerprint: "0000000000000000", count: 1),
        ])
        #expect(match.staleCount == 3)
    }

    @Test(arguments: [
        ("{\"version\": 1, \"entries\": [}", "baseline-malformed", "not valid JSON", true),
        ("[1]", "baseline-malformed", "the file is not a JSON object with a \"version\" number", false),
        ("{\"version\": 2, \"entries\": []}", "baseline-unsupported-version",
         "version 2 is not supported (this release reads version 1)", false),
        ("{\"version\": 1}", "baseline-malformed", "not in the source-lint baseline format: the file has no \"entries\"", false),
        ("{\"version\": 1, \"entries\": [{\"file\": \"A.swift\", \"fingerprint\": \"x\", \"count\": 1}]}", "baseline-malformed",
         "not in the source-lint baseline format: entries[0] has no \"rule\"", false),
        ("{\"version\": 1, \"entries\": [{\"file\": \"A.swift\", \"rule\": \"r\", \"fingerprint\": \"x\", \"count\": \"2\"}]}",
         "baseline-malformed", "not in the source-lint baseline format: entries[0].count is not a whole number", false),
        ("{\"version\": 1, \"entries\": [{\"file\": \"A.swift\", \"rule\": \"r\", \"fingerprint\": \"x\", \"count\": 0}]}",
         "baseline-malformed", "not in the source-lint baseline format: entries[0].count is 0, not 1 or more", false),
    ])
    func aFileThatIsNotABaselineIsRejectedWithItsCode(text: String, code: String, problem: String, fixable: Bool) {
        #expect {
            try SourceLintBaseline(data: Data(text.utf8))
        } throws: { error in
            guard let error = error as? SourceLintBaselineError else { return false }
            return error.code.rawValue == code && error.problem == problem && error.isFixableInPlace == fixable
        }
    }
}
