import Foundation
import OTATestSupport
import Testing

/// `verify` of a folder whose production runs an experiment: every arm, control and the devices outside checked as a
/// device there would take them, each line naming its arm; signed with a key, verifiable, and refused once tampered.
@Suite struct ExperimentVerifyTests {
    private func cli(_ arguments: [String]) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
    }

    /// A signed site (production, staging, long) and the trusted public key.
    private func signedSite(_ keys: TemporaryDirectory) async throws -> (PublishedSite, key: URL, publicKey: String) {
        let keygen = try await cli(["keygen", "--output", keys.path])
        let publicKey = try #require(keygen.stdout.split(separator: "\n").first { $0.hasPrefix("Public key:") }?
            .split(separator: " ").last.map(String.init))
        let key = keys.url.appendingPathComponent("manifest-signing-key.pem")
        let site = try await PublishedSite(signingKey: key)
        try await site.publishLongChannel(signingKey: key)
        return (site, key, publicKey)
    }

    @Test func verifyChecksEveryArmAsADeviceOfThatArm() async throws {
        let keys = try TemporaryDirectory("experiment-keys")
        defer { keys.remove() }
        let (site, key, publicKey) = try await signedSite(keys)
        let f = site.folder.path
        let start = ["experiment", "start", f, "--id", "checkout-cta", "--arm", "short=staging", "--arm", "long=long",
                     "--percent", "10", "--quiet"]
        // Signed like the rest: without a key, refused.
        let unsigned = try await cli(start)
        #expect(unsigned.status == 1)
        #expect(unsigned.stderr.contains("manifest.dsse.json exists, so this channel is signed: pass --signing-key"), "\(unsigned.stderr)")
        await #expect(try cli(start + ["--signing-key", key.path]).status == 0)

        let manifest = try await site.manifest()
        let stable = try #require(manifest["modules"] as? [[String: Any]])
        let arms = try #require((manifest["experiment"] as? [String: Any])?["arms"] as? [[String: Any]])
        let short = try #require((arms[0]["modules"] as? [[String: Any]])?.first)
        let long = try #require((arms[1]["modules"] as? [[String: Any]])?.first)

        let verified = try await cli(["verify", f, "--trusted-key", publicKey, "--quiet"])
        #expect(verified.status == 0, "\(verified.stdout)")
        let lines = verified.stdout.split(separator: "\n").map(String.init)
        let n = stable.count
        #expect(lines.contains("ok    experiment checkout-cta, control (10%, buckets 0 to 999): a device in it uses the \(n) stable module entries"))
        #expect(lines.contains("ok    experiment checkout-cta, arm short (10%, buckets 3333 to 4332): a device in it uses \(n) module entries (Checkout from the arm)"))
        #expect(lines.contains("ok    experiment checkout-cta, arm long (10%, buckets 6666 to 7665): a device in it uses \(n) module entries (Checkout from the arm)"))
        #expect(lines.contains("ok    experiment checkout-cta, outside (70% of devices): a device there uses the \(n) stable module entries, not in the experiment"))
        func slices(_ module: [String: Any]) -> Int { ((module["slices"] as? [String: Any])?["localizations"] as? [String: Any])?.count ?? 0 }
        for (arm, module) in [("short", short), ("long", long)] {
            let line = "ok    arm \(arm): Checkout: \(module["path"]!), \(module["size"]!) bytes and \(slices(module) + 1) slices, sha256 matches"
            #expect(lines.contains(line), "\(line)")
        }
        #expect(lines.last == "Verified: \(n) modules and experiment checkout-cta (short 10%, long 10%, control 10%) for app version 1.0.0, "
            + "published \(manifest["publishedAt"]!).")

        // --json names the arm of each check, and what a device of each arm installs.
        let json = try await cli(["verify", f, "--trusted-key", publicKey, "--json", "--quiet"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let checks = try #require(object["checks"] as? [[String: Any]])
        #expect(checks.allSatisfy { $0.keys.contains("arm") })
        let byArm = Dictionary(grouping: checks, by: { $0["arm"] as? String ?? "" }).mapValues(\.count)
        #expect(byArm["control"] == 1 && byArm["short"] == 2 && byArm["long"] == 2, "\(byArm)")
        #expect(checks.contains { $0["arm"] as? String == "long" && $0["file"] as? String == long["path"] as? String })
        let experiment = try #require((object["verified"] as? [String: Any])?["experiment"] as? [String: Any])
        #expect(experiment["id"] as? String == "checkout-cta")
        let verifiedArms = try #require(experiment["arms"] as? [[String: Any]])
        #expect(verifiedArms.map { "\($0["name"]!) \($0["start"]!) \($0["percent"]!) \($0["modules"]!)" } == ["short 3333 10 1", "long 6666 10 1"])

        // A share change and the end stay verifiable.
        await #expect(try cli(["experiment", "share", f, "--percent", "20", "--arm", "short", "--signing-key", key.path, "--quiet"]).status == 0)
        let shared = try await cli(["verify", f, "--trusted-key", publicKey, "--quiet"])
        #expect(shared.status == 0, "\(shared.stdout)")
        #expect(shared.stdout.contains("\nok    experiment checkout-cta, arm short (20%, buckets 3333 to 5332): "))
        #expect(shared.stdout.contains("\nok    experiment checkout-cta, outside (60% of devices): "))

        // Tampered: long's Checkout ZIP holds other bytes. Refused, and the problem names the arm.
        let zip = site.folder.appendingPathComponent(long["path"] as! String)
        var bytes = try Data(contentsOf: zip)
        bytes[bytes.count - 1] ^= 0xFF
        try bytes.write(to: zip)
        let tampered = try await cli(["verify", f, "--trusted-key", publicKey, "--json", "--quiet"])
        #expect(tampered.status == 1)
        let refused = try #require(try JSONSerialization.jsonObject(with: Data(tampered.stdout.utf8)) as? [String: Any])
        let problems = try #require(refused["problems"] as? [[String: Any]])
        #expect(!problems.isEmpty && problems.allSatisfy { $0["arm"] as? String == "long" && $0["code"] as? String == "size-or-sha256" }, "\(problems)")
        #expect(refused["verified"] is NSNull)
        let text = try await cli(["verify", f, "--trusted-key", publicKey, "--quiet"])
        #expect(text.stdout.contains("\nFAIL  arm long: Checkout: \(zip.path) has SHA-256 "), "\(text.stdout)")
    }

    @Test func anEditedUnsignedManifestIsNotWhatTheSignedEditStartsFrom() async throws {
        let keys = try TemporaryDirectory("experiment-trust")
        defer { keys.remove() }
        let (site, key, publicKey) = try await signedSite(keys)
        let f = site.folder.path
        await #expect(try cli(["experiment", "start", f, "--id", "cta", "--arm", "short=staging", "--percent", "10",
                               "--signing-key", key.path, "--quiet"]).status == 0)
        // Someone without the key widens control in the unsigned copy.
        _ = try await ExternalTool.python("""
            import json, sys
            manifest = json.load(open(sys.argv[1]))
            manifest["experiment"]["control"]["percent"] = 50
            json.dump(manifest, open(sys.argv[1], "w"))
            """, [site.folder.appendingPathComponent("manifest.json").path])
        let refused = try await cli(["verify", f, "--trusted-key", publicKey, "--quiet"])
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("\nFAIL  \(f)/manifest.json: differs from manifest.dsse.json's payload"), "\(refused.stdout)")
        // The signed edit reads the envelope, not the edited copy: the arm grows from the signed 10%.
        await #expect(try cli(["experiment", "share", f, "--percent", "20", "--arm", "short", "--signing-key", key.path, "--quiet"]).status == 0)
        let manifest = try await site.manifest()
        let experiment = try #require(manifest["experiment"] as? [String: Any])
        #expect((experiment["control"] as? [String: Any])?["percent"] as? Int == 10)
        #expect(((experiment["arms"] as? [[String: Any]])?.first?["percent"] as? Int) == 20)
        await #expect(try cli(["verify", f, "--trusted-key", publicKey, "--quiet"]).status == 0)
    }
}
