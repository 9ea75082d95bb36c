import Foundation
import OTATestSupport
import Testing

/// Runs the built `ota-localizations validate` (and `package` with validation) on small repositories.
@Suite struct ValidateCommandTests {
    private func cli(_ arguments: [String]) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
    }

    /// en and fr tables where fr reads an int where en reads an object, and lacks one key.
    private func makeRepo() throws -> TemporaryDirectory {
        let repo = try TemporaryDirectory("validate")
        try repo.write("Shop/en.lproj/Localizable.strings", "\"greeting\" = \"Hello %@\";\n\"bye\" = \"Bye\";\n")
        try repo.write("Shop/fr.lproj/Localizable.strings", "\"greeting\" = \"Bonjour %d\";\n")
        return repo
    }

    @Test func exampleAppIsClean() async throws {
        let result = try await cli(["validate", TestPaths.packageRoot.appendingPathComponent("Examples/SampleApp").path])
        #expect(result.status == 0)
        #expect(result.stdout == "0 errors, 0 warnings in 4 modules.\n")
    }

    @Test func findingsAreGroupedPerModuleAndFileWithATotal() async throws {
        let repo = try makeRepo()
        defer { repo.remove() }

        let result = try await cli(["validate", repo.path])

        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Shop")
        #expect(lines[1] == "  Shop/fr.lproj/Localizable.strings")
        // Line 1, column 1: the key's opening quote.
        #expect(lines[2].hasPrefix("    1:1: error: \"greeting\": the format specifiers differ from en (\"Hello %@\")"))
        #expect(lines[2].hasSuffix("[format-specifier-mismatch]"))
        #expect(lines[3] == "    warning: \"bye\" is in en's Localizable table but not here; with no per-key fallback, users of fr see the raw key. Add a translation. [missing-key]")
        #expect(lines.last == "1 error, 1 warning in 1 module.")
    }

    @Test func jsonAndGithubFormats() async throws {
        let repo = try makeRepo()
        defer { repo.remove() }

        let json = try await cli(["validate", repo.path, "--format", "json"])
        // Run from the repository root, as a CI job does: annotation paths are relative to the working directory.
        let github = try await ExternalTool.run(TestPaths.cliExecutable.path, ["validate", ".", "--format", "github"], currentDirectory: repo.url)
        let fromParent = try await ExternalTool.run(
            TestPaths.cliExecutable.path, ["validate", repo.url.lastPathComponent, "--format", "github"],
            currentDirectory: repo.url.deletingLastPathComponent()
        )
        #expect(fromParent.stdout.hasPrefix("::error file=\(repo.url.lastPathComponent)/Shop/fr.lproj/Localizable.strings,line=1,"))

        #expect(json.status == 1)
        let parsed = try await ExternalTool.python("""
            import sys, json
            for d in json.loads(sys.argv[1]):
                assert sorted(d) == sorted(["severity","code","module","localization","table","key","keyPath","file","line","column","message","value","baselined"]), sorted(d)
                print(d["severity"], d["code"], d["module"], d["localization"], d["table"], d["key"], d["keyPath"], d["file"], d["line"], repr(d["value"]))
            """, [json.stdout])
        // Every field docs/validation.md lists, `value` and `keyPath` included (null when absent): the value is the
        // translation as written in fr.lproj, and the missing key.
        #expect(parsed == """
            error format-specifier-mismatch Shop fr Localizable greeting None Shop/fr.lproj/Localizable.strings 1 'Bonjour %d'
            warning missing-key Shop fr Localizable bye None Shop/fr.lproj/Localizable.strings None 'bye'

            """)
        let annotations = github.stdout.split(separator: "\n").map(String.init)
        #expect(annotations.count == 2)
        #expect(annotations[0].hasPrefix("::error file=Shop/fr.lproj/Localizable.strings,line=1,col=1,title=format-specifier-mismatch::\"greeting\": the format specifiers differ from en (\"Hello %25@\")"))
        #expect(annotations[1].hasPrefix("::warning file=Shop/fr.lproj/Localizable.strings,title=missing-key::"))
        await #expect(try cli(["validate", repo.path, "--format", "xml"]).status == 2)
    }

    @Test func recordedBaselineLetsPackageProceedAndNewFindingsStillFail() async throws {
        let repo = try makeRepo()
        defer { repo.remove() }
        let baseline = repo.url.appendingPathComponent("baseline.json").path
        let output = repo.url.appendingPathComponent("out").path

        let blocked = try await cli(["package", repo.path, "--app-version", "1.0", "--output", output, "--quiet"])
        #expect(blocked.status == 1)
        #expect(blocked.stderr.hasPrefix("error: validation found 1 error; nothing was written."))
        #expect(!FileManager.default.fileExists(atPath: output))

        let record = try await cli(["validate", repo.path, "--write-baseline", baseline])
        #expect(record.status == 0)
        #expect(record.stderr == "Recorded 2 findings in \(baseline).\n")

        let packaged = try await cli(["package", repo.path, "--app-version", "1.0", "--output", output, "--quiet",
                                "--validation-baseline", baseline])
        #expect(packaged.status == 0, "\(packaged.stderr)")
        // The command that lists them passes the same validation baseline: without it they would be errors.
        #expect(packaged.stdout.contains("\nValidation: 2 warnings (2 from the validation baseline); ota-localizations validate \(repo.path) --validation-baseline \(baseline) lists them.\n"))
        let listed = try await cli(["validate", repo.path, "--validation-baseline", baseline])
        #expect(listed.status == 0 && listed.stdout.hasSuffix("0 errors, 2 warnings (2 from the validation baseline) in 1 module.\n"))

        // A new mismatch in another key is not covered by the baseline.
        try repo.write("Shop/en.lproj/Localizable.strings", "\"greeting\" = \"Hello %@\";\n\"bye\" = \"Bye\";\n\"count\" = \"%d items\";\n")
        try repo.write("Shop/fr.lproj/Localizable.strings", "\"greeting\" = \"Bonjour %d\";\n\"count\" = \"%@ articles\";\n\"bye\" = \"Salut\";\n")
        let again = try await cli(["validate", repo.path, "--validation-baseline", baseline])
        #expect(again.status == 1)
        #expect(again.stdout.hasSuffix("1 error, 1 warning (1 from the validation baseline) in 1 module.\n"))
    }

    @Test func baselinedFindingsAreOneLineUnlessAskedFor() async throws {
        let repo = try makeRepo()
        defer { repo.remove() }
        let baseline = repo.url.appendingPathComponent("baseline.json").path
        await #expect(try cli(["validate", repo.path, "--write-baseline", baseline]).status == 0)

        let quiet = try await cli(["validate", repo.path, "--validation-baseline", baseline])
        let listed = try await cli(["validate", repo.path, "--validation-baseline", baseline, "--show-baselined"])
        let github = try await cli(["validate", repo.path, "--validation-baseline", baseline, "--format", "github"])

        #expect(quiet.status == 0)
        #expect(quiet.stdout == "2 findings from the validation baseline not listed (--show-baselined lists them).\n0 errors, 2 warnings (2 from the validation baseline) in 1 module.\n")
        #expect(listed.stdout.split(separator: "\n").filter { $0.contains("(baseline)") }.count == 2)
        #expect(github.stdout == "::notice title=validation baseline::2 findings from the validation baseline not annotated (--show-baselined annotates them)\n")
    }

    @Test func aShippingAppWithAnErrorAdoptsThroughTheBaseline() async throws {
        // An English plural rule without other (an error: "2 selects other") in a shipping app: recorded, then
        // package passes; no file is excluded.
        let repo = try TemporaryDirectory("adopt")
        defer { repo.remove() }
        try repo.write("Shop/en.lproj/Localizable.strings", "\"title\" = \"Shop\";\n")
        try repo.write("Shop/en.lproj/Localizable.stringsdict", """
            <plist version="1.0"><dict><key>files</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
            <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>%d file</string></dict>
            </dict></dict></plist>
            """)
        let baseline = repo.url.appendingPathComponent("baseline.json").path
        let output = repo.url.appendingPathComponent("out").path
        let blocked = try await cli(["package", repo.path, "--app-version", "1.0", "--output", output, "--quiet"])
        #expect(blocked.status == 1)
        #expect(blocked.stderr.contains("record today's findings with 'ota-localizations validate <repo-root> --write-baseline <file>'"))
        await #expect(try cli(["validate", repo.path, "--write-baseline", baseline]).status == 0)
        let packaged = try await cli(["package", repo.path, "--app-version", "1.0", "--output", output, "--quiet", "--validation-baseline", baseline])
        #expect(packaged.status == 0, "\(packaged.stderr)")
    }

    @Test func jsonIsPrintedAlsoWhenTheRunCannotStart() async throws {
        let missing = try await cli(["validate", "/nonexistent/ota-repo", "--format", "json"])
        let usage = try await cli(["validate", "--json", "--strcit", "."])
        let parsed = try await ExternalTool.python("""
            import sys, json
            for text in sys.argv[1:]:
                error = json.loads(text)["error"]
                print(error["code"], "|", error["message"])
            """, [missing.stdout, usage.stdout])
        #expect(missing.status == 1 && usage.status == 2)
        #expect(parsed == """
            missing-folder | /nonexistent/ota-repo: the repository root does not exist; check the path
            usage | unknown option '--strcit'; did you mean '--strict'?

            """)
        // The human line still goes to standard error.
        #expect(missing.stderr == "error: /nonexistent/ota-repo: the repository root does not exist; check the path\n")
    }

    @Test func strictFailsOnWarnings() async throws {
        let repo = try TemporaryDirectory("strict")
        defer { repo.remove() }
        try repo.write("Shop/en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n")
        try repo.write("Shop/de.lproj/Localizable.strings", "\"a\" = \"A-de\";\n")

        #expect(try await cli(["validate", repo.path]).status == 0)
        #expect(try await cli(["validate", repo.path, "--strict"]).status == 1)
    }

    @Test func publishedBaselineCatchesADroppedKey() async throws {
        let repo = try TemporaryDirectory("dropped")
        defer { repo.remove() }
        try repo.write("Shop/en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n")
        let output = repo.url.appendingPathComponent("out").path
        await #expect(try cli(["package", repo.path, "--app-version", "1.0", "--output", output, "--quiet"]).status == 0)
        try repo.write("Shop/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")

        let result = try await cli(["validate", repo.path, "--baseline", output + "/1.0/manifest.json", "--format", "json"])

        #expect(result.status == 1)
        #expect(result.stdout.contains("\"code\":\"missing-key-against-baseline\""))
        #expect(result.stdout.contains("\"key\":\"b\""))
    }

    @Test func baselineWithoutModulesIsAnError() async throws {
        let repo = try makeRepo()
        let empty = try TemporaryDirectory("empty")
        defer { repo.remove(); empty.remove() }

        let result = try await cli(["validate", repo.path, "--baseline", empty.path])

        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: --baseline '\(empty.path)' holds no module with a table;"))
    }
}
