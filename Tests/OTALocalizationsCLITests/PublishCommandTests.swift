import Foundation
import OTATestSupport
import Testing

/// `package --channel` and `publish` to a local folder through the built binary; the folder is read back with
/// FileManager, `cmp`-style byte comparison and Python's `json`.
@Suite struct PublishCommandTests {
    static let example = TestPaths.packageRoot.appendingPathComponent("Examples/SampleApp")

    private func cli(_ arguments: [String], environment: [String: String]? = nil) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments, environment: environment)
    }

    private func package(_ output: URL, at date: String = "2026-07-24T10:00:00Z", _ extra: [String] = []) async throws {
        let result = try await cli(["package", Self.example.path, "--app-version", "1.0.0", "--output", output.path,
                              "--published-at", date, "--quiet"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// A temporary folder with the example packaged into `out/1.0.0`: (the folder, `out`, `out/1.0.0`).
    private func packaged(_ prefix: String) async throws -> (temp: TemporaryDirectory, output: URL, source: URL) {
        let temp = try TemporaryDirectory(prefix)
        let output = temp.url.appendingPathComponent("out")
        try await package(output)
        return (temp, output, output.appendingPathComponent("1.0.0"))
    }

    private func names(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// A `publishedAt` far ahead of the clock is refused unless asked for; once live, the next publish replaces it.
    @Test func aManifestDatedInTheFutureIsRefusedAndReplacedByTheNextPublish() async throws {
        let temp = try TemporaryDirectory("future")
        defer { temp.remove() }
        let output = temp.url.appendingPathComponent("out")
        let www = temp.url.appendingPathComponent("www")
        let refused = try await cli(["package", Self.example.path, "--app-version", "1.0.0", "--output", output.path,
                                     "--published-at", "2099-01-01T00:00:00Z", "--quiet"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--published-at 2099-01-01T00:00:00Z is "), "\(refused.stderr)")
        #expect(refused.stderr.contains("days ahead of this machine's clock: devices refuse a manifest dated more than 1 hour ahead"))
        #expect(refused.stderr.contains("--allow-future-published-at"))
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing is written")
        let epoch = try await cli(["package", Self.example.path, "--app-version", "1.0.0", "--output", output.path, "--quiet"],
                                  environment: ["SOURCE_DATE_EPOCH": "4070908800", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? ""])
        #expect(epoch.status == 2 && epoch.stderr.contains("SOURCE_DATE_EPOCH 4070908800 is "), "\(epoch.stderr)")

        // Asked for, it is written and published; the next publish dated now replaces it.
        try await package(output, at: "2099-01-01T00:00:00Z", ["--allow-future-published-at"])
        #expect(try await cli(["publish", output.appendingPathComponent("1.0.0").path, "--to", www.path]).status == 0)
        let now = try await cli(["package", Self.example.path, "--app-version", "1.0.0", "--output", output.path, "--quiet"])
        #expect(now.status == 0, "\(now.stderr)")
        let replaced = try await cli(["publish", output.appendingPathComponent("1.0.0").path, "--to", www.path])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        let manifest = try String(contentsOf: www.appendingPathComponent("1.0.0/manifest.json"), encoding: .utf8)
        #expect(!manifest.contains("2099-01-01"))
    }

    /// AWS CLI v1 reads the region from `AWS_DEFAULT_REGION` only: a job that sets `AWS_REGION` (as CI providers do)
    /// gets it passed through. The `aws` here is a script that records what it was given and fails.
    @Test func awsRegionReachesTheAWSCLIAsItsDefaultRegion() async throws {
        let (temp, _, source) = try await packaged("region")
        defer { temp.remove() }
        let record = temp.url.appendingPathComponent("aws-env")
        let fake = temp.url.appendingPathComponent("aws")
        try "#!/bin/sh\necho \"$AWS_DEFAULT_REGION|$AWS_REGION\" >> '\(record.path)'\nexit 1\n".write(to: fake, atomically: true, encoding: .utf8)
        #expect(chmod(fake.path, 0o755) == 0)
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "", "OTA_AWS_CLI": fake.path, "AWS_REGION": "eu-west-3"]
        let result = try await cli(["publish", source.path, "--to", "s3://strings/ios"], environment: environment)
        #expect(result.status == 1)
        let lines = try String(contentsOf: record, encoding: .utf8).split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0 == "eu-west-3|eu-west-3" }, "\(lines)")
        // An explicit AWS_DEFAULT_REGION is left as it is.
        try FileManager.default.removeItem(at: record)
        _ = try await cli(["publish", source.path, "--to", "s3://strings/ios"], environment: environment.merging(["AWS_DEFAULT_REGION": "us-east-2"]) { $1 })
        #expect(try String(contentsOf: record, encoding: .utf8).split(separator: "\n").allSatisfy { $0 == "us-east-2|eu-west-3" })
    }

    /// A fake `aws`: prints `version` for `--version`, `Unknown options: --checksum-algorithm, SHA256` (as AWS CLI v1
    /// before 1.35.0 does) for a call with that option, an empty listing, a 404 for any other; records each call's
    /// arguments.
    private func fakeAWS(in temp: TemporaryDirectory, version: String) throws -> (aws: URL, calls: URL) {
        let calls = temp.url.appendingPathComponent("aws-calls")
        let fake = temp.url.appendingPathComponent("aws")
        try """
            #!/bin/sh
            echo "$*" >> '\(calls.path)'
            case "$*" in
              --version*) echo '\(version)'; exit 0 ;;
              *--checksum-algorithm*) printf '\\nusage: aws [options] <command> <subcommand>\\nUnknown options: --checksum-algorithm, SHA256\\n' >&2; exit 255 ;;
              *list-objects*) echo '{}'; exit 0 ;;
              *) echo 'An error occurred (404) when calling the HeadObject operation: Not Found' >&2; exit 255 ;;
            esac

            """.write(to: fake, atomically: true, encoding: .utf8)
        #expect(chmod(fake.path, 0o755) == 0)
        return (fake, calls)
    }

    /// An AWS CLI older than the options publishing passes stops the run before any call, saying so.
    @Test func anAWSCLIOlderThanTheMinimumStopsBeforeAnyCallNamingBothVersions() async throws {
        let (temp, _, source) = try await packaged("old-aws")
        defer { temp.remove() }
        let (fake, calls) = try fakeAWS(in: temp, version: "aws-cli/1.29.0 Python/3.11.4 Linux/5.15.0 botocore/1.31.0")
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "", "OTA_AWS_CLI": fake.path]

        let result = try await cli(["publish", source.path, "--to", "s3://strings/ios"], environment: environment)

        #expect(result.status == 1)
        #expect(result.stderr == "error: the AWS CLI at \(fake.path) is version 1.29.0; S3 publishing needs 1.36.10 or later "
            + "(for the SHA-256 checksums of its uploads and its conditional writes). Upgrade it (pip install -U "
            + "awscli, or AWS's installer for version 2), or set OTA_AWS_CLI to a newer aws\n")
        #expect(try String(contentsOf: calls, encoding: .utf8) == "--version --output json\n")
    }

    /// `Unknown options` from the CLI is its version's fault, not the credentials'.
    @Test func anUnknownOptionFromTheAWSCLIBlamesItsVersionNotTheCredentials() async throws {
        let (temp, _, source) = try await packaged("unknown-option")
        defer { temp.remove() }
        // A version new enough, or one the check cannot read, reaches the uploads.
        let (fake, _) = try fakeAWS(in: temp, version: "aws-cli/1.36.10 Python/3.12.1 Linux/6.1 botocore/1.35.69")
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "", "OTA_AWS_CLI": fake.path]

        let result = try await cli(["publish", source.path, "--to", "s3://strings/ios"], environment: environment)

        #expect(result.status == 1)
        #expect(result.stderr.contains(": aws exited with status 255: Unknown options: --checksum-algorithm, SHA256. The AWS CLI at "
            + "\(fake.path) is too old for '--checksum-algorithm'; S3 publishing needs 1.36.10 or later (version 1), or 2.22.5 "
            + "or later (version 2). Upgrade it (pip install -U awscli, or AWS's installer for version 2), or set "
            + "OTA_AWS_CLI to a newer aws\n"), "\(result.stderr)")
        #expect(!result.stderr.contains("credentials"), "\(result.stderr)")
    }

    @Test func packageChannelWritesItsOwnManifestRecordingTheChannel() async throws {
        let temp = try TemporaryDirectory("channel")
        defer { temp.remove() }
        let output = temp.url.appendingPathComponent("out")
        try await package(output, ["--channel", "staging"])
        let folder = output.appendingPathComponent("1.0.0")
        #expect(!names(folder).contains("manifest.json"))
        let fields = try await ExternalTool.python("""
            import json, sys
            m = json.load(open(sys.argv[1]))
            print(m["channel"], list(m).index("channel") == list(m).index("developmentRegion") + 1)
            """, [folder.appendingPathComponent("manifest.staging.json").path])
        #expect(fields == "staging True\n")
        // The same ZIPs as production's.
        try await package(output)
        let production = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        #expect(!String(decoding: production, as: UTF8.self).contains("channel"))
        // 4 full ZIPs and 28 slices (each module: base and 6 localizations besides the development region).
        #expect(names(folder).filter { $0.hasSuffix(".zip") }.count == 4 + 4 * 7)

        // Signed: manifest.staging.dsse.json signs exactly manifest.staging.json, channel included.
        let key = temp.url.appendingPathComponent("key.pem")
        try OpenSSLSigning.generateKey(at: key)
        try await package(output, ["--channel", "staging", "--signing-key", key.path])
        let payload = try await ExternalTool.python("import json, sys, base64; sys.stdout.buffer.write(base64.b64decode(json.load(open(sys.argv[1]))['payload']))",
                                              [folder.appendingPathComponent("manifest.staging.dsse.json").path])
        #expect(Data(payload.utf8) == (try Data(contentsOf: folder.appendingPathComponent("manifest.staging.json"))))
        #expect(payload.contains("\"channel\": \"staging\""))
        #expect(!names(folder).contains("manifest.dsse.json"))

        let bad = try await cli(["package", Self.example.path, "--app-version", "1.0.0", "--output", output.path, "--channel", "Staging"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--channel 'Staging' is not a channel name"))
    }

    @Test func publishToAFolderCopiesZIPsThenTheManifestAndSkipsWhatIsThere() async throws {
        let (temp, _, source) = try await packaged("publish-folder")
        defer { temp.remove() }
        let www = temp.url.appendingPathComponent("www/ios")

        let dryRun = try await cli(["publish", source.path, "--to", www.path, "--dry-run"])
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        #expect(!FileManager.default.fileExists(atPath: www.path))
        let planned = dryRun.stdout.split(separator: "\n").dropFirst().map { String($0.prefix(9)) }
        // 32 ZIPs (4 full, 28 slices) and the index's 8 parts (base, full, 6 localizations), one line for their checks,
        // then manifest.json and index.json.
        let contentAddressed = names(source).filter { $0.hasSuffix(".zip") || $0.hasSuffix(".json.gz") }
        #expect(contentAddressed.count == 32 + 8)
        #expect(planned == Array(repeating: "  upload ", count: 40) + ["  check  ", "  write  ", "  write  "])

        let first = try await cli(["publish", source.path, "--to", www.path])
        #expect(first.status == 0, "\(first.stderr)")
        let published = www.appendingPathComponent("1.0.0")
        #expect(names(published) == names(source))
        for name in names(source) {
            #expect(try Data(contentsOf: published.appendingPathComponent(name)) == Data(contentsOf: source.appendingPathComponent(name)))
        }
        // Progress: the uploads (40 files, fewer than a line's 50: their start and end only), their check, then the
        // manifest and the index, in that order.
        let steps = first.stderr.split(separator: "\n").map { String($0.split(separator: " ").prefix(2).joined(separator: " ")) }
        #expect(steps == ["upload 40", "uploaded 40", "check 40", "write \(published.path)/manifest.json", "write \(published.path)/index.json"])

        // The same folder again: every file is there with its bytes, so nothing at all is written.
        let again = try await cli(["publish", source.path, "--to", www.path, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        #expect((object["archives"] as? [[String: Any]])?.allSatisfy { $0["action"] as? String == "skip" } == true)
        #expect((object["manifests"] as? [[String: Any]])?.map { $0["action"] as? String } == ["skip", "skip"])
        #expect(object["written"] as? [String] == [])
        #expect(object["destination"] as? String == published.path)
    }

    @Test func publishRefusesWhatWouldBreakDevices() async throws {
        let (temp, output, source) = try await packaged("publish-refusals")
        defer { temp.remove() }
        let www = temp.url.appendingPathComponent("www")
        await #expect(try cli(["publish", source.path, "--to", www.path, "--quiet"]).status == 0)
        let published = www.appendingPathComponent("1.0.0")
        let manifest = try Data(contentsOf: published.appendingPathComponent("manifest.json"))

        // A ZIP of the same name with other bytes at the destination (cut short, and one of the same size): each is
        // uploaded again, with a warning, before the new manifest is written.
        let zips = names(published).filter { $0.hasSuffix(".zip") }
        let (zip, other) = (zips[0], zips[1])
        let original = try Data(contentsOf: published.appendingPathComponent(zip))
        try Data(original.dropLast()).write(to: published.appendingPathComponent(zip))
        let otherOriginal = try Data(contentsOf: published.appendingPathComponent(other))
        var flipped = otherOriginal
        flipped[flipped.count - 1] ^= 0xFF
        try flipped.write(to: published.appendingPathComponent(other))
        try await package(output, at: "2026-07-25T10:00:00Z")
        let altered = try await cli(["publish", source.path, "--to", www.path, "--json"])
        #expect(altered.status == 0, "\(altered.stderr)")
        #expect(altered.stderr.contains("warning: \(published.path)/\(zip) holds \(original.count - 1) bytes that are not this file's \(original.count)"))
        #expect(altered.stderr.contains("warning: \(published.path)/\(other) holds \(otherOriginal.count) bytes that are not this file's \(otherOriginal.count)"))
        let actions = try #require((try JSONSerialization.jsonObject(with: Data(altered.stdout.utf8)) as? [String: Any])?["archives"] as? [[String: Any]])
        #expect(actions.filter { $0["action"] as? String == "replace" }.compactMap { $0["name"] as? String }.sorted() == [zip, other].sorted())
        #expect(try Data(contentsOf: published.appendingPathComponent(zip)) == original)
        #expect(try Data(contentsOf: published.appendingPathComponent(other)) == otherOriginal)
        #expect(try Data(contentsOf: published.appendingPathComponent("manifest.json")) != manifest)

        // An older manifest than the destination's.
        try await package(output, at: "2026-07-01T10:00:00Z")
        let older = try await cli(["publish", source.path, "--to", www.path])
        #expect(older.status == 1)
        #expect(older.stderr.contains("was published at 2026-07-25T10:00:00Z, later than this one (2026-07-01T10:00:00Z)"), "\(older.stderr)")

        // An unsigned publish over a signed one.
        let key = temp.url.appendingPathComponent("key.pem")
        try OpenSSLSigning.generateKey(at: key)
        try await package(output, at: "2026-07-26T10:00:00Z", ["--signing-key", key.path])
        await #expect(try cli(["publish", source.path, "--to", www.path, "--quiet"]).status == 0)
        #expect(names(published).contains("manifest.dsse.json"))
        try await package(output, at: "2026-07-27T10:00:00Z")
        let unsigned = try await cli(["publish", source.path, "--to", www.path])
        #expect(unsigned.status == 1)
        #expect(unsigned.stderr.contains("manifest.dsse.json exists but this publish is unsigned"))

        // A ZIP the manifest lists is missing from the source.
        try FileManager.default.removeItem(at: source.appendingPathComponent(zip))
        let missing = try await cli(["publish", source.path, "--to", temp.url.appendingPathComponent("other").path])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("\(zip): listed by manifest.json but missing"))
        #expect(!FileManager.default.fileExists(atPath: temp.url.appendingPathComponent("other").path))

        let usage = try await cli(["publish", source.path, "--to", www.path, "--cloudfront-distribution", "E123"])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("--cloudfront-distribution needs an s3:// destination"))
        // A distribution that cannot be invalidated is refused before anything is uploaded (no AWS CLI is run: the
        // bucket does not exist).
        let notAnID = try await cli(["publish", source.path, "--to", "s3://no-such-bucket/ios", "--cloudfront-distribution", "my distribution"])
        #expect(notAnID.status == 2)
        #expect(notAnID.stderr.contains("--cloudfront-distribution 'my distribution' is not a CloudFront distribution ID"), "\(notAnID.stderr)")
        let empty = try await cli(["publish", source.path, "--to", "s3://no-such-bucket/ios", "--cloudfront-distribution", ""])
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("--cloudfront-distribution is empty"), "\(empty.stderr)")
        let scheme = try await cli(["publish", source.path, "--to", "https://cdn.example.com/ios"])
        #expect(scheme.status == 2)
        #expect(scheme.stderr.contains("only s3://<bucket>/<prefix> and local folders are publish destinations"))
    }
}
