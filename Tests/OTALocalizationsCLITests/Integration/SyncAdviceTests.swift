import Foundation
import OTATestSupport
import Testing

extension NginxIntegrationTests {
    /// What `sync` says when the manifest fails: the URL it asked, and advice chosen by the report's codes
    /// (`errorCode`, `signatureCode`) and the HTTP status of the root request, never by the report's sentences.
    @Suite struct SyncAdviceTests {
        typealias H = SyncHarness

        @Test func aRootTheHostRefusesNamesTheURLAndSaysItMustBeReadableWithoutCredentials() async throws {
            let site = try H.ExampleSite()
            defer { site.remove() }
            try await site.publish(at: "2026-01-01T00:00:00Z")
            let base = site.server.forbiddenBaseURL
            let result = try await H.cli(["sync", "--base-url", base, "--app-version", H.appVersion, "--into", site.storage.path])
            #expect(result.status == 1)
            #expect(result.stdout.split(separator: "\n").map(String.init) == [
                "Manifest: failed (manifest HTTP status 403; GET \(base)1.0.0/index.json), state not saved",
                "0 updated, 0 skipped, 0 failed, 0 removed, 0 bytes downloaded",
                "hint: the host refuses to serve the file (403): devices read it anonymously, so it must be readable without "
                    + "credentials, through CloudFront or a bucket policy (docs/hosting.md, \"S3 behind CloudFront\")",
            ])
        }

        @Test func aPublishSignedByAnotherKeyAndATamperedOneGetTheirOwnAdvice() async throws {
            let site = try H.ExampleSite()
            defer { site.remove() }
            let keys = try TemporaryDirectory("keys")
            defer { keys.remove() }
            let signer = try await Self.keygen(keys.url.appendingPathComponent("signer"))
            let other = try await Self.keygen(keys.url.appendingPathComponent("other"))
            let packaged = try await H.cli([
                "package", site.publication.source.path, "--app-version", H.appVersion, "--output",
                site.publication.output.path, "--published-at", "2026-01-01T00:00:00Z", "--quiet",
                "--signing-key", keys.url.appendingPathComponent("signer/manifest-signing-key.pem").path,
            ])
            #expect(packaged.status == 0, "\(packaged.stderr)")
            try site.server.publish(site.publication.output)
            let root = "\(site.server.baseURL)1.0.0/index.dsse.json"

            // Signed by a key the device does not trust: untrusted-key, and the advice to pass the signing key's public key.
            let (json, report) = try await H.sync(site.server.baseURL, into: site.storage.url, extraArguments: ["--trusted-key", other])
            #expect(json.status == 1)
            #expect(report["errorCode"] as? String == "signature" && report["signatureCode"] as? String == "untrusted-key")
            let untrusted = try await Self.syncText(site, trustedKey: other)
            #expect(untrusted.status == 1)
            let head = try #require(untrusted.stdout.split(separator: "\n").first.map(String.init))
            #expect(head.hasPrefix("Manifest: failed (signed index refused (untrusted-key): "), "\(head)")
            #expect(head.hasSuffix("; GET \(root)); nothing was installed. No --trusted-key signed it: pass the public key of the "
                + "signing key the publish used (docs/signing.md), state not saved"), "\(head)")

            // The right key, a tampered payload: bad-signature, and the advice to upload one package run together.
            let envelopeFile = site.server.webRoot.appendingPathComponent("1.0.0/index.dsse.json")
            let envelope = try String(contentsOf: envelopeFile, encoding: .utf8)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(envelope.utf8)) as? [String: Any])
            let payload = try #require(object["payload"] as? String)
            let index = String(decoding: try #require(Data(base64Encoded: payload)), as: UTF8.self)
            let forged = Data(index.replacingOccurrences(of: "2026-01-01T00:00:00Z", with: "2026-01-02T00:00:00Z").utf8)
            try envelope.replacingOccurrences(of: payload, with: forged.base64EncodedString())
                .write(to: envelopeFile, atomically: true, encoding: .utf8)
            let tampered = try await Self.syncText(site, trustedKey: signer)
            #expect(tampered.status == 1)
            let line = try #require(tampered.stdout.split(separator: "\n").first.map(String.init))
            #expect(line.hasPrefix("Manifest: failed (signed index refused (bad-signature): "), "\(line)")
            #expect(line.hasSuffix("; GET \(root)); nothing was installed. Upload every file of one signed package run together "
                + "(publish does), and check that the app trusts a key that signed it (docs/signing.md), state not saved"), "\(line)")
        }

        /// `keygen --output folder`; returns the public key it prints.
        private static func keygen(_ folder: URL) async throws -> String {
            let result = try await H.cli(["keygen", "--output", folder.path])
            #expect(result.status == 0, "\(result.stderr)")
            let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("Public key:") })
            return line.split(separator: " ").last.map(String.init) ?? ""
        }

        private static func syncText(_ site: H.ExampleSite, trustedKey: String) async throws -> ToolResult {
            try await H.cli(["sync", "--base-url", site.server.baseURL, "--app-version", H.appVersion, "--into", site.storage.path,
                             "--trusted-key", trustedKey])
        }
    }
}
