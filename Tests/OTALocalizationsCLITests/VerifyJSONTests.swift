import Foundation
import OTATestSupport
import Testing

/// `verify --json`: one object on stdout with every check, each problem's code, file and message, and the verdict
/// (docs/hosting.md, "Checking what is published"); the expected objects are written from the published manifest,
/// read with JSONSerialization.
@Suite struct VerifyJSONTests {
    static let example = TestPaths.packageRoot.appendingPathComponent("Examples/SampleApp")

    private func cli(_ arguments: [String]) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
    }

    /// The example packaged at 2026-01-01 and published to `<temp>/www`; returns the version folder.
    private func published(_ temp: TemporaryDirectory) async throws -> URL {
        let output = temp.url.appendingPathComponent("out")
        let www = temp.url.appendingPathComponent("www")
        let package = try await cli(["package", Self.example.path, "--app-version", "1.0.0", "--output", output.path,
                                     "--published-at", "2026-01-01T00:00:00Z", "--quiet"])
        #expect(package.status == 0, "\(package.stderr)")
        #expect(try await cli(["publish", output.appendingPathComponent("1.0.0").path, "--to", www.path, "--quiet"]).status == 0)
        return www.appendingPathComponent("1.0.0")
    }

    /// The check of each module in `manifest.json`, as `verify` words it.
    private func moduleChecks(_ folder: URL) throws -> [String] {
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("manifest.json"))) as? [String: Any])
        let modules = try #require(manifest["modules"] as? [[String: Any]])
        #expect(modules.count == 4)
        return try modules.map { module in
            let path = try #require(module["path"] as? String)
            let slices = try #require((module["slices"] as? [String: Any])?["localizations"] as? [String: Any]).count + 1
            return "{\"passed\":true,\"code\":null,\"file\":\"\(path)\",\"message\":\"\(module["name"]!): \(path), \(module["size"]!) bytes and \(slices) slices, sha256 matches\"}"
        }
    }

    @Test func aPassingVerifyPrintsEveryCheckNoProblemAndWhatDevicesInstall() async throws {
        let temp = try TemporaryDirectory("verify-json")
        defer { temp.remove() }
        let folder = try await published(temp)
        let result = try await cli(["verify", folder.path, "--json"])
        #expect(result.status == 0)
        let f = folder.path
        let roots: [String] = [
            "{\"passed\":true,\"code\":null,\"file\":\"manifest.json\",\"message\":\"\(f)/manifest.json: admitted\"}",
            "{\"passed\":true,\"code\":null,\"file\":\"index.json\",\"message\":\"\(f)/index.json: admitted\"}",
            "{\"passed\":true,\"code\":null,\"file\":null,\"message\":\"8 index parts: sizes and SHA-256 match\"}",
        ]
        let allChecks: [String] = roots + (try moduleChecks(folder))
        let head: String = "{\"folder\":\"\(f)\",\"channel\":\"production\",\"signed\":false,\"passed\":true,\"checks\":["
        let verified: String = "\"verified\":{\"appVersion\":\"1.0.0\",\"publishedAt\":\"2026-01-01T00:00:00Z\",\"modules\":4,\"rollout\":null}}\n"
        let expected: String = head + allChecks.joined(separator: ",") + "],\"problems\":[]," + verified
        #expect(result.stdout == expected)
        // Progress stays on stderr.
        #expect(result.stderr.hasPrefix("read 32 files the manifest lists from \(f)\n"), "\(result.stderr)")
    }

    @Test func aFailingVerifyNamesTheProblemsCodeAndFileAndHasNoVerifiedManifest() async throws {
        let temp = try TemporaryDirectory("verify-json-fail")
        defer { temp.remove() }
        let folder = try await published(temp)
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("manifest.json"))) as? [String: Any])
        let checkout = try #require((manifest["modules"] as? [[String: Any]])?.first { $0["name"] as? String == "Checkout" })
        let slice = try #require(((checkout["slices"] as? [String: Any])?["localizations"] as? [String: Any])?["de"] as? [String: Any])
        let gone = try #require(slice["path"] as? String)
        try FileManager.default.removeItem(at: folder.appendingPathComponent(gone))

        let result = try await cli(["verify", folder.path, "--json", "--quiet"])
        #expect(result.status == 1)
        #expect(result.stderr.isEmpty)
        let f = folder.path
        let problem = "{\"code\":\"missing\",\"file\":\"\(gone)\",\"message\":\"Checkout (slice de): \(f)/\(gone): no such file\"}"
        let checks = try moduleChecks(folder).filter { !$0.contains("\"message\":\"Checkout:") }
        let roots: [String] = [
            "{\"passed\":true,\"code\":null,\"file\":\"manifest.json\",\"message\":\"\(f)/manifest.json: admitted\"}",
            "{\"passed\":true,\"code\":null,\"file\":\"index.json\",\"message\":\"\(f)/index.json: admitted\"}",
            "{\"passed\":true,\"code\":null,\"file\":null,\"message\":\"8 index parts: sizes and SHA-256 match\"}",
        ]
        let failed: String = "{\"passed\":false," + String(problem.dropFirst())
        let allChecks: [String] = roots + [failed] + checks
        let head: String = "{\"folder\":\"\(f)\",\"channel\":\"production\",\"signed\":false,\"passed\":false,\"checks\":["
        let expected: String = head + allChecks.joined(separator: ",") + "],\"problems\":[\(problem)],\"verified\":null}\n"
        #expect(result.stdout == expected)

        // Before it runs: the error object, as every --json command prints it.
        let usage = try await cli(["verify", "--json"])
        #expect(usage.status == 2)
        #expect(usage.stdout == "{\"error\":{\"code\":\"usage\",\"message\":\"missing <version-dir, URL or s3://…>\"}}\n")
    }
}
