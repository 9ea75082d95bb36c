import Foundation
import OTATestSupport
import Testing

extension S3IntegrationTests {
    /// Objects a bucket writer copied onto themselves with other headers, their bytes unchanged: `verify s3://` names
    /// them, and `publish` writes them again with its own headers although their bytes are right.
    @Suite struct PublishObjectHeadersTests {
        typealias H = SyncHarness
        private static let folder = "ios/1.0.0/"

        private func cli(_ arguments: [String], in moto: MotoServer) async throws -> ToolResult {
            try await ExternalTool.run(TestPaths.cliExecutable.path, arguments, environment: moto.environment)
        }

        /// `aws s3api copy-object` of `name` onto itself with `headers` (`--content-type` and the like) in place of its own.
        private func recopy(_ name: String, _ headers: [String], in moto: MotoServer) async throws {
            let key = Self.folder + name
            try await moto.awsOK(["s3api", "copy-object", "--bucket", "strings", "--key", key, "--copy-source", "strings/\(key)",
                                  "--metadata-directive", "REPLACE"] + headers)
        }

        /// The latest time `list-objects-v2` gives any of `names` (whole seconds, as S3 lists them).
        private func lastWritten(_ names: [String], in moto: MotoServer) async throws -> Date {
            let text = try await moto.awsOK(["s3api", "list-objects-v2", "--bucket", "strings", "--prefix", Self.folder, "--output", "json"])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let times = (object["Contents"] as? [[String: Any]] ?? []).filter { names.contains(String(($0["Key"] as? String ?? "").dropFirst(Self.folder.count))) }
                .compactMap { ($0["LastModified"] as? String).flatMap(formatter.date) }
            return try #require(times.max())
        }

        private func failures(_ result: ToolResult) -> [Substring] {
            result.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        }

        @Test func headersChangedBehindPublishAreFoundByVerifyAndRepairedByPublish() async throws {
            let moto = try await MotoServer.session()
            try await moto.createPublicBucket("strings")
            let publication = try H.Publication()
            let modules = try await publication.package(publishedAt: "2026-01-01T00:00:00Z")
            await #expect(try cli(["publish", publication.versionFolder.path, "--to", "s3://strings/ios", "--quiet"], in: moto).status == 0)
            let zip = modules[0].path
            // Written in a later second than the commit points (the listing's times are whole seconds).
            let committed = try await lastWritten(["manifest.json", "index.json"], in: moto)
            await Poll.until(upTo: 5) { Date().timeIntervalSince1970.rounded(.down) > committed.timeIntervalSince1970 }

            // A ZIP alone: the commit points still vouch for every file written before them, not for this one.
            try await recopy(zip, ["--content-type", "application/zip", "--cache-control", "public, max-age=31536000, immutable",
                                   "--content-encoding", "gzip"], in: moto)
            let zipOnly = try await cli(["verify", "s3://strings/ios/1.0.0"], in: moto)
            #expect(zipOnly.status == 1, "\(zipOnly.stdout)\(zipOnly.stderr)")
            #expect(failures(zipOnly).count == 1 && failures(zipOnly)[0].contains("/\(zip): stored with Content-Encoding gzip"), "\(zipOnly.stdout)")

            // Then the commit points: they vouch for nothing, and every file's headers are read.
            try await recopy("index.json", ["--content-type", "application/json", "--cache-control", "no-cache", "--content-encoding", "gzip"], in: moto)
            try await recopy("manifest.json", ["--content-type", "application/json", "--cache-control", "public, max-age=31536000, immutable"], in: moto)
            for name in ["index.json", "manifest.json", zip] {
                await #expect(try moto.get("strings", Self.folder + name) == Data(contentsOf: publication.versionFolder.appendingPathComponent(name)))
            }

            let before = try await cli(["verify", "s3://strings/ios/1.0.0"], in: moto)

            #expect(before.status == 1, "\(before.stdout)\(before.stderr)")
            let failed = failures(before)
            #expect(failed.contains { $0.contains("/index.json") && $0.contains("Content-Encoding gzip") }, "\(before.stdout)")
            #expect(failed.contains { $0.contains("/\(zip)") && $0.contains("Content-Encoding gzip") }, "\(before.stdout)")
            #expect(failed.contains { $0.contains("/manifest.json") && $0.contains("Cache-Control 'public, max-age=31536000, immutable'") },
                    "\(before.stdout)")
            #expect(failed.count == 3, "\(before.stdout)")

            let again = try await cli(["publish", publication.versionFolder.path, "--to", "s3://strings/ios", "--json"], in: moto)

            #expect(again.status == 0, "\(again.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
            let archives = report["archives"] as? [[String: Any]] ?? []
            #expect(archives.filter { $0["action"] as? String != "skip" }.compactMap { $0["name"] as? String } == [zip], "\(again.stdout)")
            let manifests = report["manifests"] as? [[String: Any]] ?? []
            #expect(Set(manifests.filter { $0["action"] as? String != "skip" }.compactMap { $0["name"] as? String }) == ["manifest.json", "index.json"],
                    "\(again.stdout)")
            #expect(again.stderr.contains("warning:") && again.stderr.contains("Content-Encoding gzip (publish sets none)"), "\(again.stderr)")
            for (name, type, cache) in [("index.json", "application/json", "no-cache"), ("manifest.json", "application/json", "no-cache"),
                                        (zip, "application/zip", "public, max-age=31536000, immutable")] {
                let head = try await moto.head("strings", Self.folder + name)
                #expect(head["ContentEncoding"] == nil && head["ContentType"] as? String == type && head["CacheControl"] as? String == cache,
                        "\(name): \(head)")
                await #expect(try moto.get("strings", Self.folder + name) == Data(contentsOf: publication.versionFolder.appendingPathComponent(name)))
            }
            let after = try await cli(["verify", "s3://strings/ios/1.0.0"], in: moto)
            #expect(after.status == 0, "\(after.stdout)\(after.stderr)")
        }
    }
}
