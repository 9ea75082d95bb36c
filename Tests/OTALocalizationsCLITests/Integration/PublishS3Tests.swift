import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing

extension S3IntegrationTests {
    /// `publish`, `promote` and `rollout` against a real S3 API (moto on loopback) through the real AWS CLI, and the
    /// app's client syncing from the bucket's HTTP endpoint. One moto per test, one test at a time (each publish runs
    /// the AWS CLI, a Python program, a dozen times).
    @Suite struct PublishS3Tests {
        typealias H = SyncHarness
        private static let checkoutGerman = "Packages/Features/Sources/Checkout/Resources/de.lproj/Localizable.strings"

        private func publish(_ folder: URL, to destination: String, _ extra: [String] = [], in moto: MotoServer) async throws -> ToolResult {
            try await ExternalTool.run(TestPaths.cliExecutable.path, ["publish", folder.path, "--to", destination] + extra, environment: moto.environment)
        }

        private func json(_ text: String) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        }

        /// Also: the second publish invalidates only the manifest's path on a CloudFront distribution (moto's).
        @Test func publishedBucketSyncsWith200Then304ThenOnlyTheChangedZIP() async throws {
            let moto = try await MotoServer.session()
            try await moto.createPublicBucket("strings")
            let distribution = try await moto.awsOK(["cloudfront", "create-distribution", "--origin-domain-name", "strings.s3.amazonaws.com",
                                               "--query", "Distribution.Id", "--output", "text"])
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let publication = try H.Publication()
            let first = try await publication.package(publishedAt: "2026-01-01T00:00:00Z")
            let files = try publication.files()  // full ZIPs and their slices

            let parts = try partNames(publication)   // the published index's parts
            let contentAddressed = files + parts

            let published = try await publish(publication.versionFolder, to: "s3://strings/ios", ["--json"], in: moto)
            #expect(published.status == 0, "\(published.stderr)")
            let report = try json(published.stdout)
            #expect(report["destination"] as? String == "s3://strings/ios/1.0.0")
            #expect((report["archives"] as? [[String: Any]])?.map { $0["action"] as? String } == contentAddressed.map { _ in "upload" })
            // Content-addressed files first (in bulk), then the manifest and the index's root, every file checked.
            #expect(report["written"] as? [String] == contentAddressed + ["manifest.json", "index.json"])
            #expect(report["verified"] as? Int == contentAddressed.count)
            let requests = moto.requests()
            let puts = requests.filter { $0.method == "PUT" && $0.path.hasPrefix("/strings/ios/") }.map(\.path)
            #expect(Set(puts.dropLast(2)) == Set(contentAddressed.map { "/strings/ios/1.0.0/\($0)" }) && puts.count == contentAddressed.count + 2)
            #expect(Array(puts.suffix(2)) == ["/strings/ios/1.0.0/manifest.json", "/strings/ios/1.0.0/index.json"])
            // What is there is learnt from listings: one before the uploads, one after them, and one after the commit
            // points (each still this run's); no object is asked for one by one.
            #expect(requests.filter { $0.method == "HEAD" }.isEmpty)
            let listings = requests.indices.filter { requests[$0].method == "GET" && requests[$0].path.hasPrefix("/strings?") }
            let manifestPut = try #require(requests.lastIndex { $0.method == "PUT" && $0.path.hasSuffix("/manifest.json") })
            let lastArchivePut = try #require(requests.lastIndex { $0.method == "PUT" && ($0.path.hasSuffix(".zip") || $0.path.hasSuffix(".json.gz")) })
            let indexPut = try #require(requests.lastIndex { $0.method == "PUT" && $0.path.hasSuffix("/index.json") })
            #expect(listings.count == 3 && listings[1] > lastArchivePut && listings[1] < manifestPut && listings[2] > indexPut, "\(requests)")

            // Headers, as S3 reports them to head-object; the ETag is the body's MD5 (python's hashlib).
            for module in first {
                let head = try await moto.head("strings", "ios/1.0.0/\(module.path)")
                #expect(head["ContentType"] as? String == "application/zip")
                #expect(head["CacheControl"] as? String == "public, max-age=31536000, immutable")
            }
            let partHead = try await moto.head("strings", "ios/1.0.0/\(parts[0])")
            #expect(partHead["ContentType"] as? String == "application/gzip" && partHead["ContentEncoding"] == nil)
            #expect(partHead["CacheControl"] as? String == "public, max-age=31536000, immutable")
            let manifestHead = try await moto.head("strings", "ios/1.0.0/manifest.json")
            #expect(manifestHead["ContentType"] as? String == "application/json")
            #expect(manifestHead["CacheControl"] as? String == "no-cache")
            let md5 = try await ExternalTool.python("import hashlib,sys; print(hashlib.md5(open(sys.argv[1],'rb').read()).hexdigest(), end='')",
                                              [publication.versionFolder.appendingPathComponent("manifest.json").path])
            #expect(manifestHead["ETag"] as? String == "\"\(md5)\"")

            // The client, from the bucket's HTTP endpoint: 200 for the index's root, its base and full parts (the CLI
            // installs every localization), and every full ZIP.
            let storage = try TemporaryDirectory("root")
            defer { storage.remove() }
            let base = "\(moto.endpoint)/strings/ios/"
            var before = moto.requests().count
            let firstSync = try await H.sync(base, into: storage.url)
            #expect(firstSync.result.status == 0, "\(firstSync.result.stderr)")
            #expect(firstSync.report["manifest"] as? String == "updated")
            #expect(firstSync.report["updated"] as? Int == first.count)
            var gets = Array(moto.requests()[before...])
            #expect(gets.first == .init(method: "GET", path: "/strings/ios/1.0.0/index.json", status: 200))
            #expect(Set(gets.dropFirst(3).map(\.path)) == Set(first.map { "/strings/ios/1.0.0/\($0.path)" }))
            #expect(gets.count == first.count + 3)
            try await H.expectInstalled(first, from: publication.versionFolder, into: storage.url)

            // Nothing changed: one request, answered 304 to the stored ETag.
            before = moto.requests().count
            let secondSync = try await H.sync(base, into: storage.url)
            #expect(secondSync.report["manifest"] as? String == "notModified")
            #expect(Array(moto.requests()[before...]) == [.init(method: "GET", path: "/strings/ios/1.0.0/index.json", status: 304)])

            // One changed string: publish uploads two ZIPs, two parts and the manifests; the client downloads the root,
            // the full part and the one ZIP.
            try publication.edit(Self.checkoutGerman, replacing: "\"Dein Warenkorb\"", with: "\"Ihr Warenkorb\"")
            let second = try await publication.package(publishedAt: "2026-01-02T00:00:00Z")
            let changed = second.filter { !first.contains($0) }
            #expect(changed.map(\.name) == ["Checkout"])
            // Uploaded: Checkout's full ZIP and its de slice, the only files whose bytes changed, and the full and de parts.
            let changedFiles = try publication.files().filter { !files.contains($0) }
            #expect(changedFiles.count == 2 && changedFiles[0] == changed[0].path && changedFiles[1].hasPrefix("Checkout-de-"))
            let changedParts = try partNames(publication).filter { !parts.contains($0) }
            #expect(changedParts.map { $0.split(separator: "-").prefix(2).joined(separator: "-") } == ["index-full", "index-de"])
            let dryRun = try await json(try publish(publication.versionFolder, to: "s3://strings/ios",
                                              ["--cloudfront-distribution", distribution, "--dry-run", "--json"], in: moto).stdout)
            #expect((dryRun["archives"] as? [[String: Any]])?.compactMap { $0["action"] as? String == "upload" ? $0["name"] as? String : nil }
                    == changedFiles + changedParts)
            #expect(dryRun["written"] as? [String] == [])
            await #expect(try moto.head("strings", "ios/1.0.0/manifest.json")["ETag"] as? String == "\"\(md5)\"")
            let republished = try await json(try publish(publication.versionFolder, to: "s3://strings/ios",
                                                   ["--cloudfront-distribution", distribution, "--json", "--quiet"], in: moto).stdout)
            #expect(republished["written"] as? [String] == changedFiles + changedParts + ["manifest.json", "index.json"])
            let invalidation = try #require(republished["invalidation"] as? [String: Any])
            #expect(invalidation["paths"] as? [String] == ["/ios/1.0.0/manifest.json", "/ios/1.0.0/index.json"])
            let id = try #require(invalidation["id"] as? String)
            let stored = try await json(try moto.awsOK(["cloudfront", "get-invalidation", "--distribution-id", distribution, "--id", id, "--output", "json"]))
            let batch = (stored["Invalidation"] as? [String: Any])?["InvalidationBatch"] as? [String: Any]
            #expect((batch?["Paths"] as? [String: Any])?["Items"] as? [String] == ["/ios/1.0.0/manifest.json", "/ios/1.0.0/index.json"])
            // the same publish again writes nothing, so it invalidates nothing (docs/hosting.md).
            let unchanged = try await json(try publish(publication.versionFolder, to: "s3://strings/ios",
                                                 ["--cloudfront-distribution", distribution, "--json", "--quiet"], in: moto).stdout)
            #expect(unchanged["written"] as? [String] == [])
            let none = try #require(unchanged["invalidation"] as? [String: Any])
            #expect(none["paths"] as? [String] == [] && none["id"] is NSNull, "\(none)")
            let invalidations = try await json(try moto.awsOK(["cloudfront", "list-invalidations", "--distribution-id", distribution, "--output", "json"]))
            #expect(((invalidations["InvalidationList"] as? [String: Any])?["Items"] as? [Any])?.count == 1)
            before = moto.requests().count
            let thirdSync = try await H.sync(base, into: storage.url)
            #expect(thirdSync.report["manifest"] as? String == "updated")
            #expect(thirdSync.report["updated"] as? Int == 1)
            gets = Array(moto.requests()[before...])
            #expect(gets == [.init(method: "GET", path: "/strings/ios/1.0.0/index.json", status: 200),
                             .init(method: "GET", path: "/strings/ios/1.0.0/\(changedParts[0])", status: 200),
                             .init(method: "GET", path: "/strings/ios/1.0.0/\(changed[0].path)", status: 200)])
            try await H.expectInstalled(second, from: publication.versionFolder, into: storage.url)
        }

        /// A ZIP planted in the bucket under the name of one of the publish's (same size, other bytes): the listing's
        /// MD5 shows it, `publish` uploads the real one again with a warning, and `verify s3://` passes afterwards.
        @Test func aPlantedObjectIsReplacedWithAWarning() async throws {
            let moto = try await MotoServer.session()
            try await moto.createPublicBucket("strings")
            let publication = try H.Publication()
            let modules = try await publication.package(publishedAt: "2026-01-01T00:00:00Z")
            await #expect(try publish(publication.versionFolder, to: "s3://strings/ios", in: moto).status == 0)
            let victim = modules[0].path
            let real = try Data(contentsOf: publication.versionFolder.appendingPathComponent(victim))
            let planted = publication.folder.url.appendingPathComponent("planted.zip")
            try Data(real.map { $0 ^ 0x20 }).write(to: planted)
            try await moto.awsOK(["s3", "cp", planted.path, "s3://strings/ios/1.0.0/\(victim)"])
            let before = try await ExternalTool.run(TestPaths.cliExecutable.path, ["verify", "s3://strings/ios/1.0.0"], environment: moto.environment)
            #expect(before.status == 1 && before.stdout.contains(victim), "\(before.stdout)\(before.stderr)")

            let again = try await publish(publication.versionFolder, to: "s3://strings/ios", ["--json"], in: moto)

            #expect(again.status == 0, "\(again.stderr)")
            let archives = try #require(try json(again.stdout)["archives"] as? [[String: Any]])
            #expect(archives.filter { $0["action"] as? String == "replace" }.compactMap { $0["name"] as? String } == [victim])
            #expect(archives.filter { $0["action"] as? String == "upload" }.isEmpty)
            #expect(again.stderr.contains("warning:") && again.stderr.contains(victim), "\(again.stderr)")
            await #expect(try moto.get("strings", "ios/1.0.0/\(victim)") == real)
            let after = try await ExternalTool.run(TestPaths.cliExecutable.path, ["verify", "s3://strings/ios/1.0.0"], environment: moto.environment)
            #expect(after.status == 0, "\(after.stdout)\(after.stderr)")

            // The publish in S3 is a published location wherever one is accepted: `--baseline` (the keys it had) and
            // `--previous` (changed or unchanged), read through the AWS CLI.
            let cli = { (arguments: [String]) async throws -> ToolResult in
                try await ExternalTool.run(TestPaths.cliExecutable.path, arguments, environment: moto.environment)
            }
            let previous = try await cli(["package", publication.source.path, "--app-version", H.appVersion, "--output",
                                          publication.folder.url.appendingPathComponent("next").path, "--quiet",
                                          "--previous", "s3://strings/ios/1.0.0/manifest.json"])
            #expect(previous.status == 0, "\(previous.stderr)")
            #expect(previous.stdout.contains(", unchanged") && !previous.stdout.contains(", changed"), "\(previous.stdout)")
            // the warning named the temporary copy read instead of the location given.
            let other = try await cli(["package", publication.source.path, "--app-version", "9.9.9", "--output",
                                       publication.folder.url.appendingPathComponent("other").path, "--quiet",
                                       "--previous", "s3://strings/ios/1.0.0/manifest.json"])
            #expect(other.status == 0, "\(other.stderr)")
            #expect(other.stderr == "warning: --previous s3://strings/ios/1.0.0/manifest.json is the manifest of app version \(H.appVersion), "
                    + "not 9.9.9; changed/unchanged compares against another version's modules\n")
            try publication.edit(Self.checkoutGerman, replacing: "\"cart.title\" = \"Dein Warenkorb\";", with: "")
            let dropped = try await cli(["validate", publication.source.path, "--baseline", "s3://strings/ios/1.0.0", "--format", "json"])
            #expect(dropped.status == 1, "\(dropped.stderr)")
            #expect(dropped.stdout.contains("\"code\":\"missing-key-against-baseline\"") && dropped.stdout.contains("\"key\":\"cart.title\""),
                    "\(dropped.stdout)\(dropped.stderr)")
            let missing = try await cli(["validate", publication.source.path, "--baseline", "s3://strings/ios/9.9.9"])
            #expect(missing.status == 1 && missing.stderr.contains("s3://strings/ios/9.9.9/manifest.json"), "\(missing.stderr)")
        }

        /// The published index's parts the version folder's `index.json` names: base, full, then each localization.
        private func partNames(_ publication: H.Publication) throws -> [String] {
            let root = try ManifestIndex(bytes: Data(contentsOf: publication.versionFolder.appendingPathComponent("index.json")))
            return root.parts.all.map(\.path)
        }

        @Test func promoteAndRolloutEditTheBucketAndRefuseAMissingZIP() async throws {
            let moto = try await MotoServer.session()
            try await moto.createPublicBucket("strings")
            let publication = try H.Publication()
            let production = try await publication.package(publishedAt: "2026-01-01T00:00:00Z")
            await #expect(try publish(publication.versionFolder, to: "s3://strings/ios", ["--quiet"], in: moto).status == 0)
            try publication.edit(Self.checkoutGerman, replacing: "\"Dein Warenkorb\"", with: "\"Ihr Warenkorb\"")
            let staging = try await H.cli(["package", publication.source.path, "--app-version", "1.0.0", "--output", publication.output.path,
                                     "--channel", "staging", "--published-at", "2026-01-02T00:00:00Z", "--quiet"])
            #expect(staging.status == 0, "\(staging.stderr)")
            await #expect(try publish(publication.versionFolder, to: "s3://strings/ios", ["--channel", "staging", "--quiet"], in: moto).status == 0)
            let stagedBytes = try await #require(try moto.get("strings", "ios/1.0.0/manifest.staging.json"))
            let staged = try json(String(decoding: stagedBytes, as: UTF8.self))
            #expect(staged["channel"] as? String == "staging")

            func cli(_ arguments: [String]) async throws -> ToolResult {
                try await ExternalTool.run(TestPaths.cliExecutable.path, arguments, environment: moto.environment)
            }
            func productionManifest() async throws -> [String: Any] {
                try await json(String(decoding: try #require(try moto.get("strings", "ios/1.0.0/manifest.json")), as: UTF8.self))
            }
            let rollout = try await cli(["promote", "s3://strings/ios/1.0.0", "--from", "staging", "--rollout", "5", "--json"])
            #expect(rollout.status == 0, "\(rollout.stderr)")
            var manifest = try await productionManifest()
            let stagedModules = try #require(staged["modules"] as? [[String: Any]])
            let checkout = try #require(stagedModules.first { $0["name"] as? String == "Checkout" }?["path"] as? String)
            #expect((manifest["modules"] as? [[String: Any]])?.compactMap { $0["path"] as? String } == production.map(\.path))
            let object = try #require(manifest["rollout"] as? [String: Any])
            #expect((object["percent"] as? NSNumber)?.doubleValue == 5)
            #expect((object["modules"] as? [[String: Any]])?.compactMap { $0["path"] as? String } == [checkout])
            let id = try #require(object["id"] as? String)
            await #expect(try moto.head("strings", "ios/1.0.0/manifest.json")["CacheControl"] as? String == "no-cache")

            await #expect(try cli(["rollout", "s3://strings/ios/1.0.0", "--percent", "50"]).status == 0)
            manifest = try await productionManifest()
            #expect((manifest["rollout"] as? [String: Any])?["id"] as? String == id)
            #expect(((manifest["rollout"] as? [String: Any])?["percent"] as? NSNumber)?.doubleValue == 50)
            await #expect(try cli(["rollout", "s3://strings/ios/1.0.0", "--finish"]).status == 0)
            manifest = try await productionManifest()
            #expect(manifest["rollout"] == nil)
            #expect((manifest["modules"] as? [[String: Any]])?.compactMap { $0["path"] as? String } == stagedModules.compactMap { $0["path"] as? String })

            // A ZIP the staged manifest lists disappears: promote refuses and production stays as it was.
            let before = try await #require(try moto.get("strings", "ios/1.0.0/manifest.json"))
            try await moto.awsOK(["s3", "rm", "s3://strings/ios/1.0.0/\(checkout)"])
            let refused = try await cli(["promote", "s3://strings/ios/1.0.0", "--from", "staging"])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("\(checkout) is missing"), "\(refused.stderr)")
            await #expect(try moto.get("strings", "ios/1.0.0/manifest.json") == before)
        }

        /// docs/hosting.md's S3 blocks, as written, in bash, one after the other and nothing in between: the first
        /// publishes (with a CloudFront invalidation) and prints the manifest's headers; the second changes one string
        /// itself, then publishes staging, rolls it out and finishes the rollout.
        @Test func hostingDocS3BlocksRunAsWritten() async throws {
            let moto = try await MotoServer.session()
            try await moto.awsOK(["s3api", "create-bucket", "--bucket", "example-ota-strings"])
            let distribution = try await moto.awsOK(["cloudfront", "create-distribution", "--origin-domain-name", "example-ota-strings.s3.amazonaws.com",
                                               "--query", "Distribution.Id", "--output", "text"])
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let text = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/hosting.md"), encoding: .utf8)
            let blocks = MarkdownText.fencedBlocks("sh", in: text).map { $0.joined(separator: "\n") }.filter { $0.contains("s3://") }
            #expect(blocks.count == 2)
            let publication = try H.Publication()
            var environment = moto.environment
            environment["PATH"] = [TestPaths.cliExecutable.deletingLastPathComponent().path,
                                   URL(fileURLWithPath: MotoServer.awsExecutable).deletingLastPathComponent().path,
                                   environment["PATH"] ?? "/usr/bin:/bin"].joined(separator: ":")
            environment["DISTRIBUTION_ID"] = distribution
            environment["V"] = "26.7.0"
            func run(_ block: String) async throws -> ToolResult {
                try await ExternalTool.run("bash", ["-euo", "pipefail", "-c", block], currentDirectory: publication.source, environment: environment)
            }
            let first = try await run(try #require(blocks.first))
            #expect(first.status == 0, "\(first.stderr)")
            let md5 = try await ExternalTool.python("import hashlib,sys; print(hashlib.md5(open(sys.argv[1],'rb').read()).hexdigest(), end='')",
                                              [publication.source.appendingPathComponent(".build/ota/26.7.0/manifest.json").path])
            let headers = first.stdout.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "\n", with: "")
            #expect(headers.hasSuffix("[\"application/json\",\"no-cache\",\"\\\"\(md5)\\\"\"]"), "\(first.stdout)")
            let invalidations = try await moto.awsOK(["cloudfront", "list-invalidations", "--distribution-id", distribution, "--output", "json"])
            #expect(((try json(invalidations))["InvalidationList"] as? [String: Any])?["Items"].map { ($0 as? [Any])?.count } == 1)

            let second = try await run(blocks[1])
            #expect(second.status == 0, "\(second.stderr)")
            let german = try String(contentsOf: publication.source.appendingPathComponent(Self.checkoutGerman), encoding: .utf8)
            #expect(german.contains("\"cart.title\" = \"Ihr Warenkorb\";\n") && !german.contains("\"Dein Warenkorb\""), "\(german)")
            let production = try await moto.awsOK(["s3", "cp", "s3://example-ota-strings/ios/26.7.0/manifest.json", "-"])
            let staging = try await moto.awsOK(["s3", "cp", "s3://example-ota-strings/ios/26.7.0/manifest.staging.json", "-"])
            let object = try json(production)
            #expect(object["rollout"] == nil)
            func paths(_ object: [String: Any]) -> [String] {
                (object["modules"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
            }
            #expect(paths(object) == paths(try json(staging)))
            // The first block's manifest, still in .build/ota: only Checkout's ZIP differs from it.
            let firstManifest = try json(try String(contentsOf: publication.source.appendingPathComponent(".build/ota/26.7.0/manifest.json"), encoding: .utf8))
            #expect(zip(paths(object), paths(firstManifest)).filter { $0 != $1 }.map { $0.0.hasPrefix("Checkout-") } == [true])
        }

        @Test func theAWSCLIMissingIsAnErrorThatSaysHowToInstallIt() async throws {
            let folder = try TemporaryDirectory("no-aws")
            defer { folder.remove() }
            let publication = try H.Publication()
            try await publication.package(publishedAt: "2026-01-01T00:00:00Z")
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = folder.path
            environment.removeValue(forKey: "OTA_AWS_CLI")
            let result = try await ExternalTool.run(TestPaths.cliExecutable.path, ["publish", publication.versionFolder.path, "--to", "s3://strings/ios"],
                                              environment: environment)
            #expect(result.status == 1)
            #expect(result.stderr.contains("the AWS CLI ('aws') is not on PATH"), "\(result.stderr)")
            #expect(result.stderr.contains("pip install awscli"))
        }
    }
}
