import Foundation
import OTALocalizationsTooling
import OTATestSupport
import Testing

/// `promote` and `rollout` on a published local version folder, read back with Python's `json`, and checked with
/// `verify` when signed.
@Suite struct ReleaseEditCommandTests {
    private func cli(_ arguments: [String]) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
    }

    /// An RFC 3339 `publishedAt`, with or without a fraction, as Foundation's ISO 8601 reader gives it.
    private func date(_ value: Any?) -> Date {
        let text = value as? String ?? ""
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text) ?? ISO8601DateFormatter().date(from: text) ?? .distantPast
    }

    private func paths(_ modules: Any?) -> [String] {
        (modules as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    }

    @Test func promoteGivesProductionExactlyTheStagedModulesWithALaterPublishedAt() async throws {
        let site = try await PublishedSite()
        let staged = try await site.manifest("manifest.staging.json")
        let before = try await site.manifest()
        let dryRun = try await cli(["promote", site.folder.path, "--from", "staging", "--dry-run"])
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        await #expect(try site.manifest()["publishedAt"] as? String == before["publishedAt"] as? String)

        let started = Date()
        let result = try await cli(["promote", site.folder.path, "--from", "staging", "--json"])
        let finished = Date()
        #expect(result.status == 0, "\(result.stderr)")
        let production = try await site.manifest()
        #expect(paths(production["modules"]) == paths(staged["modules"]))
        #expect(production["channel"] == nil)
        #expect(production["rollout"] == nil)
        let published = date(production["publishedAt"])
        #expect(published > date(before["publishedAt"]))
        // Dated while promote ran (publishedAt has whole seconds), however long the machine took to run it.
        #expect(published >= Date(timeIntervalSince1970: started.timeIntervalSince1970.rounded(.down)) && published <= finished)
    }

    @Test func promoteRefusesWhenAStagedZIPIsMissingAndWritesNothing() async throws {
        let site = try await PublishedSite()
        let staged = try await site.manifest("manifest.staging.json")
        let checkout = try #require(paths(staged["modules"]).first { $0.hasPrefix("Checkout-") })
        let before = try Data(contentsOf: site.folder.appendingPathComponent("manifest.json"))
        try FileManager.default.removeItem(at: site.folder.appendingPathComponent(checkout))
        for arguments in [["--from", "staging"], ["--from", "staging", "--rollout", "10"]] {
            let result = try await cli(["promote", site.folder.path] + arguments + ["--json"])
            #expect(result.status == 1)
            #expect(result.stdout.contains("\"code\":\"refused\""))
            #expect(result.stderr.contains("\(checkout) is missing"), "\(result.stderr)")
            #expect(try Data(contentsOf: site.folder.appendingPathComponent("manifest.json")) == before)
        }
    }

    @Test func rolloutStartsChangesKeepsItsIDAndFinishes() async throws {
        let site = try await PublishedSite()
        let stable = try await site.manifest()
        let staged = try await site.manifest("manifest.staging.json")
        let changed = paths(staged["modules"]).filter { !paths(stable["modules"]).contains($0) }
        #expect(changed.count == 1)

        await #expect(try cli(["promote", site.folder.path, "--from", "staging", "--rollout", "12.5"]).status == 0)
        var manifest = try await site.manifest()
        #expect(paths(manifest["modules"]) == paths(stable["modules"]))
        let rollout = try #require(manifest["rollout"] as? [String: Any])
        let id = try #require(rollout["id"] as? String)
        #expect(id.count == 16 && id.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect((rollout["percent"] as? NSNumber)?.doubleValue == 12.5)
        #expect(paths(rollout["modules"]) == changed)
        var lastPublished = date(manifest["publishedAt"])

        await #expect(try cli(["rollout", site.folder.path, "--percent", "50"]).status == 0)
        manifest = try await site.manifest()
        #expect((manifest["rollout"] as? [String: Any])?["id"] as? String == id)
        #expect(((manifest["rollout"] as? [String: Any])?["percent"] as? NSNumber)?.doubleValue == 50)
        #expect(date(manifest["publishedAt"]) > lastPublished)
        lastPublished = date(manifest["publishedAt"])

        // A new rollout gets a new id.
        await #expect(try cli(["promote", site.folder.path, "--from", "staging", "--rollout", "1"]).status == 0)
        let second = try await #require((try site.manifest()["rollout"] as? [String: Any])?["id"] as? String)
        #expect(second != id)

        await #expect(try cli(["rollout", site.folder.path, "--finish"]).status == 0)
        manifest = try await site.manifest()
        #expect(manifest["rollout"] == nil)
        #expect(paths(manifest["modules"]) == paths(staged["modules"]))
        #expect(date(manifest["publishedAt"]) > lastPublished)

        let none = try await cli(["rollout", site.folder.path, "--percent", "20"])
        #expect(none.status == 1)
        #expect(none.stderr.contains("has no rollout; start one with 'promote --rollout <percent>'"))
        for bad in ["100.5", "1.234", "-1", "abc", "5."] {
            let usage = try await cli(["rollout", site.folder.path, "--percent", bad])
            #expect(usage.status == 2, "\(bad)")
            #expect(usage.stderr.contains("is not a percent from 0 to 100"))
        }
    }

    @Test func rolloutCancelKeepsTheStableModules() async throws {
        let site = try await PublishedSite()
        let stable = try await site.manifest()
        await #expect(try cli(["promote", site.folder.path, "--from", "staging", "--rollout", "30"]).status == 0)
        await #expect(try cli(["rollout", site.folder.path, "--cancel"]).status == 0)
        let manifest = try await site.manifest()
        #expect(manifest["rollout"] == nil)
        #expect(paths(manifest["modules"]) == paths(stable["modules"]))
    }

    @Test func aSignedFolderIsSignedAgainAndRefusedWithoutAKey() async throws {
        let keys = try TemporaryDirectory("release-keys")
        defer { keys.remove() }
        let keygen = try await cli(["keygen", "--output", keys.path])
        let publicKey = try #require(keygen.stdout.split(separator: "\n").first { $0.hasPrefix("Public key:") }?
            .split(separator: " ").last.map(String.init))
        let key = keys.url.appendingPathComponent("manifest-signing-key.pem")
        let site = try await PublishedSite(signingKey: key)
        // publish uploaded the staging envelope too.
        #expect(FileManager.default.fileExists(atPath: site.folder.appendingPathComponent("manifest.staging.dsse.json").path))

        let unsigned = try await cli(["promote", site.folder.path, "--from", "staging"])
        #expect(unsigned.status == 1)
        #expect(unsigned.stderr.contains("manifest.dsse.json exists, so this channel is signed: pass --signing-key"))

        await #expect(try cli(["promote", site.folder.path, "--from", "staging", "--rollout", "20", "--signing-key", key.path]).status == 0)
        let verified = try await cli(["verify", site.folder.path, "--trusted-key", publicKey])
        #expect(verified.status == 0, "\(verified.stdout)")
        await #expect(try site.manifest()["rollout"] != nil)
    }
}
