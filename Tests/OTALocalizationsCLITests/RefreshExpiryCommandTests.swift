import Foundation
import OTATestSupport
import Testing

/// `package --expires-in`, `verify` of an expired publish, and `refresh-expiry`, which signs the live publish again
/// with a later `expires` and nothing else changed (docs/signing.md, "Freeze"), run as the built binary.
@Suite struct RefreshExpiryCommandTests {
    private func cli(_ arguments: [String]) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
    }

    /// Every file of `folder` with its bytes.
    private func files(_ folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            result[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return result
    }

    /// A version folder (`<www>/1.0.0`) whose production was published 2020-01-01 with a 2-day window, and `channel`
    /// 2020-01-02 with a 5-day one and other German text for Checkout.
    private func productionAndChannel(_ channel: String) async throws -> (SyncHarness.Publication, URL) {
        let publication = try SyncHarness.Publication()
        let www = publication.folder.url.appendingPathComponent("www")
        for (date, window, name) in [("2020-01-01T00:00:00Z", "2d", "production"), ("2020-01-02T00:00:00Z", "5d", channel)] {
            if name == channel {
                try publication.edit("Packages/Features/Sources/Checkout/Resources/de.lproj/Localizable.strings",
                                     replacing: "\"Dein Warenkorb\"", with: "\"Ihr Warenkorb\"")
            }
            let packaged = try await cli([
                "package", publication.source.path, "--app-version", "1.0.0", "--output", publication.output.path,
                "--published-at", date, "--expires-in", window, "--channel", name, "--quiet"])
            #expect(packaged.status == 0, "\(packaged.stderr)")
            let published = try await cli(["publish", publication.versionFolder.path, "--to", www.path, "--channel", name, "--quiet"])
            #expect(published.status == 0, "\(published.stderr)")
        }
        return (publication, www.appendingPathComponent("1.0.0"))
    }

    /// Python's reading of a root file: the seconds from `publishedAt` to `expires`, and whether it is dated 2026 or later.
    private func window(_ file: URL) async throws -> String {
        let script = """
            import datetime, json, sys
            d = json.load(open(sys.argv[1]))
            p = lambda t: datetime.datetime.fromisoformat(t.replace("Z", "+00:00"))
            print(round((p(d["expires"]) - p(d["publishedAt"])).total_seconds()), d["publishedAt"] > "2026")
            """
        return try await ExternalTool.python(script, [file.path])
    }

    /// Python's reading of a root file (or an envelope's payload): `publishedAt`, `expires`, and the seconds from now
    /// to `expires` by Python's clock.
    private func dates(_ file: URL, envelope: Bool = false) async throws -> [String] {
        let script = """
            import base64, datetime, json, sys
            d = json.load(open(sys.argv[1]))
            if sys.argv[2] == "1": d = json.loads(base64.b64decode(d["payload"]))
            e = datetime.datetime.strptime(d["expires"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc)
            print(d["publishedAt"]); print(d["expires"]); print(round((e - datetime.datetime.now(datetime.timezone.utc)).total_seconds()))
            """
        let text = try await ExternalTool.python(script, [file.path, envelope ? "1" : "0"])
        return text.split(separator: "\n").map(String.init)
    }

    @Test func anExpiredPublishFailsVerifyAndRefreshExpiryReSignsItWithTheSameFiles() async throws {
        // Given: a signed publish of 2020-01-01 that expired a day later.
        let keys = try TemporaryDirectory("keys")
        defer { keys.remove() }
        let keygen = try await cli(["keygen", "--output", keys.path])
        let publicKey = try #require(keygen.stdout.split(separator: "\n").first { $0.hasPrefix("Public key:") }?
            .split(separator: " ").last.map(String.init))
        let key = keys.url.appendingPathComponent("manifest-signing-key.pem")
        let publication = try SyncHarness.Publication()
        let www = publication.folder.url.appendingPathComponent("www")
        let folder = www.appendingPathComponent("1.0.0")
        let packaged = try await cli([
            "package", publication.source.path, "--app-version", "1.0.0", "--output", publication.output.path,
            "--published-at", "2020-01-01T00:00:00Z", "--expires-in", "1d", "--signing-key", key.path, "--quiet"])
        #expect(packaged.status == 0, "\(packaged.stderr)")
        #expect(try await cli(["publish", publication.versionFolder.path, "--to", www.path, "--quiet"]).status == 0)
        let manifest = try String(contentsOf: folder.appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(manifest.contains("  \"publishedAt\": \"2020-01-01T00:00:00Z\",\n  \"expires\": \"2020-01-02T00:00:00Z\",\n"))

        // verify refuses it, as a device would: the index and the manifest both expired.
        let expired = try await cli(["verify", folder.path, "--trusted-key", publicKey])
        #expect(expired.status == 1)
        let fails = expired.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        #expect(fails.contains { $0.contains("index.dsse.json expired at 2020-01-02T00:00:00Z: the device clock") && $0.contains("(expired)") }, "\(expired.stdout)")
        #expect(fails.contains { $0.contains("manifest.dsse.json expired at 2020-01-02T00:00:00Z") && $0.contains("(expired)") }, "\(expired.stdout)")

        // An expired publish may be an older one put back: it is signed again only when named.
        let before = try files(folder)
        let refused = try await cli(["refresh-expiry", folder.path, "--expires-in", "7d", "--signing-key", key.path, "--quiet"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "error: \(folder.path)/manifest.json expired at 2020-01-02T00:00:00Z: it may be an older publish put "
            + "back, which signing again would revive. Nothing was signed or written. Publish the channel again, or, when this is "
            + "the publish meant, pass --expect-published-at 2020-01-01T00:00:00Z\n")
        #expect(try files(folder) == before)

        // When: the job signs it again for 7 days, naming it.
        let refreshed = try await cli([
            "refresh-expiry", folder.path, "--expires-in", "7d", "--signing-key", key.path, "--expect-published-at", "2020-01-01T00:00:00Z",
            "--quiet"])
        #expect(refreshed.status == 0, "\(refreshed.stderr)")

        // Then: only the two roots and their envelopes changed; publishedAt is kept; expires is 7 days from now.
        let after = try files(folder)
        let roots: Set<String> = ["manifest.json", "manifest.dsse.json", "index.json", "index.dsse.json"]
        #expect(Set(after.keys) == Set(before.keys))
        for name in after.keys.sorted() {
            if roots.contains(name) {
                #expect(after[name] != before[name], "\(name)")
            } else {
                #expect(after[name] == before[name], "\(name)")
            }
        }
        for (name, envelope) in [("manifest.json", false), ("index.json", false), ("manifest.dsse.json", true), ("index.dsse.json", true)] {
            let read = try await dates(folder.appendingPathComponent(name), envelope: envelope)
            #expect(read.first == "2020-01-01T00:00:00Z", "\(name)")
            let seconds = try #require(read.last.flatMap { Int($0) })
            #expect(abs(seconds - 7 * 86_400) <= 120, "\(name): \(read)")
        }
        let verified = try await cli(["verify", folder.path, "--trusted-key", publicKey])
        #expect(verified.status == 0, "\(verified.stdout)")

        // A run stopped between its commit points (the manifest re-signed, the index not yet) is finished by the
        // next run: the index of the same publish with the earlier expires is not taken for a put-back publish.
        for name in ["index.json", "index.dsse.json"] { try before[name]!.write(to: folder.appendingPathComponent(name)) }
        let resumed = try await cli(["refresh-expiry", folder.path, "--expires-in", "7d", "--signing-key", key.path, "--quiet"])
        // (the manifest is not expired: no date needed)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try await cli(["verify", folder.path, "--trusted-key", publicKey]).status == 0)
        #expect(try await dates(folder.appendingPathComponent("index.dsse.json"), envelope: true).first == "2020-01-01T00:00:00Z")
    }

    @Test func promoteAndRolloutKeepTheExpiryWindowOfWhatTheyReplace() async throws {
        // Given: production published 2020-01-01 with a 2-day window, staging 2020-01-02 with 5 days.
        let (publication, folder) = try await productionAndChannel("staging")

        // When: staging is promoted, then rolled out and finished.
        let promoted = try await cli(["promote", folder.path, "--from", "staging", "--quiet"])
        #expect(promoted.status == 0, "\(promoted.stderr)")

        // Then: the new publish is dated now and expires production's 2 days after it, not at a date already past.
        for name in ["manifest.json", "index.json"] {
            let text = try await window(folder.appendingPathComponent(name))
            #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == "172800 True", "\(name)")
        }
        withExtendedLifetime(publication) {}
    }

    @Test func experimentStartShareAndEndKeepTheExpiryWindowOfProduction() async throws {
        // Given: production published 2020-01-01 with a 2-day window, and a channel with other text for the arm.
        let (publication, folder) = try await productionAndChannel("copy-b")
        // When each step of an experiment is written, then: it is dated now and expires 2 days after, as production did.
        for step in [["start", folder.path, "--id", "cta", "--arm", "b=copy-b", "--percent", "10"],
                     ["share", folder.path, "--percent", "20"], ["end", folder.path, "--winner", "b"]] {
            let edited = try await cli(["experiment"] + step + ["--quiet"])
            #expect(edited.status == 0, "\(step[0]): \(edited.stderr)")
            for name in ["manifest.json", "index.json"] {
                let text = try await window(folder.appendingPathComponent(name))
                #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == "172800 True", "\(step[0]) \(name)")
            }
        }
        withExtendedLifetime(publication) {}
    }

    @Test func refreshingAnUnsignedPublishWarnsThatItProtectsNoDevice() async throws {
        let (publication, folder) = try await productionAndChannel("staging")
        let refreshed = try await cli([
            "refresh-expiry", folder.path, "--expires-in", "7d", "--expect-published-at", "2020-01-01T00:00:00Z", "--quiet"])
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        #expect(refreshed.stderr == "warning: without --signing-key the new expires is not signed, and protects no device: only "
            + "devices with trusted keys check it, and they read the signed index (docs/signing.md, \"Freeze\")\n")
        // Written all the same: the same publishedAt, expires 7 days from now by Python's clock.
        let read = try await dates(folder.appendingPathComponent("index.json"))
        #expect(read.first == "2020-01-01T00:00:00Z")
        #expect((604_700...604_800).contains(Int(read.last ?? "") ?? 0), "\(read)")
        withExtendedLifetime(publication) {}
    }

    @Test func aDurationThatIsNotOneIsAUsageError() async throws {
        for bad in ["7", "7x", "0d", "1.5d", "99999d"] {
            let result = try await cli(["refresh-expiry", "/nonexistent/1.0.0", "--expires-in", bad])
            #expect(result.status == 2, "\(bad)")
            #expect(result.stderr.contains("--expires-in '\(bad)' is not a duration: a whole number and d, h, m or s, e.g. 7d or 36h (at most 10 years)"), "\(bad): \(result.stderr)")
        }
        let missing = try await cli(["refresh-expiry", "/nonexistent/1.0.0"])
        #expect(missing.status == 2)
    }
}
