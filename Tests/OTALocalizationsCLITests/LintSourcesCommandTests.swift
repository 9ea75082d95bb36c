import Foundation
import OTATestSupport
import Testing

/// Runs the built `ota-localizations lint-sources` and checks exact output and exit codes.
@Suite struct LintSourcesCommandTests {
    private func cli(_ arguments: [String], in folder: URL? = nil) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments, currentDirectory: folder)
    }

    /// A module with two findings in one file and a clean second file.
    private func makeRepository() throws -> TemporaryDirectory {
        let repo = try TemporaryDirectory("lint-cli")
        try repo.write("Sources/M/A.swift", """
            import Foundation
            let a = NSLocalizedString("a", comment: "")
            let b = String(localized: "b", bundle: .module)
            // ota-localizations:disable-next-line
            let c = NSLocalizedString("c", comment: "")

            """)
        try repo.write("Sources/M/B.swift", "let d = NSLocalizedString(\"d\", bundle: .localizationBundle, comment: \"\")\n")
        try repo.write(".build/X.swift", "let e = NSLocalizedString(\"e\", comment: \"\")\n")
        return repo
    }

    @Test func findingsArePrintedAsCompilerDiagnosticsAndExitWithOne() async throws {
        let repo = try makeRepository()
        defer { repo.remove() }

        let result = try await cli(["lint-sources", "Sources"], in: repo.url)

        #expect(result.status == 1)
        #expect(result.stdout == """
            Sources/M/A.swift:2:9: error: NSLocalizedString without a bundle: argument reads Bundle.main, which \
            over-the-air updates never reach; pass bundle: .localizationBundle [missing-bundle]
            Sources/M/A.swift:3:32: error: String(localized:) with bundle: .module reads the module's embedded \
            bundle only, which over-the-air updates never reach; pass bundle: .localizationBundle [module-bundle]
            2 findings in 1 file (2 Swift files checked).

            """)
        #expect(result.stderr == "")
    }

    @Test func aClassBundleIsFlaggedAndPlaceholderTextIsNot() async throws {
        let repo = try TemporaryDirectory("lint-cli")
        defer { repo.remove() }
        try repo.write("App/Cart.swift", #"""
            import SwiftUI
            final class Cart {}
            let title = NSLocalizedString("cart.title", bundle: Bundle(for: Cart.self), comment: "")
            struct Total: View {
                let total: Int
                var body: some View { Text("\(total)") }
            }

            """#)

        let result = try await cli(["lint-sources", "App"], in: repo.url)

        #expect(result.status == 1)
        #expect(result.stdout == """
            App/Cart.swift:3:45: error: NSLocalizedString with bundle: Bundle(for:) reads the embedded bundle that holds \
            the class's code only, which over-the-air updates never reach; pass bundle: .localizationBundle [class-bundle]
            1 finding in 1 file (1 Swift file checked).

            """)
    }

    @Test func jsonOutputIsAnArrayOfFindings() async throws {
        let repo = try makeRepository()
        defer { repo.remove() }

        let result = try await cli(["lint-sources", "--json", "Sources/M/A.swift", "Sources/M/B.swift"], in: repo.url)

        #expect(result.status == 1)
        let summary = try await ExternalTool.python("""
            import sys, json
            items = json.loads(sys.argv[1])
            for o in items:
                assert list(o.keys()) == ["file", "line", "column", "rule", "message"], o.keys()
                print(o["file"], o["line"], o["column"], o["rule"], o["message"].split(" ")[0])
            """, [result.stdout])
        #expect(summary == "Sources/M/A.swift 2 9 missing-bundle NSLocalizedString\n"
            + "Sources/M/A.swift 3 32 module-bundle String(localized:)\n")
    }

    @Test func cleanSourcesExitWithZero() async throws {
        let repo = try makeRepository()
        defer { repo.remove() }

        let one = try await cli(["lint-sources", "Sources/M/B.swift"], in: repo.url)
        let json = try await cli(["lint-sources", "Sources/M/B.swift", "--json"], in: repo.url)
        let example = try await cli(["lint-sources", TestPaths.packageRoot.appendingPathComponent("Examples/SampleApp").path])

        #expect(one.status == 0)
        #expect(one.stdout == "No findings in 1 Swift file.\n")
        #expect(json.status == 0)
        #expect(json.stdout == "[]\n")
        #expect(example.status == 0)
        #expect(example.stdout == "No findings in 5 Swift files.\n")
    }

    @Test func usageErrorsExitWithTwo() async throws {
        let repo = try makeRepository()
        defer { repo.remove() }

        let none = try await cli(["lint-sources"])
        let unknown = try await cli(["lint-sources", "Sources", "--fix"], in: repo.url)
        let missing = try await cli(["lint-sources", "Sources", "Nope"], in: repo.url)

        #expect(none.status == 2)
        #expect(none.stderr == "error: missing <path>\nRun 'ota-localizations lint-sources --help' for usage.\n")
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "error: unknown option '--fix'\nRun 'ota-localizations lint-sources --help' for usage.\n")
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: no such file or folder: Nope\n")
        #expect(missing.stdout == "")
    }

    @Test func projectLookupFunctionsAreCheckedWhenNamed() async throws {
        let repo = try TemporaryDirectory("lint-functions")
        defer { repo.remove() }
        try repo.write("Sources/M/A.swift", "let a = L(\"a\", bundle: .module)\nlet b = #localized(\"b\", bundle: .main)\n")

        let plain = try await cli(["lint-sources", "Sources"], in: repo.url)
        let named = try await cli(["lint-sources", "Sources", "--lookup-function", "L", "--lookup-function", "#localized"], in: repo.url)
        let listed = try await cli(["lint-sources", "Sources", "--lookup-function", "L,#localized"], in: repo.url)
        let bad = try await cli(["lint-sources", "Sources", "--lookup-function", "not a name"], in: repo.url)

        #expect(plain.status == 0)
        #expect(named.status == 1)
        #expect(named.stdout.split(separator: "\n").map { String($0.prefix(25)) } == [
            "Sources/M/A.swift:1:16: e", "Sources/M/A.swift:2:25: e", "2 findings in 1 file (1 S",
        ])
        #expect(listed.stdout == named.stdout)
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("error: --lookup-function 'not a name' is not a Swift function or macro name"))
    }

    @Test func helpDescribesTheCommand() async throws {
        let help = try await cli(["lint-sources", "--help"])
        let top = try await cli(["--help"])

        #expect(help.status == 0)
        #expect(help.stdout.contains("""
            USAGE: ota-localizations lint-sources <path> ... [--lookup-function <name>] ...
                     [--baseline <file> | --write-baseline <file>] [--json]

            """))
        #expect(help.stdout.contains("  --baseline <file>         Report only findings that <file> (written by --write-baseline) does not\n"))
        #expect(top.status == 0)
        #expect(top.stdout.contains("lint-sources"))
    }
}
