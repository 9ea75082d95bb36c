import Foundation
import OTATestSupport
import Testing

extension S3IntegrationTests {
    /// `promote --rollout` on a bucket killed with SIGKILL the moment S3 has stored its `manifest.json` (moto's request
    /// log shows the PUT), before it writes `index.json`, as a cancelled CI job does: the same command run again ends
    /// with both from one publish, the rollout keeping the id the killed run gave it.
    @Suite struct ReleaseEditKillTests {
        typealias H = SyncHarness

        private func cli(_ arguments: [String], in moto: MotoServer) async throws -> ToolResult {
            try await ExternalTool.run(TestPaths.cliExecutable.path, arguments, environment: moto.environment)
        }

        private func json(_ data: Data?) throws -> [String: Any] {
            let bytes = try #require(data)
            return try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        }

        @Test func promoteKilledBetweenItsCommitPointsIsCompletedByRunningItAgain() async throws {
            let moto = try await MotoServer.session()
            let bucket = "ota-promote-kill"
            try await moto.createPublicBucket(bucket)
            let publication = try H.Publication()
            try await publication.package(publishedAt: "2026-01-01T00:00:00Z")
            try #require(try await cli(["publish", publication.versionFolder.path, "--to", "s3://\(bucket)/ios", "--quiet"], in: moto).status == 0)
            try publication.edit("Packages/Features/Sources/Checkout/Resources/de.lproj/Localizable.strings",
                                 replacing: "\"Dein Warenkorb\"", with: "\"Ihr Warenkorb\"")
            let staged = try await H.cli(["package", publication.source.path, "--app-version", H.appVersion, "--output", publication.output.path,
                                          "--channel", "staging", "--published-at", "2026-01-02T00:00:00Z", "--quiet"])
            try #require(staged.status == 0, "\(staged.stderr)")
            try #require(try await cli(["publish", publication.versionFolder.path, "--to", "s3://\(bucket)/ios", "--channel", "staging", "--quiet"],
                                       in: moto).status == 0)
            let manifestPath = "/\(bucket)/ios/1.0.0/manifest.json"
            let manifestWrites = { @Sendable in moto.requests().filter { $0.method == "PUT" && $0.path == manifestPath && $0.status == 200 }.count }
            let writesBefore = manifestWrites()
            let arguments = ["promote", "s3://\(bucket)/ios/1.0.0", "--from", "staging", "--rollout", "10"]

            let process = Process()
            process.executableURL = TestPaths.cliExecutable
            process.arguments = arguments
            // One AWS CLI process per command: the kill has to land in the gap between the two commit points, which
            // a process start widens to half a second; in one AWS CLI session (hosting.md) the next write follows in
            // a few milliseconds, sooner than the request log shows the first. What a kill leaves is the same.
            process.environment = moto.environment.merging(["OTA_AWS_CLI_SESSION": "0"]) { _, new in new }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            await OwnThread.kill(process, when: { manifestWrites() > writesBefore }, upTo: 300, interval: 0.005)
            await PublishKill.waitForProcesses(mentioning: bucket)

            // Killed between its commit points: manifest.json starts the rollout, index.json is still the publish's.
            let killed = try json(try await moto.get(bucket, "ios/1.0.0/manifest.json"))
            let id = try #require((killed["rollout"] as? [String: Any])?["id"] as? String, "the kill landed before manifest.json: \(killed)")
            try #require(try json(try await moto.get(bucket, "ios/1.0.0/index.json"))["rollout"] == nil, "the kill landed after index.json")

            let again = try await cli(arguments, in: moto)

            #expect(again.status == 0, "\(again.stderr)")
            let manifest = try json(try await moto.get(bucket, "ios/1.0.0/manifest.json"))
            let index = try json(try await moto.get(bucket, "ios/1.0.0/index.json"))
            #expect(manifest["publishedAt"] as? String == killed["publishedAt"] as? String)
            #expect((manifest["rollout"] as? [String: Any])?["id"] as? String == id)
            #expect(index["publishedAt"] as? String == manifest["publishedAt"] as? String)
            #expect((index["rollout"] as? [String: Any])?["id"] as? String == id)
        }
    }
}
