import Foundation
import OTATestSupport
import Testing

/// What `validate` prints for a real app's volume of findings: notes counted, explanations once, older baselines
/// named, names that depend on the checkout pointed out by `modules`.
@Suite struct ValidateOutputTests {
    private func cli(_ arguments: [String], in folder: URL? = nil) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments, currentDirectory: folder)
    }

    /// A plural rule `n` with one and other, for `count` keys: in fr, CLDR's `many` is only for millions (a note),
    /// and in ru an integer rule of one/few/many lacks only the decimal other (a warning with a long explanation).
    private func plurals(_ forms: [String], keys: Int) -> String {
        let rules = (1...keys).map { index in
            "<key>k\(index)</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>"
                + "<key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
                + "<key>NSStringFormatValueTypeKey</key><string>d</string>"
                + forms.map { "<key>\($0)</key><string>%d x</string>" }.joined() + "</dict></dict>"
        }.joined(separator: "\n")
        return "<plist version=\"1.0\"><dict>\n\(rules)\n</dict></plist>\n"
    }

    private func makeRepo() throws -> TemporaryDirectory {
        let repo = try TemporaryDirectory("output")
        try repo.write("Shop/en.lproj/Localizable.stringsdict", plurals(["one", "other"], keys: 3))
        try repo.write("Shop/fr.lproj/Localizable.stringsdict", plurals(["one", "other"], keys: 3))
        try repo.write("Shop/ru.lproj/Localizable.stringsdict", plurals(["one", "few", "many"], keys: 3))
        return repo
    }

    @Test func notesAreOneLineAndAnExplanationIsPrintedOnce() async throws {
        let repo = try makeRepo()
        defer { repo.remove() }
        let plain = try await cli(["validate", repo.path])
        let lines = plain.stdout.split(separator: "\n").map(String.init)
        #expect(plain.status == 0)
        #expect(!lines.contains { $0.contains(" note: ") })
        #expect(lines.suffix(2) == [
            "3 notes not listed (--show-notes lists them; notes never block).",
            "0 errors, 3 warnings, 3 notes in 1 module.",
        ])
        // Three ru warnings: the first with its explanation, the next two with a reference to it.
        let warnings = lines.filter { $0.contains("[stringsdict-missing-decimal-other") }
        #expect(warnings.count == 3)
        #expect(warnings[0].contains("Apple's documentation still calls other required") && warnings[0].hasSuffix("[stringsdict-missing-decimal-other]"))
        #expect(warnings.dropFirst().allSatisfy { !$0.contains("Apple's documentation") && $0.hasSuffix("[stringsdict-missing-decimal-other, explained above]") })

        let shown = try await cli(["validate", repo.path, "--show-notes"])
        #expect(shown.stdout.split(separator: "\n").filter { $0.contains(" note: ") }.count == 3)
        #expect(!shown.stdout.contains("not listed"))
        // JSON and GitHub annotations keep every message whole; GitHub counts the notes like baselined findings.
        let json = try await cli(["validate", repo.path, "--format", "json"])
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(decoded.filter { ($0["message"] as? String)?.contains("Apple's documentation still calls other required") == true }.count == 3)
        let github = try await cli(["validate", repo.path, "--format", "github"])
        #expect(github.stdout.split(separator: "\n").filter { $0.hasPrefix("::notice file=") }.isEmpty)
        #expect(github.stdout.hasSuffix("::notice title=notes::3 notes not annotated (--show-notes annotates them; notes never block)\n"))
    }

    @Test func aBaselineOfAnEarlierReleaseIsNamedAsTheReasonFindingsAreNew() async throws {
        // A record as an earlier release wrote it: the key, without the rule ("keyPath") or value.
        let repo = try makeRepo()
        defer { repo.remove() }
        let baseline = try repo.write("baseline.json", """
            {"findings": [{"code": "stringsdict-missing-decimal-other", "key": "k1", "localization": "ru", "module": "Shop", "table": "Localizable"}], "version": 1}
            """)
        let result = try await cli(["validate", repo.path, "--validation-baseline", baseline.path, "--strict"])
        #expect(result.status == 1)
        #expect(result.stderr == "note: 1 finding is new only because the validation baseline was written by an earlier release, which recorded it without the rule, form or file that now tells such findings apart (so it could hide new ones); review it and record the baseline again with 'ota-localizations validate --write-baseline <file>'.\n")
    }

    @Test func modulesWarnsWhenTheNameIsTheCheckoutFolders() async throws {
        let parent = try TemporaryDirectory("ws")
        defer { parent.remove() }
        try parent.write("workspace/Translations/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        let result = try await cli(["modules", parent.url.appendingPathComponent("workspace").path])
        #expect(result.status == 0)
        let warning = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("  warning:") })
        #expect(warning.contains(#"Name the module the app uses in ota-localizations.json: {"repositoryModule": "workspace"}"#))
        let json = try await cli(["modules", parent.url.appendingPathComponent("workspace").path, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let module = try #require((object["modules"] as? [[String: Any]])?.first)
        #expect((module["warning"] as? String)?.contains("repositoryModule") == true)
    }
}
