import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing

/// Attacks on `promote`, `rollout` and `verify`, run as someone who can write the published folder but holds
/// no key: nothing is signed that a trusted key did not sign, files are checked by SHA-256, and `verify` passes only
/// what a keyed device would install.
@Suite struct ReleaseTrustTests {
    private func cli(_ arguments: [String]) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
    }

    /// A key pair made by `keygen`: the private key file and the public key's base64.
    private func keys(_ folder: TemporaryDirectory) async throws -> (file: URL, publicKey: String) {
        let keygen = try await cli(["keygen", "--output", folder.path])
        let publicKey = try #require(keygen.stdout.split(separator: "\n").first { $0.hasPrefix("Public key:") }?
            .split(separator: " ").last.map(String.init))
        return (folder.url.appendingPathComponent("manifest-signing-key.pem"), publicKey)
    }

    private func modules(_ manifest: [String: Any]) -> [String] {
        (manifest["modules"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    }

    /// The staged manifest an attacker wrote: Checkout's entry points at the production ZIP of another module.
    private func tamper(_ file: URL) throws -> Data {
        let text = try String(contentsOf: file, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "\"name\": \"Search\"", with: "\"name\": \"Evil\"")
        #expect(edited != text)
        try edited.write(to: file, atomically: true, encoding: .utf8)
        return Data(edited.utf8)
    }

    @Test func withAKeyPromoteSignsOnlyWhatTheStagedEnvelopeSignedAndRefusesAStagingWithoutOne() async throws {
        let keyFolder = try TemporaryDirectory("trust-keys")
        defer { keyFolder.remove() }
        let (key, publicKey) = try await keys(keyFolder)
        let site = try await PublishedSite(signingKey: key)
        let signedStaging = try await site.manifest("manifest.staging.json")
        let staged = site.folder.appendingPathComponent("manifest.staging.json")
        _ = try tamper(staged)

        // The envelope left as it was: promote reads staging through it and signs its bytes, not the edit.
        let promoted = try await cli(["promote", site.folder.path, "--from", "staging", "--signing-key", key.path])
        #expect(promoted.status == 0, "\(promoted.stderr)")
        let production = try await site.manifest()
        #expect(modules(production) == modules(signedStaging))
        #expect(!(String(data: try Data(contentsOf: site.folder.appendingPathComponent("manifest.json")), encoding: .utf8) ?? "").contains("Evil"))
        await #expect(try cli(["verify", site.folder.path, "--trusted-key", publicKey]).status == 0)

        // The envelope deleted: refused with the signature code, nothing written.
        try FileManager.default.removeItem(at: site.folder.appendingPathComponent("manifest.staging.dsse.json"))
        let before = try Data(contentsOf: site.folder.appendingPathComponent("manifest.json"))
        let refused = try await cli(["promote", site.folder.path, "--from", "staging", "--signing-key", key.path, "--json"])
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("\"code\":\"signature\""), "\(refused.stdout)")
        #expect(refused.stderr.contains("manifest.staging.json has no signed envelope"), "\(refused.stderr)")
        #expect(refused.stderr.contains(". Publish the channel signed: package --channel staging --signing-key, then publish --channel staging\n"),
                "\(refused.stderr)")
        #expect(try Data(contentsOf: site.folder.appendingPathComponent("manifest.json")) == before)

        // --trusted-key alone makes the same demand (here with an envelope signed by another key).
        let otherFolder = try TemporaryDirectory("other-keys")
        defer { otherFolder.remove() }
        let other = try await keys(otherFolder)
        let untrusted = try await cli(["promote", site.folder.path, "--from", "production", "--to", "qa", "--trusted-key", other.publicKey, "--json"])
        #expect(untrusted.status == 1)
        #expect(untrusted.stdout.contains("\"code\":\"signature\""), "\(untrusted.stdout)")
        #expect(untrusted.stderr.contains("(untrusted-key)"), "\(untrusted.stderr)")
        let accepted = try await cli(["promote", site.folder.path, "--from", "production", "--to", "qa", "--trusted-key", other.publicKey, "--signing-key", key.path])
        #expect(accepted.status == 0, "the signing key's own public key counts as trusted: \(accepted.stderr)")
    }

    @Test func rolloutWithAKeyIgnoresAnEditedUnsignedManifest() async throws {
        let keyFolder = try TemporaryDirectory("trust-keys")
        defer { keyFolder.remove() }
        let (key, publicKey) = try await keys(keyFolder)
        let site = try await PublishedSite(signingKey: key)
        await #expect(try cli(["promote", site.folder.path, "--from", "staging", "--rollout", "10", "--signing-key", key.path]).status == 0)
        let signed = try await site.manifest()
        _ = try tamper(site.folder.appendingPathComponent("manifest.json"))

        let raised = try await cli(["rollout", site.folder.path, "--percent", "50", "--signing-key", key.path])

        #expect(raised.status == 0, "\(raised.stderr)")
        let production = try await site.manifest()
        #expect(modules(production) == modules(signed), "the edit was never read, so never signed")
        #expect(((production["rollout"] as? [String: Any])?["percent"] as? NSNumber)?.intValue == 50)
        await #expect(try cli(["verify", site.folder.path, "--trusted-key", publicKey]).status == 0)
    }

    @Test func aStagedFileWithOtherBytesOfTheSameSizeIsRefusedBySHA256() async throws {
        let site = try await PublishedSite()
        let staged = try await site.manifest("manifest.staging.json")
        let production = try await site.manifest()
        let changed = try #require(modules(staged).first { !modules(production).contains($0) })
        let file = site.folder.appendingPathComponent(changed)
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count - 1] ^= 0xFF
        try bytes.write(to: file)
        let before = try Data(contentsOf: site.folder.appendingPathComponent("manifest.json"))

        let refused = try await cli(["promote", site.folder.path, "--from", "staging"])

        #expect(refused.status == 1)
        #expect(refused.stderr.contains("\(changed) has SHA-256 \(try await ExternalTool.sha256sum(file)), the manifest lists"), "\(refused.stderr)")
        #expect(try Data(contentsOf: site.folder.appendingPathComponent("manifest.json")) == before)
    }

    @Test func aRolloutCarriesTheRemovalOfAModuleStagingDropped() async throws {
        let site = try await PublishedSite()
        let production = try await site.manifest()
        // QA removed Search on staging.
        let staging = try site.publication.rewrite(channel: "staging") { manifest in
            manifest.modules.removeAll { $0.name == "Search" }
        }
        #expect(staging.modules.count == modules(production).count - 1)
        await #expect(try cli(["publish", site.publication.versionFolder.path, "--to", site.www.path, "--channel", "staging", "--quiet"]).status == 0)

        await #expect(try cli(["promote", site.folder.path, "--from", "staging", "--rollout", "25"]).status == 0)
        var manifest = try await site.manifest()
        #expect(modules(manifest) == modules(production), "devices outside the rollout keep Search")
        #expect((manifest["rollout"] as? [String: Any])?["removedModules"] as? [String] == ["Search"])

        await #expect(try cli(["rollout", site.folder.path, "--finish"]).status == 0)
        manifest = try await site.manifest()
        #expect(manifest["rollout"] == nil)
        #expect(!(manifest["modules"] as? [[String: Any]] ?? []).contains { $0["name"] as? String == "Search" })
        await #expect(try cli(["verify", site.folder.path]).status == 0)
    }

    @Test func theFirstRolloutOfAVersionStartsOnAProductionWithNoStableModules() async throws {
        let site = try await PublishedSite()
        try FileManager.default.removeItem(at: site.folder.appendingPathComponent("manifest.json"))
        try FileManager.default.removeItem(at: site.folder.appendingPathComponent("index.json"))

        let started = try await cli(["promote", site.folder.path, "--from", "staging", "--rollout", "10"])

        #expect(started.status == 0, "\(started.stderr)")
        let manifest = try await site.manifest()
        #expect(modules(manifest).isEmpty)
        await #expect(modules((manifest["rollout"] as? [String: Any]) ?? [:]) == modules(try site.manifest("manifest.staging.json")))
    }

    @Test func aManifestPutBackAloneIsRefusedAndExpectPublishedAtCatchesAWholeOlderPublishPutBack() async throws {
        let keyFolder = try TemporaryDirectory("trust-keys")
        defer { keyFolder.remove() }
        let (key, _) = try await keys(keyFolder)
        let site = try await PublishedSite(signingKey: key)
        let names = ["manifest.staging.json", "manifest.staging.dsse.json", "index.staging.json", "index.staging.dsse.json"]
        let first = try names.map { try Data(contentsOf: site.folder.appendingPathComponent($0)) }
        // A second staging publish, one day later.
        try site.publication.edit("Packages/Features/Sources/Checkout/Resources/de.lproj/Localizable.strings",
                                  replacing: "\"Ihr Warenkorb\"", with: "\"Warenkorb\"")
        await #expect(try cli(["package", site.publication.source.path, "--app-version", "1.0.0", "--output", site.publication.output.path,
                         "--published-at", "2026-01-03T00:00:00Z", "--channel", "staging", "--signing-key", key.path, "--quiet"]).status == 0)
        await #expect(try cli(["publish", site.publication.versionFolder.path, "--to", site.www.path, "--channel", "staging", "--quiet"]).status == 0)
        let production = try Data(contentsOf: site.folder.appendingPathComponent("manifest.json"))

        // The first staging manifest and its envelope put back, the index left: they are from different publishes.
        for (name, data) in zip(names.prefix(2), first.prefix(2)) { try data.write(to: site.folder.appendingPathComponent(name)) }
        let mixed = try await cli(["promote", site.folder.path, "--from", "staging", "--signing-key", key.path])
        #expect(mixed.status == 1 && mixed.stderr.contains("is not the index of manifest.staging.json"), "\(mixed.stderr)")
        #expect(try Data(contentsOf: site.folder.appendingPathComponent("manifest.json")) == production)

        // The whole first publish put back: only the date the signer expects tells it apart.
        for (name, data) in zip(names, first) { try data.write(to: site.folder.appendingPathComponent(name)) }
        let replayed = try await cli(["promote", site.folder.path, "--from", "staging", "--signing-key", key.path,
                                "--expect-published-at", "2026-01-03T00:00:00Z"])
        #expect(replayed.status == 1, "\(replayed.stdout)")
        #expect(replayed.stderr.contains("was published at 2026-01-02T00:00:00Z, not at 2026-01-03T00:00:00Z as --expect-published-at says"),
                "\(replayed.stderr)")
        #expect(try Data(contentsOf: site.folder.appendingPathComponent("manifest.json")) == production)
        let bad = try await cli(["promote", site.folder.path, "--from", "staging", "--expect-published-at", "yesterday"])
        #expect(bad.status == 2 && bad.stderr.contains("--expect-published-at 'yesterday' is not an RFC 3339 date-time"), "\(bad.stderr)")
    }

    @Test func rolloutRefusesAProductionOtherThanTheExpectedOne() async throws {
        let site = try await PublishedSite()
        await #expect(try cli(["promote", site.folder.path, "--from", "staging", "--rollout", "10"]).status == 0)
        let started = try await site.manifest()
        let date = try #require(started["publishedAt"] as? String)
        let refused = try await cli(["rollout", site.folder.path, "--finish", "--expect-published-at", "2026-01-01T00:00:00Z"])
        #expect(refused.status == 1 && refused.stderr.contains("as --expect-published-at says"), "\(refused.stderr)")
        let accepted = try await cli(["rollout", site.folder.path, "--finish", "--expect-published-at", date])
        #expect(accepted.status == 0, "\(accepted.stderr)")
    }

    @Test func aProductionWhoseManifestWasDeletedIsNotTakenForAnEmptyOne() async throws {
        // Given: production's manifest.json deleted by hand, its index.json still there (what devices read).
        let site = try await PublishedSite()
        let production = site.publication.folder.url.appendingPathComponent("production-1.0.0")
        try FileManager.default.copyItem(at: site.folder, to: production)
        try FileManager.default.removeItem(at: site.folder.appendingPathComponent("manifest.json"))

        // Then: a rollout does not start on "no stable modules" (every device outside it would lose its text).
        let rollout = try await cli(["promote", site.folder.path, "--from", "staging", "--rollout", "10"])
        #expect(rollout.status == 1 && rollout.stderr.contains("manifest.json is missing, but index.json"), "\(rollout.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.folder.appendingPathComponent("manifest.json").path))

        // And: publish compares with the index's date: a publish older than what devices read is refused.
        let older = site.publication.folder.url.appendingPathComponent("older")
        await #expect(try cli(["package", site.publication.source.path, "--app-version", "1.0.0", "--output", older.path,
                         "--published-at", "2025-12-01T00:00:00Z", "--quiet"]).status == 0)
        let publish = try await cli(["publish", older.appendingPathComponent("1.0.0").path, "--to", site.www.path])
        #expect(publish.status == 1 && publish.stderr.contains("index.json was published at 2026-01-01T00:00:00Z, later than this one"),
                "\(publish.stderr)")
    }
}
