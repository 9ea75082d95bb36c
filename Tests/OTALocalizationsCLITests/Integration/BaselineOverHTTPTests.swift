import Foundation
import OTATestSupport
import Testing

extension NginxIntegrationTests {
    /// `validate --baseline <manifest URL>` reads a publish from a real HTTP server (nginx on loopback).
    @Suite struct BaselineOverHTTPTests {
        private func cli(_ arguments: [String]) async throws -> ToolResult {
            try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
        }

        @Test func droppedKeyIsFoundAgainstAPublishedManifestURL() async throws {
            let repo = try TemporaryDirectory("http-baseline")
            defer { repo.remove() }
            let server = try NginxServer()
            defer { server.stop() }
            try repo.write("Shop/en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n")
            let published = try await cli(["package", repo.path, "--app-version", "1.0", "--output", server.webRoot.path, "--quiet"])
            #expect(published.status == 0, "\(published.stderr)")
            try repo.write("Shop/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")

            let result = try await cli(["validate", repo.path, "--baseline", server.baseURL + "1.0/manifest.json", "--format", "json"])

            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stdout.contains("\"code\":\"missing-key-against-baseline\""))
            #expect(result.stdout.contains("\"key\":\"b\""))
            let missing = try await cli(["validate", repo.path, "--baseline", server.baseURL + "2.0/manifest.json"])
            #expect(missing.status == 1)
            #expect(missing.stderr.contains("HTTP status 404"))
        }

        @Test func previousAcceptsAManifestURLAndWarnsAboutAnotherAppVersion() async throws {
            let repo = try TemporaryDirectory("http-previous")
            let out = try TemporaryDirectory("http-previous-out")
            defer { repo.remove(); out.remove() }
            let server = try NginxServer()
            defer { server.stop() }
            try repo.write("Shop/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
            await #expect(try cli(["package", repo.path, "--app-version", "1.0", "--output", server.webRoot.path, "--quiet"]).status == 0)

            let next = try await cli(["package", repo.path, "--app-version", "1.1", "--output", out.path, "--quiet",
                                "--previous", server.baseURL + "1.0/manifest.json"])

            #expect(next.status == 0, "\(next.stderr)")
            #expect(next.stderr == "warning: --previous \(server.baseURL)1.0/manifest.json is the manifest of app version 1.0, not 1.1; changed/unchanged compares against another version's modules\n")
            #expect(next.stdout.contains(", unchanged\n"))
            let gone = try await cli(["package", repo.path, "--app-version", "1.1", "--output", out.path, "--quiet",
                                "--previous", server.baseURL + "9.9/manifest.json"])
            #expect(gone.status == 1)
            #expect(gone.stderr == "error: --previous \(server.baseURL)9.9/manifest.json: HTTP status 404\n")
        }
    }
}
