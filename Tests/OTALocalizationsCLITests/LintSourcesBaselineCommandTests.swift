import Foundation
import OTATestSupport
import Testing

/// Runs the built `ota-localizations lint-sources` with `--write-baseline`, `--baseline` and `$GITHUB_STEP_SUMMARY`, and
/// checks exact output, files and exit codes.
@Suite struct LintSourcesBaselineCommandTests {
    static let bare = #"let a = NSLocalizedString("a", comment: "")"#
    static let module = #"let b = String(localized: "b", bundle: .module)"#
    static let newBypass = #"let c = NSLocalizedString("c", comment: "")"#
    static let missingBundleMessage = "NSLocalizedString without a bundle: argument reads Bundle.main, which over-the-air "
        + "updates never reach; pass bundle: .localizationBundle"

    /// ``missingBundleMessage`` with CommonMark backslash escapes before its ASCII punctuation, as a table cell holds it.
    static let escapedMessage = "NSLocalizedString without a bundle\\: argument reads Bundle\\.main\\, which over\\-the\\-air "
        + "updates never reach\\; pass bundle\\: \\.localizationBundle"

    /// The environment of the tests' process, with `$GITHUB_STEP_SUMMARY` set to `summary` or removed.
    private func environment(summary: URL?) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["GITHUB_STEP_SUMMARY"] = summary?.path
        return environment
    }

    private func cli(_ arguments: [String], in folder: URL, summary: URL? = nil) async throws -> ToolResult {
        try await ExternalTool.run(
            TestPaths.cliExecutable.path, ["lint-sources"] + arguments, currentDirectory: folder,
            environment: environment(summary: summary))
    }

    /// A module with two findings in one file and a clean second file, and its baseline recorded.
    private func makeRepositoryWithBaseline() async throws -> TemporaryDirectory {
        let repo = try TemporaryDirectory("lint-baseline-cli")
        try repo.write("Sources/M/A.swift", "import Foundation\n\(Self.bare)\n\(Self.module)\n")
        try repo.write("Sources/M/B.swift", "let d = NSLocalizedString(\"d\", bundle: .localizationBundle, comment: \"\")\n")
        let recorded = try await cli(["Sources", "--write-baseline", "lint-baseline.json"], in: repo.url)
        #expect(recorded.status == 0)
        #expect(recorded.stderr == "Recorded 2 findings in lint-baseline.json.\n")
        #expect(recorded.stdout == "No new findings in 2 Swift files; 2 findings from the baseline not listed.\n")
        return repo
    }

    @Test func writeBaselineRecordsSortedJSONAndTheSameTreePassesWithTheMatchedCount() async throws {
        let repo = try await makeRepositoryWithBaseline()
        defer { repo.remove() }

        let result = try await cli(["Sources", "--baseline", "lint-baseline.json"], in: repo.url)

        #expect(result.status == 0)
        #expect(result.stdout == "No new findings in 2 Swift files; 2 findings from the baseline not listed.\n")
        #expect(result.stderr == "")
        // Fingerprints: python3 -c 'import hashlib; print(hashlib.sha256(b"<line>").hexdigest()[:16])'
        let file = try String(contentsOf: repo.url.appendingPathComponent("lint-baseline.json"), encoding: .utf8)
        #expect(file == """
            {
              "entries" : [
                {
                  "count" : 1,
                  "file" : "Sources/M/A.swift",
                  "fingerprint" : "6a5849832f980172",
                  "rule" : "missing-bundle"
                },
                {
                  "count" : 1,
                  "file" : "Sources/M/A.swift",
                  "fingerprint" : "fa9de2be6244b494",
                  "rule" : "module-bundle"
                }
              ],
              "version" : 1
            }

            """)
    }

    @Test func aNewBypassFailsAndIsTheOnlyOneReported() async throws {
        let repo = try await makeRepositoryWithBaseline()
        defer { repo.remove() }
        try repo.write("Sources/M/A.swift", "import Foundation\n\(Self.bare)\n\(Self.module)\n\(Self.newBypass)\n")

        let text = try await cli(["Sources", "--baseline", "lint-baseline.json"], in: repo.url)
        let json = try await cli(["Sources", "--baseline", "lint-baseline.json", "--json"], in: repo.url)

        #expect(text.status == 1)
        #expect(text.stdout == """
            Sources/M/A.swift:4:9: error: \(Self.missingBundleMessage) [missing-bundle]
            1 new finding in 1 file (2 Swift files checked); 2 findings from the baseline not listed.

            """)
        #expect(text.stderr == "")
        #expect(json.status == 1)
        #expect(json.stdout == """
            [{"file":"Sources/M/A.swift","line":4,"column":9,"rule":"missing-bundle","message":"\(Self.missingBundleMessage)"}]

            """)
    }

    @Test func findingsOnMovedLinesStayMatched() async throws {
        let repo = try await makeRepositoryWithBaseline()
        defer { repo.remove() }
        // The two findings move from lines 2 and 3 to lines 7 and 4, one of them re-indented; a ./ path names the folder.
        try repo.write("Sources/M/A.swift", """
            import Foundation

            // The module's strings.
            \(Self.module)
            enum Strings {
                static let x = 1
                \(Self.bare)
            }

            """)

        let result = try await cli(["./Sources", "--baseline", "lint-baseline.json"], in: repo.url)

        #expect(result.status == 0)
        #expect(result.stdout == "No new findings in 2 Swift files; 2 findings from the baseline not listed.\n")
        #expect(result.stderr == "")
    }

    @Test func aRemovedFindingIsReportedAsStale() async throws {
        let repo = try await makeRepositoryWithBaseline()
        defer { repo.remove() }
        try repo.write("Sources/M/A.swift", "import Foundation\n\(Self.bare)\nlet b = 1\n")

        let result = try await cli(["Sources", "--baseline", "lint-baseline.json"], in: repo.url)

        #expect(result.status == 0)
        #expect(result.stdout == "No new findings in 2 Swift files; 1 finding from the baseline not listed.\n")
        #expect(result.stderr == """
            note: 1 finding the baseline records no longer occurs (fixed, or its line edited); drop it from \
            lint-baseline.json with 'ota-localizations lint-sources <path> ... --write-baseline lint-baseline.json'.

            """)
    }

    @Test func theStepSummaryGetsEveryFindingBeyondTheTenAnnotationsGitHubShows() async throws {
        let repo = try TemporaryDirectory("lint-baseline-cli")
        defer { repo.remove() }
        let source = (1...12).map { "let k\($0) = NSLocalizedString(\"k\($0)\", comment: \"\")" }.joined(separator: "\n") + "\n"
        try repo.write("Sources/Many.swift", source)
        let summary = try repo.write("summary.md", "Earlier step output.\n")

        let result = try await cli(["Sources"], in: repo.url, summary: summary)

        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("12 findings in 1 file (1 Swift file checked).\n"))
        let rows = (1...12).map { "| `Sources/Many.swift:\($0)` | `missing-bundle` | \(Self.escapedMessage) |\n" }.joined()
        #expect(try String(contentsOf: summary, encoding: .utf8) == """
            Earlier step output.
            ### ota-localizations lint-sources

            12 findings in 1 file (1 Swift file checked).

            | file:line | rule | message |
            | --- | --- | --- |
            \(rows)

            """)
    }

    @Test func theStepSummaryStopsAtGitHubsLimitOfOneMebibyteAndCountsTheRest() async throws {
        let repo = try TemporaryDirectory("lint-baseline-cli")
        defer { repo.remove() }
        let source = (1...6000).map { "let k\($0) = NSLocalizedString(\"k\", comment: \"\")" }.joined(separator: "\n") + "\n"
        try repo.write("Sources/Many.swift", source)
        let summary = repo.url.appendingPathComponent("summary.md")

        let result = try await cli(["Sources"], in: repo.url, summary: summary)

        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("6000 findings in 1 file (1 Swift file checked).\n"))
        let data = try Data(contentsOf: summary)
        #expect(data.count <= 1_048_576)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        let rows = lines.filter { $0.hasPrefix("| `Sources/Many.swift:") }
        // Every row listed is the next finding, in order, and the last line counts the ones left out.
        #expect(rows.enumerated().allSatisfy { $0.element.hasPrefix("| `Sources/Many.swift:\($0.offset + 1)` |") })
        #expect(rows.count > 4000 && rows.count < 6000)
        #expect(lines.last == "\(6000 - rows.count) more findings not shown: a step summary holds at most 1 MiB; "
            + "the log lists every finding.")
    }

    @Test func theStepSummaryListsOnlyNewFindingsUnderABaseline() async throws {
        let repo = try await makeRepositoryWithBaseline()
        defer { repo.remove() }
        try repo.write("Sources/M/A.swift", "import Foundation\n\(Self.bare)\n\(Self.module)\n\(Self.newBypass)\n")
        let summary = repo.url.appendingPathComponent("summary.md")

        let result = try await cli(["Sources", "--baseline", "lint-baseline.json"], in: repo.url, summary: summary)

        #expect(result.status == 1)
        #expect(try String(contentsOf: summary, encoding: .utf8) == """
            ### ota-localizations lint-sources

            1 new finding in 1 file (2 Swift files checked); 2 findings from the baseline not listed.

            | file:line | rule | message |
            | --- | --- | --- |
            | `Sources/M/A.swift:4` | `missing-bundle` | \(Self.escapedMessage) |


            """)
    }

    @Test func aBaselineThatCannotBeUsedStopsTheRunNamingTheFileAndWhatToDo() async throws {
        let repo = try await makeRepositoryWithBaseline()
        defer { repo.remove() }
        try repo.write("broken.json", "{\"version\": 1, \"entries\": [\n")
        try repo.write("v2.json", "{\"version\": 2, \"entries\": []}\n")
        try repo.write("shape.json", "{\"version\": 1, \"entries\": [{\"file\": \"A.swift\", \"count\": 1}]}\n")
        let record = "ota-localizations lint-sources <path> ... --write-baseline"

        let missing = try await cli(["Sources", "--baseline", "nope.json"], in: repo.url)
        let broken = try await cli(["Sources", "--baseline", "broken.json"], in: repo.url)
        let version = try await cli(["Sources", "--baseline", "v2.json"], in: repo.url)
        let shape = try await cli(["Sources", "--baseline", "shape.json", "--json"], in: repo.url)
        let both = try await cli(["Sources", "--baseline", "v2.json", "--write-baseline", "x.json"], in: repo.url)

        #expect(missing.status == 1)
        #expect(missing.stdout == "")
        #expect(missing.stderr == "error: --baseline nope.json: no such file; record one with '\(record) nope.json'\n")
        #expect(broken.status == 1)
        #expect(broken.stderr == """
            error: --baseline broken.json: not valid JSON; fix it there, or record the baseline again with \
            '\(record) broken.json'

            """)
        #expect(version.status == 1)
        #expect(version.stderr == """
            error: --baseline v2.json: version 2 is not supported (this release reads version 1); record the baseline \
            again with '\(record) v2.json'

            """)
        #expect(shape.status == 1)
        let shapeMessage = "--baseline shape.json: not in the source-lint baseline format: entries[0] has no \\\"rule\\\"; "
            + "record the baseline again with '\(record) shape.json'"
        #expect(shape.stdout == "{\"error\":{\"code\":\"baseline-malformed\",\"message\":\"\(shapeMessage)\"}}\n")
        #expect(both.status == 2)
        #expect(both.stderr.hasPrefix("error: --baseline and --write-baseline cannot be combined"))
        #expect(!FileManager.default.fileExists(atPath: repo.url.appendingPathComponent("x.json").path))
    }
}
