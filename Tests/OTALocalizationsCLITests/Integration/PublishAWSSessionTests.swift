import Foundation
import OTATestSupport
import Testing

extension S3IntegrationTests {
    /// How many times `publish` starts the AWS CLI (version 1, from PyPI, against moto): once, for a whole publish, in a
    /// session that runs every command; once per command with `OTA_AWS_CLI_SESSION=0`; and a killed publish leaves no
    /// AWS CLI process behind. Starts are counted by an `aws` whose `#!` line names a logging wrapper of its interpreter.
    @Suite struct PublishAWSSessionTests {
        typealias H = SyncHarness

        /// A copy of the AWS CLI's `aws` script whose interpreter is a shell script that appends a line to `log` on each
        /// start, then runs the real interpreter.
        private struct CountedCLI {
            let folder: TemporaryDirectory
            var executable: URL { folder.url.appendingPathComponent("aws") }
            var log: URL { folder.url.appendingPathComponent("starts.log") }

            init() throws {
                folder = try TemporaryDirectory("counted-aws")
                let script = try String(contentsOfFile: MotoServer.awsExecutable, encoding: .utf8)
                let lines = script.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
                let python = String(lines[0].dropFirst(2)).trimmingCharacters(in: .whitespaces)
                let wrapper = folder.url.appendingPathComponent("python")
                try "#!/bin/sh\necho start >> '\(log.path)'\nexec '\(python)' \"$@\"\n".write(to: wrapper, atomically: true, encoding: .utf8)
                try ("#!" + wrapper.path + "\n" + lines[1]).write(to: executable, atomically: true, encoding: .utf8)
                for file in [wrapper, executable] { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path) }
            }

            var starts: Int {
                ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").count
            }
        }

        private func publish(_ folder: URL, to bucket: String, cli: CountedCLI, in moto: MotoServer, extra: [String: String] = [:]) async throws -> ToolResult {
            var environment = moto.environment
            environment["OTA_AWS_CLI"] = cli.executable.path
            environment.merge(extra) { $1 }
            return try await ExternalTool.run(TestPaths.cliExecutable.path, ["publish", folder.path, "--to", "s3://\(bucket)/ios", "--quiet"],
                                              environment: environment)
        }

        private func verify(_ bucket: String, in moto: MotoServer) async throws -> ToolResult {
            try await ExternalTool.run(TestPaths.cliExecutable.path, ["verify", "s3://\(bucket)/ios/\(H.appVersion)"], environment: moto.environment)
        }

        @Test func aPublishStartsTheAWSCLIOnce() async throws {
            let moto = try await MotoServer.session()
            try await moto.createPublicBucket("session")
            let publication = try H.Publication()
            _ = try await publication.package(publishedAt: "2026-01-01T00:00:00Z")
            let cli = try CountedCLI()
            defer { cli.folder.remove() }

            let fresh = try await publish(publication.versionFolder, to: "session", cli: cli, in: moto)

            #expect(fresh.status == 0, "\(fresh.stderr)")
            #expect(cli.starts == 1)
            let verified = try await verify("session", in: moto)
            #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
            // Publishing it again, nothing new: one more start, one listing.
            let again = try await publish(publication.versionFolder, to: "session", cli: cli, in: moto)
            #expect(again.status == 0, "\(again.stderr)")
            #expect(cli.starts == 2)
        }

        @Test func withSessionsOffEachCommandStartsTheAWSCLI() async throws {
            let moto = try await MotoServer.session()
            try await moto.createPublicBucket("no-session")
            let publication = try H.Publication()
            _ = try await publication.package(publishedAt: "2026-01-01T00:00:00Z")
            let cli = try CountedCLI()
            defer { cli.folder.remove() }

            let fresh = try await publish(publication.versionFolder, to: "no-session", cli: cli, in: moto, extra: ["OTA_AWS_CLI_SESSION": "0"])

            #expect(fresh.status == 0, "\(fresh.stderr)")
            // The version check, then the listing, the uploads of the parts and of the ZIPs, the listing that confirms
            // them, manifest.json, index.json, the listing that confirms those (docs/hosting.md, "What it costs").
            #expect(cli.starts == 8)
            let verified = try await verify("no-session", in: moto)
            #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
        }

        @Test func aSessionThatEndsDuringAReadRunsTheReadAgainOnItsOwn() async throws {
            let moto = try await MotoServer.session()
            try await moto.createPublicBucket("session-ends")
            let publication = try H.Publication()
            _ = try await publication.package(publishedAt: "2026-01-01T00:00:00Z")
            let cli = try CountedCLI()
            defer { cli.folder.remove() }
            // Python imports sitecustomize from PYTHONPATH at start: the first listing's process ends in the middle of
            // it (os._exit), as a session killed or crashed would; the marker file keeps it to once.
            let marker = cli.folder.url.appendingPathComponent("ended")
            try """
                import os, sys
                import awscli.clidriver
                _main = awscli.clidriver.CLIDriver.main
                def _ending_main(self, args=None):
                    words = sys.argv[1:] if args is None else args
                    if 'list-objects-v2' in words and not os.path.exists('\(marker.path)'):
                        open('\(marker.path)', 'w').close()
                        os._exit(9)
                    return _main(self, args)
                awscli.clidriver.CLIDriver.main = _ending_main

                """.write(to: cli.folder.url.appendingPathComponent("sitecustomize.py"), atomically: true, encoding: .utf8)

            let result = try await publish(publication.versionFolder, to: "session-ends", cli: cli, in: moto,
                                           extra: ["PYTHONPATH": cli.folder.path])

            #expect(FileManager.default.fileExists(atPath: marker.path), "no listing ran in a session")
            #expect(result.status == 0, "\(result.stderr)")
            // The session, the listing run again on its own, and a session for the commands after it.
            #expect(cli.starts == 3)
            let verified = try await verify("session-ends", in: moto)
            #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
        }

        @Test func aKilledPublishLeavesNoAWSCLIProcess() async throws {
            let moto = try await MotoServer.session()
            try await moto.createPublicBucket("killed-session")
            let publication = try H.Publication()
            _ = try await publication.package(publishedAt: "2026-01-01T00:00:00Z")
            // Killed once it has printed its first upload line: its AWS CLI process is running the upload.
            let killed = try await PublishKill.runKilled(
                after: 1, ["publish", publication.versionFolder.path, "--to", "s3://killed-session/ios"], environment: moto.environment)

            #expect(killed)
            // The session's process reads the end of its requests and ends after the command it was running; it has
            // the killed run's arguments in its environment (PublishKill.runVariable).
            let gone = await PublishKill.waitForProcesses(mentioning: "s3://killed-session/ios")
            #expect(gone, "an AWS CLI process of the killed publish is still running")
        }
    }
}
