import Foundation
import OTATestSupport
import Testing

/// The codes docs/validation.md lists for a baseline that stops the run are the codes `validate --format json`
/// prints, one scenario per code.
@Suite struct BaselineErrorCodeTests {
    private func cli(_ arguments: [String]) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
    }

    /// The `code` column of the table under "## Errors that stop the run".
    private func documentedCodes() throws -> [String] {
        let text = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/validation.md"), encoding: .utf8)
        let section = try #require(MarkdownText.section("## Errors that stop the run", in: text))
        return section.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { line in
            String(line.dropFirst(3).prefix { $0 != "`" })
        }
    }

    private func code(_ result: ToolResult) async throws -> String {
        try await ExternalTool.python("import sys, json; print(json.loads(sys.argv[1])['error']['code'])", [result.stdout])
            .trimmingCharacters(in: .newlines)
    }

    @Test func eachDocumentedCodeIsWhatValidatePrints() async throws {
        let repo = try TemporaryDirectory("baseline-codes")
        defer { repo.remove() }
        try repo.write("Shop/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        let malformed = try repo.write("malformed.json", "{\"version\": 1, \"findings\": [}")
        let future = try repo.write("future.json", "{\"version\": 2, \"findings\": []}")

        let scenarios: [(arguments: [String], code: String)] = [
            (["--baseline", "/nonexistent/ota/1.0/manifest.json"], "configuration"),
            (["--validation-baseline", "/nonexistent/baseline.json"], "configuration"),
            (["--validation-baseline", malformed.path], "baseline-malformed"),
            (["--validation-baseline", future.path], "baseline-unsupported-version"),
        ]
        for scenario in scenarios {
            let result = try await cli(["validate", repo.path, "--format", "json"] + scenario.arguments)
            #expect(result.status == 1, "\(scenario.arguments)")
            await #expect(try code(result) == scenario.code, "\(scenario.arguments): \(result.stdout)")
            // The same line on stderr, with what to do.
            #expect(result.stderr.hasPrefix("error: "), "\(scenario.arguments)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(scenario.arguments)")
        }
        #expect(try documentedCodes() == ["configuration", "baseline-malformed", "baseline-unsupported-version"])
        #expect(Set(scenarios.map(\.code)) == Set(try documentedCodes()))

        // package --json prints the same codes.
        let package = try await cli(["package", repo.path, "--app-version", "1.0", "--output", repo.url.appendingPathComponent("out").path,
                               "--json", "--validation-baseline", future.path])
        #expect(package.status == 1)
        await #expect(try code(package) == "baseline-unsupported-version")
    }
}
