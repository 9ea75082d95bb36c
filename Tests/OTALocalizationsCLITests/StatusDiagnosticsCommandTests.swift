import Foundation
import OTATestSupport
import Testing

/// `ota-localizations status --json`'s `"diagnostics"`: the app's QA snapshot from a shell, as a launch would serve now,
/// on a storage root written by hand; the keys printed before it keep their shape.
@Suite struct StatusDiagnosticsCommandTests {
    private let sha = String(repeating: "a", count: 64)

    private func installedRoot() throws -> TemporaryDirectory {
        let work = try TemporaryDirectory("status-diagnostics")
        let files = ["Info.plist": Data(BundleFixtures.infoPlist.utf8), "en.lproj/Localizable.strings": Data("\"a\" = \"A\";\n".utf8)]
        let module = "root/1.0/modules/\(InstalledLayout.storageName("Checkout"))"
        for (path, data) in files { try work.write("\(module)/\(sha)/\(path)", data) }
        try work.write("\(module)/\(sha)/\(InstalledLayout.sealFileName)", try InstalledLayout.seal(files))
        try work.write("\(module)/current", sha + "\n")
        try work.write("root/.ota-anti-rollback.json", Data("""
            {"formatVersion":1,"appVersion":"1.0","newestPublishedAt":{"production":"2026-07-24T10:00:00Z"}}\n
            """.utf8))
        return work
    }

    private func cli(_ arguments: [String]) async throws -> String {
        let result = try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    /// The `"diagnostics"` object's text, with its `generatedAt` value replaced by `T`.
    private func diagnostics(_ root: URL) async throws -> String {
        let out = try await cli(["status", "--into", root.path, "--app-version", "1.0", "--languages", "en", "--json"])
        let start = try #require(out.range(of: ",\"diagnostics\":"))
        var text = String(out[start.upperBound...]).trimmingCharacters(in: .newlines)
        #expect(text.hasSuffix("}}"))
        text.removeLast()
        let stamp = try #require(text.range(of: #""generatedAt":"[0-9T:Z-]{20}""#, options: .regularExpression))
        text.replaceSubrange(stamp, with: "\"generatedAt\":\"T\"")
        return text
    }

    @Test func statusJSONPrintsTheSnapshotAfterTheKeysItHadBefore() async throws {
        let work = try installedRoot()
        defer { work.remove() }
        let root = work.url.appendingPathComponent("root")
        let out = try await cli(["status", "--into", root.path, "--app-version", "1.0", "--languages", "en", "--json"])
        #expect(out.hasPrefix("{\"modules\":[{\"name\":\"Checkout\",\"folder\":\"\(sha)\",\"slices\":null,\"available\":null,"
            + "\"covered\":true,\"installedContent\":{\"sha256\":\"\(sha)\",\"rolloutID\":null}}],\"quarantined\":null,\"diagnostics\":"))

        #expect(try await diagnostics(root) == """
            {"formatVersion":1,"generatedAt":"T","appVersion":"1.0","channel":"production","nextLaunchChannel":null,\
            "forcedExperimentArm":null,"servedAsOf":"nextLaunch","modules":[{"name":"Checkout","source":"overTheAir",\
            "embeddedReason":null,"installed":{"sha256":"\(sha)","folderSHA256":"\(sha)","rolloutID":null,\
            "experimentID":null,"arm":null,"forced":false,"localizations":["en"],\
            "publishedAt":null}}],"antiRollback":[{"channel":"production","newestPublishedAt":"2026-07-24T10:00:00Z",\
            "pulledThrough":null}],"quarantines":[],"quarantineInForce":null,"cycleReports":[]}
            """)
    }

    @Test func afterTwoUnconfirmedLaunchesTheSnapshotShowsTheQuarantine() async throws {
        let work = try installedRoot()
        defer { work.remove() }
        let root = work.url.appendingPathComponent("root")
        let launch = ["launch", "--into", root.path, "--app-version", "1.0", "--languages", "en"]
        _ = try await cli(launch)
        _ = try await cli(launch)
        // At the limit: the next launch quarantines, so the snapshot already says so; status counts nothing.
        #expect(try await diagnostics(root).contains("{\"name\":\"Checkout\",\"source\":\"embedded\",\"embeddedReason\":\"quarantined\""))
        _ = try await cli(launch)
        let text = try await diagnostics(root)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let quarantines = try #require(object["quarantines"] as? [[String: Any]])
        #expect(quarantines.count == 1)
        #expect(quarantines.first?["modules"] as? [String: String] == ["Checkout": sha])
        #expect((object["quarantineInForce"] as? [String: Any])?["launches"] as? Int == 2)
        #expect(text.contains("\"embeddedReason\":\"quarantined\""))
    }
}
