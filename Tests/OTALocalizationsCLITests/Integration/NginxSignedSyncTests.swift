import Foundation
import OTATestSupport
import Testing

extension NginxIntegrationTests {
    /// Signed manifests end to end: `keygen`, `package --signing-key`, nginx, `sync --trusted-key` and `verify`.
    @Suite struct NginxSignedSyncTests {
        typealias H = SyncHarness

        @Test func signedPublishSyncs200Then304AndATamperedPayloadIsRefusedWithTheTextUnchanged() async throws {
            let site = try H.ExampleSite()
            defer { site.remove() }
            let (server, publication, storage) = (site.server, site.publication, site.storage)
            let keys = try TemporaryDirectory("keys")
            defer { keys.remove() }
            let keygen = try await H.cli(["keygen", "--output", keys.path])
            #expect(keygen.status == 0, "\(keygen.stderr)")
            let publicKey = try #require(keygen.stdout.split(separator: "\n").first { $0.hasPrefix("Public key:") })
                .split(separator: " ").last.map(String.init) ?? ""
            let packaged = try await H.cli([
                "package", publication.source.path, "--app-version", H.appVersion, "--output", publication.output.path,
                "--published-at", "2026-01-01T00:00:00Z", "--quiet",
                "--signing-key", keys.url.appendingPathComponent("manifest-signing-key.pem").path,
            ])
            #expect(packaged.status == 0, "\(packaged.stderr)")
            try server.publish(publication.output)
            let published = try publication.modules()

            // 200: the index's envelope, its parts, then every ZIP; never an unsigned file, never the manifest.
            let (first, report) = try await H.sync(server.baseURL, into: storage.url, extraArguments: ["--trusted-key", publicKey])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(report["manifest"] as? String == "updated" && report["stateSaved"] as? Bool == true)
            let requests = server.requests()
            #expect(requests.first?.uri == "/1.0.0/index.dsse.json" && requests.first?.status == 200)
            #expect(!requests.contains { $0.uri.hasSuffix("/manifest.json") || $0.uri.hasSuffix("/index.json") || $0.uri.hasSuffix("/manifest.dsse.json") })
            #expect(requests.filter { $0.uri.hasSuffix(".zip") }.count == published.count)
            try await H.expectInstalled(published, from: publication.versionFolder, into: storage.url)
            let text = try await H.lookup(storage.url, module: "Checkout", localization: "de", key: "cart.title").stdout
            #expect(text == "Dein Warenkorb\n")

            // 304: one conditional request.
            let before = requests.count
            let (second, notModified) = try await H.sync(server.baseURL, into: storage.url, extraArguments: ["--trusted-key", publicKey])
            #expect(second.status == 0)
            #expect(notModified["manifest"] as? String == "notModified")
            let revalidation = Array(server.requests().dropFirst(before))
            #expect(revalidation.map(\.uri) == ["/1.0.0/index.dsse.json"] && revalidation.first?.status == 304)
            #expect(revalidation.first?.ifNoneMatch != nil)

            // `verify` over HTTP agrees.
            let verified = try await H.cli(["verify", "\(server.baseURL)/1.0.0", "--trusted-key", publicKey])
            #expect(verified.status == 0, "\(verified.stdout)")

            // Tamper with the signed index's payload on the server: the next cycle is refused and nothing on disk changes.
            let envelopeFile = server.webRoot.appendingPathComponent("1.0.0/index.dsse.json")
            let envelope = try String(contentsOf: envelopeFile, encoding: .utf8)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(envelope.utf8)) as? [String: Any])
            let payload = try #require(object["payload"] as? String)
            let manifest = String(decoding: try #require(Data(base64Encoded: payload)), as: UTF8.self)
            let forged = Data(manifest.replacingOccurrences(of: "2026-01-01T00:00:00Z", with: "2026-01-02T00:00:00Z").utf8)
            try envelope.replacingOccurrences(of: payload, with: forged.base64EncodedString())
                .write(to: envelopeFile, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_790_000_000)], ofItemAtPath: envelopeFile.path)
            let snapshot = H.snapshot(storage.url)
            let (third, refused) = try await H.sync(server.baseURL, into: storage.url, extraArguments: ["--trusted-key", publicKey])
            #expect(third.status == 1)
            #expect(refused["manifest"] as? String == "failed")
            #expect(refused["errorCode"] as? String == "signature")
            #expect((refused["error"] as? String)?.contains("(bad-signature)") == true)
            #expect(H.snapshot(storage.url) == snapshot)
            #expect(try await H.lookup(storage.url, module: "Checkout", localization: "de", key: "cart.title").stdout == text)
            let rejected = try await H.cli(["verify", "\(server.baseURL)/1.0.0", "--trusted-key", publicKey])
            #expect(rejected.status == 1 && rejected.stdout.contains("(bad-signature)"))
        }
    }
}
