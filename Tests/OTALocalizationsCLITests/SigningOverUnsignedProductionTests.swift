import Foundation
import OTATestSupport
import Testing

/// Turning signing on for a version whose production was published unsigned (docs/signing.md, "Turning signing on"):
/// `promote` with a key refuses to read the unsigned production and says how to sign it, and doing what it says works.
@Suite struct SigningOverUnsignedProductionTests {
    private func cli(_ arguments: [String]) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
    }

    private func modules(_ manifest: [String: Any]) -> [String] {
        (manifest["modules"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    }

    @Test func promoteWithAKeyOverAnUnsignedProductionSaysHowToSignItAndTheWayWorks() async throws {
        // Given: production and staging published unsigned, then staging published again signed (the first signed CI run).
        let keyFolder = try TemporaryDirectory("turn-on-keys")
        defer { keyFolder.remove() }
        let keygen = try await cli(["keygen", "--output", keyFolder.path])
        let key = keyFolder.url.appendingPathComponent("manifest-signing-key.pem")
        let publicKey = try #require(keygen.stdout.split(separator: "\n").first { $0.hasPrefix("Public key:") }?
            .split(separator: " ").last.map(String.init))
        let site = try await PublishedSite()
        let publication = site.publication
        let signedStaging = try await cli(["package", publication.source.path, "--app-version", "1.0.0", "--output", publication.output.path,
                                           "--published-at", "2026-01-03T00:00:00Z", "--channel", "staging", "--signing-key", key.path, "--quiet"])
        #expect(signedStaging.status == 0, "\(signedStaging.stderr)")
        await #expect(try cli(["publish", publication.versionFolder.path, "--to", site.www.path, "--channel", "staging", "--quiet"]).status == 0)
        let unsignedProduction = try await site.manifest()
        let before = try Data(contentsOf: site.folder.appendingPathComponent("manifest.json"))

        // When: the promote job runs with the key.
        let refused = try await cli(["promote", site.folder.path, "--from", "staging", "--signing-key", key.path, "--quiet"])

        // Then: refused, nothing written, and the message says how to sign production.
        #expect(refused.status == 1)
        #expect(refused.stderr == "error: \(site.folder.path)/manifest.json has no signed envelope (manifest.dsse.json); with a signing "
            + "or trusted key, only a manifest a trusted key signed is read. Production was published unsigned: to sign it, package the "
            + "tables its modules came from (the live release's commit) again with --signing-key and no --channel, publish that "
            + "version folder without --channel (the same tables give the same ZIPs, so devices download nothing new), then run "
            + "this again\n", "\(refused.stderr)")
        #expect(try Data(contentsOf: site.folder.appendingPathComponent("manifest.json")) == before)
        #expect(!FileManager.default.fileExists(atPath: site.folder.appendingPathComponent("manifest.dsse.json").path))

        // Following it: the release's tables (before staging's change), packaged with the key and published to production.
        try publication.edit("Packages/Features/Sources/Checkout/Resources/de.lproj/Localizable.strings",
                             replacing: "\"Ihr Warenkorb\"", with: "\"Dein Warenkorb\"")
        let release = try TemporaryDirectory("turn-on-release")
        defer { release.remove() }
        let packaged = try await cli(["package", publication.source.path, "--app-version", "1.0.0", "--output", release.path,
                                      "--signing-key", key.path, "--quiet"])
        #expect(packaged.status == 0, "\(packaged.stderr)")
        let published = try await cli(["publish", release.url.appendingPathComponent("1.0.0").path, "--to", site.www.path, "--quiet"])
        #expect(published.status == 0, "\(published.stderr)")
        let signedProduction = try await site.manifest()
        #expect(modules(signedProduction) == modules(unsignedProduction), "the same tables give the same ZIPs")
        #expect(signedProduction["publishedAt"] as? String != unsignedProduction["publishedAt"] as? String)

        // The promote runs again, signs production with staging's modules, and a device trusting the key installs them.
        let promoted = try await cli(["promote", site.folder.path, "--from", "staging", "--signing-key", key.path])
        #expect(promoted.status == 0, "\(promoted.stderr)")
        let production = try await site.manifest()
        #expect(modules(production) == modules(try await site.manifest("manifest.staging.json")))
        #expect(modules(production) != modules(unsignedProduction))
        let verified = try await cli(["verify", site.folder.path, "--trusted-key", publicKey])
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
    }
}
