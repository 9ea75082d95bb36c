import Foundation
import OTATestSupport
import Testing

/// `package --pseudo`: refused without a channel or for production (usage errors, exit 2), a localization no module
/// has (exit 1), and a QA publish whose pseudo-localized table is read back with `unzip`.
@Suite struct PackagePseudoCommandTests {
    static let example = TestPaths.packageRoot.appendingPathComponent("Examples/SampleApp")

    private func package(_ extra: [String], in folder: URL) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, [
            "package", Self.example.path, "--app-version", "1.0.0", "--output", "ota", "--published-at", "2026-07-24T10:00:00Z",
        ] + extra, currentDirectory: folder)
    }

    @Test func refusesPseudoWithoutAChannel() async throws {
        let out = try TemporaryDirectory("pseudo-cli")
        defer { out.remove() }
        let result = try await package(["--pseudo", "fr"], in: out.url)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            error: --pseudo fr needs --channel <name>, a channel other than production (e.g. --channel qa): production devices must never show pseudo-text
            Run 'ota-localizations package --help' for usage.

            """)
        #expect(!FileManager.default.fileExists(atPath: out.url.appendingPathComponent("ota").path))
    }

    @Test func refusesPseudoForProduction() async throws {
        let out = try TemporaryDirectory("pseudo-cli")
        defer { out.remove() }
        let message = "--pseudo fr is refused for --channel production: production devices must never show pseudo-text; "
            + "give another channel (e.g. --channel qa)"
        let result = try await package(["--pseudo", "fr", "--channel", "production"], in: out.url)
        #expect(result.status == 2)
        #expect(result.stderr == "error: \(message)\nRun 'ota-localizations package --help' for usage.\n")
        let json = try await package(["--pseudo", "fr", "--channel", "production", "--json"], in: out.url)
        #expect(json.status == 2)
        #expect(json.stdout == "{\"error\":{\"code\":\"usage\",\"message\":\"\(message)\"}}\n")
        #expect(!FileManager.default.fileExists(atPath: out.url.appendingPathComponent("ota").path))
    }

    @Test func refusesALocalizationNoModuleHas() async throws {
        let out = try TemporaryDirectory("pseudo-cli")
        defer { out.remove() }
        let result = try await package(["--pseudo", "es", "--channel", "qa", "--quiet"], in: out.url)
        #expect(result.status == 1)
        #expect(result.stderr == "error: --pseudo es: no module has this localization; they have Base, ar, de, en, fr, fr-CA, pl, ru\n")
    }

    @Test func publishesPseudoTextOnTheQAChannel() async throws {
        let out = try TemporaryDirectory("pseudo-cli")
        defer { out.remove() }
        let result = try await package(["--pseudo", "fr", "--channel", "qa", "--quiet"], in: out.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        let folder = out.url.appendingPathComponent("ota/1.0.0")
        #expect(result.stdout.hasSuffix("Validation: no findings.\nManifest: ota/1.0.0/manifest.qa.json\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("manifest.json").path))
        let zip = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .first { $0.hasPrefix("Checkout-") && $0.split(separator: "-").count == 2 })
        // The development value (en.lproj) is "Your Cart"; the pseudo-text is worked out by hand from the rule.
        let table = try await ExternalTool.run("unzip", ["-p", folder.appendingPathComponent(zip).path, "fr.lproj/Localizable.strings"])
        #expect(table.status == 0)
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("\"cart.title\" = \"[Ýöûŕ Çåŕţ···]\";"))
        #expect(lines.contains("\"shipping.carrier_eta\" = \"[%1$@ ðéļîṽéŕš îñ %2$d ðåýš······]\";"))
    }

    /// A pseudo run validates what it publishes, the pseudo tables: its counts are not those of the `validate` run it
    /// names, and the line says whose they are.
    @Test func theValidationLineSaysItsCountsAreOfThePseudoTables() async throws {
        let repo = try TemporaryDirectory("pseudo-summary")
        defer { repo.remove() }
        try repo.write("Sources/Shop/en.lproj/Localizable.strings", "\"hello\" = \"Hello \";\n")
        try repo.write("Sources/Shop/fr.lproj/Localizable.strings", "\"hello\" = \"Bonjour \";\n")
        try repo.write("Sources/Shop/de.lproj/Localizable.strings", "\"hello\" = \"Hallo\";\n")

        let result = try await ExternalTool.run(
            TestPaths.cliExecutable.path, ["package", ".", "--app-version", "1.0.0", "--output", "out", "--channel", "qa", "--pseudo", "fr"],
            currentDirectory: repo.url)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\nValidation: 1 warning, of the tables as published with fr as pseudo-text; "
            + "ota-localizations validate . lists the repository's own.\n"), "\(result.stdout)")
    }

    @Test func warnsAboutModulesWithoutTheLocalization() async throws {
        let out = try TemporaryDirectory("pseudo-cli")
        defer { out.remove() }
        // Only the app target has Base.lproj.
        let result = try await package(["--pseudo", "Base", "--channel", "qa", "--quiet"], in: out.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "warning: --pseudo: modules Checkout, Profile, Search have no Base localization to pseudo-localize; "
            + "published as they are\n")
    }
}
