import Foundation
import OTATestSupport
import Testing

/// `validate` under GitHub Actions: every finding the annotations list goes to `$GITHUB_STEP_SUMMARY` too, since
/// GitHub shows only the first 10 error and 10 warning annotations of a step.
@Suite struct ValidateStepSummaryCommandTests {
    private func validate(_ repo: TemporaryDirectory, summary: URL?, _ extra: [String] = []) async throws -> ToolResult {
        var environment = ProcessInfo.processInfo.environment
        environment["GITHUB_STEP_SUMMARY"] = summary?.path
        return try await ExternalTool.run(
            TestPaths.cliExecutable.path, ["validate", ".", "--format", "github"] + extra, currentDirectory: repo.url,
            environment: environment)
    }

    @Test func everyFindingIsInTheSummaryErrorsFirst() async throws {
        let repo = try TemporaryDirectory("validate-summary")
        defer { repo.remove() }
        // Twelve errors and a warning: more than GitHub annotates.
        let english = (1...12).map { "\"k\($0)\" = \"%@ item\";" } + ["\"w\" = \"Hello \";"]
        let french = (1...12).map { "\"k\($0)\" = \"%d article\";" } + ["\"w\" = \"Bonjour\";"]
        try repo.write("Sources/Shop/en.lproj/Localizable.strings", english.joined(separator: "\n") + "\n")
        try repo.write("Sources/Shop/fr.lproj/Localizable.strings", french.joined(separator: "\n") + "\n")
        let summary = repo.url.appendingPathComponent("summary.md")

        let result = try await validate(repo, summary: summary)

        #expect(result.status == 1)
        #expect(result.stdout.split(separator: "\n").filter { $0.hasPrefix("::error ") }.count == 12)
        let text = try String(contentsOf: summary, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.prefix(5) == [
            "### ota-localizations validate", "", "12 errors, 1 warning in 1 module.", "",
            "| file:line | finding | message |",
        ])
        let rows = lines.filter { $0.hasPrefix("| `") }
        #expect(rows.count == 13)
        #expect(rows.first?.hasPrefix("| `Sources/Shop/fr.lproj/Localizable.strings:1` | `error format-specifier-mismatch` | ") == true)
        #expect(rows.last?.hasPrefix("| `Sources/Shop/fr.lproj/Localizable.strings:13` | `warning whitespace-mismatch` | ") == true)
    }

    @Test func withoutTheVariableNothingIsWritten() async throws {
        let repo = try TemporaryDirectory("validate-summary")
        defer { repo.remove() }
        try repo.write("Sources/Shop/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        let result = try await validate(repo, summary: nil)
        #expect(result.status == 0)
        // No annotation: an empty line.
        #expect(result.stdout == "\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: repo.url.path).sorted() == ["Sources"])
    }
}
