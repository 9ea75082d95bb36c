import Foundation
import OTATestSupport
import Testing

extension S3IntegrationTests {
    /// Publishes to S3 killed with SIGKILL while the AWS CLI runs: the files they kept in the temporary folder (the CLI's
    /// output, bodies, folders staged for an upload or a download) are gone once the next publish has run.
    @Suite struct PublishTemporaryFilesTests {
        @Test func killedPublishesLeaveNothingInTheTemporaryFolderAfterTheNextRun() async throws {
            let moto = try await MotoServer.session()
            let publishes = try await PublishKill.TwoPublishes()
            let temporary = try TemporaryDirectory("tmpdir")
            defer { temporary.remove() }
            var environment = moto.environment
            environment["TMPDIR"] = temporary.path
            let bucket = "ota-tmp-kills"
            try await moto.createPublicBucket(bucket)
            // The old version published as publish writes it (headers included), so that the killed runs print only
            // their steps, each before the AWS CLI run that does it: the kills land inside those runs.
            let seeded = try await ExternalTool.run(
                TestPaths.cliExecutable.path, ["publish", publishes.old.path, "--to", "s3://\(bucket)/ios", "--quiet"],
                environment: environment)
            #expect(seeded.status == 0, "\(seeded.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty, "a clean publish leaves nothing")
            var killed = 0
            var leftByKills: [String] = []
            // Each run is killed once a scratch folder of its own appears: while the AWS CLI runs. The runs after the
            // first remove what the one before left, so each may be killed at a later step.
            for _ in 1...3 {
                let arguments = ["publish", publishes.new.path, "--to", "s3://\(bucket)/ios"]
                if try await PublishKill.runKilled(whenNewEntryIn: temporary.url, arguments, environment: environment) { killed += 1 }
                await PublishKill.waitForProcesses(mentioning: "s3://\(bucket)/ios")
                // What this run left; each run removes what the ones before it left.
                leftByKills += try FileManager.default.contentsOfDirectory(atPath: temporary.path)
            }
            #expect(killed >= 2, "only \(killed) of the publishes were killed before they ended")
            #expect(!leftByKills.isEmpty, "the killed runs left nothing to clean up")

            let again = try await ExternalTool.run(
                TestPaths.cliExecutable.path, ["publish", publishes.new.path, "--to", "s3://\(bucket)/ios", "--quiet"], environment: environment)

            #expect(again.status == 0, "\(again.stderr)")
            let left = FileManager.default.subpaths(atPath: temporary.path) ?? []
            #expect(left.isEmpty, "left: \(left.sorted()); by the kills: \(leftByKills.sorted())")
        }
    }
}
