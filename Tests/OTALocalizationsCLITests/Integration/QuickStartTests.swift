import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing

extension S3IntegrationTests {
    /// docs/quick-start.md, run as a reader would: its ```sh blocks, verbatim and in order, in one shell, in a copy of
    /// the example app, with the real AWS CLI against moto. What needs a real AWS account is stood in for, and only that
    /// (``standIns``): step 1's build from a release (the suite runs the tool it built) and CloudFront (moto builds no
    /// distribution from the template; one made by `aws cloudfront create-distribution` and the bucket's own address on
    /// moto take its place).
    @Suite struct QuickStartTests {
        typealias H = SyncHarness

        private static let page = "docs/quick-start.md"

        /// The page's ```sh blocks, each as one text.
        private func blocks() throws -> [String] {
            let text = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent(Self.page), encoding: .utf8)
            return MarkdownText.fencedBlocks("sh", in: text).map { $0.joined(separator: "\n") }
        }

        /// Shell lines the test runs right after the block that contains the key, standing in for AWS resources moto
        /// does not make, and recording what the assertions read (under `$TEST_RECORD`).
        private static let standIns: [(after: String, lines: String)] = [
            ("aws cloudformation deploy", #"""
                # CloudFront's stand-in: moto's distribution for the invalidations, and anonymous reads at moto's address
                # (what Origin Access Control gives CloudFront: GetObject). On AWS the template's public access block
                # would refuse this policy; moto does not make one from a template.
                DISTRIBUTION_ID="$TEST_DISTRIBUTION_ID"
                STRINGS_URL="$TEST_STRINGS_URL"
                aws s3api put-bucket-policy --bucket "$BUCKET" --policy "{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":\"*\",\"Action\":\"s3:GetObject\",\"Resource\":\"arn:aws:s3:::$BUCKET/*\"}]}"
                """#),
            ("ota-localizations keygen", #"printf '%s' "$PUBLIC_KEY" > "$TEST_RECORD/public-key""#),
        ]

        @Test func everyBlockRunsInOrderAndEndsWithTheRolloutFinished() async throws {
            let blocks = try blocks()
            // Step 1 builds the tool from a release with SwiftPM; the suite runs the tool it built instead. The block
            // names the product and the folder the later blocks find it in.
            let install = try #require(blocks.first)
            #expect(install.contains("swift build -c release --package-path ~/ota-tool --product ota-localizations"))
            #expect(install.contains(#"export PATH="$HOME/ota-tool/.build/release:$PATH""#))
            #expect(install.contains("--branch \(OTALocalizationsVersion.current) "))
            let manifest = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
            #expect(manifest.contains(#".executable(name: "ota-localizations""#))

            // Given: moto with a distribution, a home whose ~/ota-tool is this checkout, and a copy of the example app
            // whose Checkout module has not adopted yet (its localizationBundle extension removed, and its own strings enum
            // renamed, so the CheckoutStrings scaffold-module writes is the only one: the step refuses a module that has it).
            let moto = try await MotoServer.session()
            let distribution = try await moto.awsOK(["cloudfront", "create-distribution", "--origin-domain-name", "example-ota-strings.s3.amazonaws.com",
                                                     "--query", "Distribution.Id", "--output", "text"])
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let work = try TemporaryDirectory("quick-start")
            defer { work.remove() }
            let home = work.url.appendingPathComponent("home", isDirectory: true)
            let app = work.url.appendingPathComponent("app", isDirectory: true)
            let record = work.url.appendingPathComponent("record", isDirectory: true)
            for folder in [home, record] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
            try FileManager.default.createSymbolicLink(at: home.appendingPathComponent("ota-tool"), withDestinationURL: TestPaths.packageRoot)
            try FileManager.default.copyItem(at: TestPaths.packageRoot.appendingPathComponent("Examples/SampleApp"), to: app)
            let checkout = app.appendingPathComponent("Packages/Features/Sources/Checkout/Checkout.swift")
            let source = try String(contentsOf: checkout, encoding: .utf8)
            let start = try #require(source.range(of: "extension Bundle {"))
            let end = try #require(source.range(of: "}\n}\n", range: start.upperBound..<source.endIndex))
            let unadopted = (String(source[..<start.lowerBound]) + String(source[end.upperBound...]))
                .replacingOccurrences(of: "public enum CheckoutStrings {", with: "public enum CartStrings {")
            #expect(!unadopted.contains("CheckoutStrings") && !unadopted.contains("static var localizationBundle"))
            try unadopted.write(to: checkout, atomically: true, encoding: .utf8)

            // When: the blocks after the first run in one shell, each after a marker line.
            var script = "set -euo pipefail\ncd \"$TEST_APP\"\n"
            for (number, block) in blocks.enumerated().dropFirst() {
                script += "echo '::block \(number)::'\n\(block)\n"
                for standIn in Self.standIns where block.contains(standIn.after) { script += standIn.lines + "\n" }
            }
            var environment = moto.environment
            let aws = URL(fileURLWithPath: MotoServer.awsExecutable).deletingLastPathComponent().path
            environment["PATH"] = TestPaths.buildProducts.path + ":" + aws + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["HOME"] = home.path
            environment["TEST_APP"] = app.path
            environment["TEST_RECORD"] = record.path
            environment["TEST_DISTRIBUTION_ID"] = distribution
            environment["TEST_STRINGS_URL"] = "\(moto.endpoint)/example-ota-strings/ios"
            let run = try await ExternalTool.run("bash", ["-c", script], environment: environment)
            let output = Self.outputs(run.stdout)
            let failed = output.keys.max() ?? 0
            try #require(run.status == 0, "block \(failed) failed:\n\(output[failed] ?? "")\n\(run.stderr.suffix(3000))")

            // Then: each step did what the page says.
            #expect(output[1] == OTALocalizationsVersion.current + "\n")
            #expect(output[2]?.contains("\n4 modules, 50 tables.\n") == true, "\(output[2] ?? "")")
            let written = try String(contentsOf: app.appendingPathComponent("Packages/Features/Sources/Checkout/Bundle+LocalizationBundle.swift"), encoding: .utf8)
            #expect(written.contains("        OTALocalizedString.bundle(for: \"Checkout\") ?? .module\n"))
            // What step 3 wrote type-checks with the module's own sources: one localizationBundle, one CheckoutStrings.
            // Foundation off Apple platforms has no String(localized:bundle:), which Checkout.swift calls: a stand-in
            // with that signature takes its place there.
            let module = app.appendingPathComponent("Packages/Features/Sources/Checkout", isDirectory: true)
            let standIn = try work.write("stand-in/LocalizedStandIn.swift", """
                import Foundation
                #if !canImport(Darwin)
                extension String {
                    init(localized key: String, bundle: Bundle) { self = NSLocalizedString(key, bundle: bundle, comment: "") }
                }
                #endif

                """)
            let sources = ["Checkout.swift", "Bundle+LocalizationBundle.swift", "CheckoutStrings.swift"].map { module.appendingPathComponent($0) }
            let compiled = try SwiftTypecheck.check(sources + [standIn], moduleName: "Checkout")
            #expect(compiled.status == 0 && compiled.stderr == "", "\(compiled.stderr)")
            #expect(output[3]?.contains("No findings in") == true, "\(output[3] ?? "")")
            #expect(output[4]?.split(separator: "\n").contains("index.json") == true && output[4]?.contains("manifest.json") == true)

            // The stack made the bucket (moto makes no CloudFront resources from a template, and keeps no public access
            // block: theTemplateKeepsTheBucketPrivateAndTheOriginsCacheControl reads those from the template).
            let stack = try await moto.awsOK(["cloudformation", "describe-stack-resources", "--stack-name", "ota-strings", "--output", "text",
                                              "--query", "StackResources[?ResourceType=='AWS::S3::Bucket'].PhysicalResourceId"])
            #expect(stack.trimmingCharacters(in: .whitespacesAndNewlines) == "example-ota-strings")

            // keygen's public key is the one openssl derives from its file.
            let publicKey = try String(contentsOf: record.appendingPathComponent("public-key"), encoding: .utf8)
            #expect(publicKey.count == 44 && output[6]?.contains("Public key:  \(publicKey)\n") == true, "\(output[6] ?? "")")

            // Staging is signed and on the bucket; a QA device installs all four modules from it.
            let staging = try await moto.sizes("example-ota-strings", prefix: "ios/\(H.appVersion)/")
            #expect(staging.keys.contains("ios/\(H.appVersion)/index.staging.dsse.json") && staging.keys.contains("ios/\(H.appVersion)/manifest.staging.dsse.json"))
            #expect(output[8]?.hasPrefix("Manifest: updated, state saved\n4 updated, 0 skipped, 0 failed") == true, "\(output[8] ?? "")")
            #expect(output[9]?.contains("  modules: none\n") == true && output[9]?.contains(" at 10%: Checkout ") == true, "\(output[9] ?? "")")
            #expect(output[10]?.contains("Verified: 0 modules and a rollout of 4 modules at 10% for app version \(H.appVersion)") == true, "\(output[10] ?? "")")

            // Twenty devices: those in the rollout installed the four modules, the others nothing; the count printed is theirs.
            var inRollout = 0
            for device in 1...20 {
                let text = try String(contentsOf: home.appendingPathComponent("devices/\(device).json"), encoding: .utf8)
                let report = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
                let rollout = report["rollout"] as? [String: Any]
                #expect(report["manifest"] as? String == "updated" && rollout?["percent"] as? Double == 10, "\(device): \(text)")
                let included = rollout?["includesThisDevice"] as? Bool == true
                if included { inRollout += 1 }
                #expect(report["updated"] as? Int == (included ? 4 : 0), "\(device): \(text)")
            }
            #expect(output[11] == "\(inRollout) of 20 devices are in the rollout\n")
            // status of device 1: its modules when it is in the rollout, else nothing installed.
            let first = try String(contentsOf: home.appendingPathComponent("devices/1.json"), encoding: .utf8)
            if first.contains("\"includesThisDevice\":true") {
                #expect(output[12]?.split(separator: "\n").filter { $0.contains(" covered ") }.count == 4, "\(output[12] ?? "")")
            } else {
                #expect(output[12]?.hasPrefix("No module installed under ") == true, "\(output[12] ?? "")")
            }

            // Cancelled, then rolled out again and finished: production has the four modules for every device.
            #expect(output[13]?.contains("  modules: none\n") == true && output[13]?.contains(" at 10%") == false, "\(output[13] ?? "")")
            #expect(output[14]?.contains("Verified: 4 modules for app version \(H.appVersion)") == true, "\(output[14] ?? "")")
            let later = try await H.sync("\(moto.endpoint)/example-ota-strings/ios", into: home.appendingPathComponent("devices/1"),
                                         extraArguments: ["--trusted-key", publicKey, "--languages", "fr,en"])
            #expect(later.report["manifest"] as? String == "updated" && later.report["rollout"] == nil, "\(later.result.stdout)")
            #expect(H.modules(later.report).count == 4 && later.report["failed"] as? Int == 0, "\(later.result.stdout)")
        }

        /// Examples/Hosting/cloudformation.yaml, read by PyYAML (``HostingTemplate``): the bucket is private and read by
        /// this distribution only, and CloudFront keeps the origin's `Cache-Control` up to the year `publish` gives
        /// content-addressed files (HostingTemplateTests reads the rest: retention, missing files, the CI role).
        @Test func theTemplateKeepsTheBucketPrivateAndTheOriginsCacheControl() async throws {
            let object = try await HostingTemplate.object()
            let resources = try #require(object["Resources"] as? [String: [String: Any]])
            #expect(resources.mapValues { $0["Type"] as? String } == [
                "StringsBucket": "AWS::S3::Bucket", "OriginAccessControl": "AWS::CloudFront::OriginAccessControl",
                "CachePolicy": "AWS::CloudFront::CachePolicy", "Distribution": "AWS::CloudFront::Distribution",
                "BucketPolicy": "AWS::S3::BucketPolicy", "GitHubOIDCProvider": "AWS::IAM::OIDCProvider", "PublishRole": "AWS::IAM::Role",
            ])
            func properties(_ name: String) -> NSDictionary { HostingTemplate.properties(name, in: object) }

            // The cache policy: each object's own Cache-Control from "no-cache" (TTL 0) to the immutable year.
            let cache = try #require(properties("CachePolicy")["CachePolicyConfig"] as? NSDictionary)
            #expect(cache["MinTTL"] as? Int == 0 && cache["DefaultTTL"] as? Int == 0 && cache["MaxTTL"] as? Int == 31_536_000)
            #expect((cache["ParametersInCacheKeyAndForwardedToOrigin"] as? NSDictionary)?["EnableAcceptEncodingGzip"] as? Bool == true)

            // The distribution reads the bucket through the Origin Access Control, with that cache policy, HTTPS only.
            let config = try #require(properties("Distribution")["DistributionConfig"] as? NSDictionary)
            let origin = try #require((config["Origins"] as? [NSDictionary])?.first)
            #expect(origin["OriginAccessControlId"] as? NSDictionary == ["Fn::GetAtt": "OriginAccessControl.Id"])
            #expect(origin["DomainName"] as? NSDictionary == ["Fn::GetAtt": "StringsBucket.RegionalDomainName"])
            let behaviour = try #require(config["DefaultCacheBehavior"] as? NSDictionary)
            #expect(behaviour["CachePolicyId"] as? NSDictionary == ["Ref": "CachePolicy"])
            #expect(behaviour["ViewerProtocolPolicy"] as? String == "redirect-to-https" && behaviour["Compress"] as? Bool == true)
            #expect(behaviour["AllowedMethods"] as? [String] == ["GET", "HEAD"])

            // The bucket policy: CloudFront, for this distribution only, may get objects, and not list them.
            let policy = try #require(properties("BucketPolicy")["PolicyDocument"] as? NSDictionary)
            let statement = try #require((policy["Statement"] as? [NSDictionary])?.first)
            #expect((policy["Statement"] as? [Any])?.count == 1)
            #expect(statement["Principal"] as? NSDictionary == ["Service": "cloudfront.amazonaws.com"])
            #expect(statement["Action"] as? String == "s3:GetObject")
            #expect(statement["Resource"] as? NSDictionary == ["Fn::Sub": "arn:${AWS::Partition}:s3:::${StringsBucket}/*"])
            let condition = (statement["Condition"] as? NSDictionary)?["StringEquals"] as? NSDictionary
            let sourceARN = (condition?["AWS:SourceArn"] as? NSDictionary)?["Fn::Sub"] as? String
            #expect(sourceARN == "arn:${AWS::Partition}:cloudfront::${AWS::AccountId}:distribution/${Distribution}")
            let bucket = try #require(properties("StringsBucket")["PublicAccessBlockConfiguration"] as? [String: Bool])
            #expect(bucket == ["BlockPublicAcls": true, "BlockPublicPolicy": true, "IgnorePublicAcls": true, "RestrictPublicBuckets": true])

            // The outputs the quick start reads.
            #expect(Set((object["Outputs"] as? [String: Any])?.keys ?? [:].keys)
                == ["BucketName", "DistributionId", "DistributionDomainName", "PublishRoleArn", "GitHubOIDCProviderArn"])
        }

        /// What each block printed on standard output, by block number (the text after its marker line).
        private static func outputs(_ stdout: String) -> [Int: String] {
            var result: [Int: String] = [:]
            var current: Int?
            for line in stdout.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("::block "), line.hasSuffix("::"), let number = Int(line.dropFirst(8).dropLast(2)) {
                    current = number
                    result[number] = ""
                } else if let number = current {
                    result[number, default: ""] += line + "\n"
                }
            }
            if let last = current, let text = result[last], text.hasSuffix("\n\n") { result[last] = String(text.dropLast()) }
            return result
        }
    }
}
