import Foundation
import OTATestSupport
import Testing

extension NginxIntegrationTests {
    /// `diff <URL of a published version folder> <repository>` against a real HTTP server (nginx on loopback).
    @Suite struct DiffOverHTTPTests {
        private func cli(_ arguments: [String]) async throws -> ToolResult {
            try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
        }

        @Test func aPublishedFolderURLIsComparedWithTheRepository() async throws {
            let (before, after) = (try TemporaryDirectory("http-diff-before"), try TemporaryDirectory("http-diff-after"))
            defer { before.remove(); after.remove() }
            let server = try NginxServer()
            defer { server.stop() }
            try DiffCommandTests.writePublished(before)
            try DiffCommandTests.writeNew(after)
            let published = try await cli(["package", before.path, "--app-version", "1.0", "--output", server.webRoot.path, "--quiet"])
            #expect(published.status == 0, "\(published.stderr)")

            // The folder URL the app reads, with or without a trailing slash, and its manifest's URL.
            for location in [server.baseURL + "1.0", server.baseURL + "1.0/", server.baseURL + "1.0/manifest.json"] {
                let result = try await cli(["diff", location, after.path])
                #expect(result.status == 0, "\(location): \(result.stderr)")
                #expect(result.stdout == DiffCommandTests.expectedText, "\(location)")
            }
            let requested = Set(server.requests().map(\.uri))
            #expect(requested.contains("/1.0/manifest.json"))
            #expect(requested.contains { $0.hasPrefix("/1.0/Shop-") && $0.hasSuffix(".zip") })
        }

        @Test func aMissingVersionAndADamagedZipAreErrors() async throws {
            let repo = try TemporaryDirectory("http-diff-damaged")
            defer { repo.remove() }
            let server = try NginxServer()
            defer { server.stop() }
            try DiffCommandTests.writePublished(repo)
            await #expect(try cli(["package", repo.path, "--app-version", "1.0", "--output", server.webRoot.path, "--quiet"]).status == 0)

            let missing = try await cli(["diff", server.baseURL + "2.0", repo.path])
            #expect(missing.status == 1)
            let notFound = "<published>: cannot read the manifest: \(server.baseURL)2.0/manifest.json: HTTP status 404 (not found): "
                + "check the URL, and that this version is published there"
            #expect(missing.stderr == "error: \(notFound)\n")
            // it was `"code":"configuration"`.
            let missingJSON = try await cli(["diff", server.baseURL + "2.0", repo.path, "--format", "json"])
            #expect(missingJSON.status == 1)
            #expect(missingJSON.stdout == "{\"error\":{\"code\":\"not-found\",\"message\":\"\(notFound)\"}}\n")

            // A full ZIP replaced by other bytes on the server: the manifest's SHA-256 no longer matches.
            let folder = server.webRoot.appendingPathComponent("1.0")
            let zip = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .first { $0.hasPrefix("Shop-") && $0.split(separator: "-").count == 2 })
            try Data("not the published bytes".utf8).write(to: folder.appendingPathComponent(zip))
            let damaged = try await cli(["diff", server.baseURL + "1.0", repo.path])
            #expect(damaged.status == 1)
            #expect(damaged.stderr == "error: <published>: \(server.baseURL)1.0/\(zip): size or SHA-256 differs from the manifest; the published files are damaged\n")
        }
    }
}
