import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing
import OTATestSupport
import Testing
@testable import OTALocalizationsSync

extension SyncFixture {
    /// Publishes as ``publish(_:appVersion:publishedAt:extraEntries:developmentRegion:)`` does, signed by `keys`
    /// (in `folder` instead of the app version's when given), and returns `index.dsse.json`.
    @discardableResult
    func publishSigned(
        _ modules: [PublishedModule], by keys: [ManifestSigningKey], appVersion: String = "1.0",
        publishedAt: String = "2026-07-24T10:00:00Z", folder: String? = nil
    ) -> Data {
        let folder = folder ?? appVersion
        let manifest = Manifest(
            appVersion: appVersion, publishedAtTimestamp: ManifestDate.parseTimestamp(publishedAt)!, developmentRegion: "en",
            modules: modules.map(Self.entry))
        for module in modules { transport.serve(Self.url(folder, URLEncoding.component(module.path)), module.zip) }
        try! serve(manifest, signedBy: keys, folder: folder)
        return transport.body(Self.url(folder, "index.dsse.json"))
    }

    var stateObject: [String: Any]? {
        read("1.0/state.json").flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    }
}

/// Signed manifests (docs/signing.md): only a payload signed by a trusted key is installed, every refusal leaves
/// the device as it was, and keys rotate without a gap.
@Suite struct SignedManifestTests {
    static let a = ManifestSigningKey.generate()
    static let b = ManifestSigningKey.generate()
    /// The signed index's root, the one file a device with keys asks for first.
    static let envelopeURL = SyncFixture.url("1.0", "index.dsse.json")

    @Test func aValidEnvelopeInstallsRecordsItsKeyAndRevalidatesWithOneRequest() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        fixture.publishSigned([checkout], by: [Self.a])
        await fixture.makeService(trustedKeys: [Self.a.publicKey]).start()
        let report = try #require(fixture.reports.last)
        #expect(report.manifest == .updated && report.stateSaved && report.errorCode == nil)
        #expect(fixture.transport.requestedURLs == [Self.envelopeURL, try fixture.basePartURL(), SyncFixture.url("1.0", checkout.path)])
        #expect(fixture.read("1.0/modules/Checkout/\(checkout.sha256)/en.lproj/Localizable.strings") == checkout.files["en.lproj/Localizable.strings"])
        #expect(fixture.stateObject?["keyid"] as? String == Self.a.publicKey.keyID)

        fixture.transport.clearLog()
        await fixture.makeService(trustedKeys: [Self.a.publicKey]).start()
        #expect(fixture.reports.last?.manifest == .notModified)
        let requests = fixture.transport.requests
        #expect(requests.map(\.url) == [Self.envelopeURL])
        #expect(requests.first?.headers["If-None-Match"] != nil)
    }

    @Test func aSignatureMadeByOpenSSLInstalls() async throws {
        let temp = try TemporaryDirectory("signed")
        defer { temp.remove() }
        let keyFile = temp.url.appendingPathComponent("key.pem")
        try OpenSSLSigning.generateKey(at: keyFile)
        let publicKey = try ManifestPublicKey(rawRepresentation: try OpenSSLSigning.rawPublicKey(ofPrivateKeyAt: keyFile))
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Checkout")])
        let index = fixture.transport.body(SyncFixture.url("1.0", "index.json"))
        let pae = temp.url.appendingPathComponent("pae.bin")
        try OpenSSLSigning.preAuthenticationEncoding(
            ofEnvelope: ManifestEnvelope(payloadType: ManifestEnvelope.indexPayloadType, payload: index, signatures: []).encoded(), to: pae)
        let signature = try OpenSSLSigning.sign(pae, key: keyFile)
        fixture.transport.serve(Self.envelopeURL, ManifestEnvelope(
            payloadType: ManifestEnvelope.indexPayloadType, payload: index,
            signatures: [.init(keyID: publicKey.keyID, signature: signature)]).encoded())
        await fixture.makeService(trustedKeys: [publicKey]).start()
        #expect(fixture.reports.last?.modules.map(\.outcome) == [.updated])
        #expect(fixture.stateObject?["keyid"] as? String == publicKey.keyID)
    }

    /// Each way an attacker or a broken publish can damage the envelope, with the code of the refusal.
    static let tamperings: [(name: String, expected: String, tamper: @Sendable (Data) -> Data)] = [
        ("forged payload", "(bad-signature)", { envelope in
            let object = try! JSONSerialization.jsonObject(with: envelope) as! [String: Any]
            let payload = String(decoding: Data(base64Encoded: object["payload"] as! String)!, as: UTF8.self)
            let forged = Data(payload.replacingOccurrences(of: "index-base-", with: "index-base-0").utf8).base64EncodedString()
            return Data(String(decoding: envelope, as: UTF8.self)
                .replacingOccurrences(of: object["payload"] as! String, with: forged).utf8)
        }),
        ("swapped signature", "(bad-signature)", { envelope in
            let other = ManifestEnvelope(signing: Data("{}".utf8), with: [a]).signatures[0].signature
            var decoded = try! ManifestEnvelope(bytes: envelope, payloadType: ManifestEnvelope.indexPayloadType)
            decoded.signatures[0].signature = other
            return decoded.encoded()
        }),
        ("untrusted key", "(untrusted-key)", { envelope in
            ManifestEnvelope(
                signing: try! ManifestEnvelope(bytes: envelope, payloadType: ManifestEnvelope.indexPayloadType).payload,
                with: [ManifestSigningKey.generate()], payloadType: ManifestEnvelope.indexPayloadType).encoded()
        }),
        ("truncated", "(malformed-envelope)", { $0.prefix($0.count - 40) }),
        ("non-base64 payload", "(bad-base64)", { envelope in
            Data(String(decoding: envelope, as: UTF8.self).replacingOccurrences(of: "\"payload\": \"", with: "\"payload\": \"#").utf8)
        }),
        ("no signatures", "(no-signatures)", { envelope in
            ManifestEnvelope(
                payloadType: ManifestEnvelope.indexPayloadType,
                payload: try! ManifestEnvelope(bytes: envelope, payloadType: ManifestEnvelope.indexPayloadType).payload, signatures: []).encoded()
        }),
        ("unsigned index.json only", "manifest HTTP status 404 (trusted keys are configured, so only index.dsse.json is read: was the publish signed? Or nothing is published for this app version and channel yet)", { _ in Data() }),
    ]

    @Test(arguments: 0..<7) func aDamagedEnvelopeIsRefusedAndNothingChangesOnDisk(_ index: Int) async throws {
        let (name, expected, tamper) = Self.tamperings[index]
        // Given: version 1 installed from a signed manifest.
        let fixture = try SyncFixture()
        fixture.publishSigned([try SyncFixture.module("Checkout", version: 1)], by: [Self.a], publishedAt: "2026-07-24T10:00:00Z")
        await fixture.makeService(trustedKeys: [Self.a.publicKey]).start()
        #expect(fixture.reports.last?.stateSaved == true)
        let before = fixture.snapshot()
        // When: version 2 is published and its envelope damaged.
        let envelope = fixture.publishSigned([try SyncFixture.module("Checkout", version: 2)], by: [Self.a], publishedAt: "2026-07-25T10:00:00Z")
        if name.hasPrefix("unsigned") {
            fixture.transport.set(Self.envelopeURL, .status(404))
        } else {
            fixture.transport.serve(Self.envelopeURL, tamper(envelope))
        }
        fixture.transport.clearLog()
        await fixture.makeService(trustedKeys: [Self.a.publicKey]).start()
        // Then: the manifest fails, no ZIP is fetched, and the disk is byte for byte what it was.
        let report = try #require(fixture.reports.last)
        #expect(report.manifest == .failed, "\(name)")
        #expect(report.error?.contains(expected) == true, "\(name): \(report.error ?? "nil")")
        #expect(report.errorCode == (name.hasPrefix("unsigned") ? .transport : .signature), "\(name)")
        // The refusal's code, for dashboards and `sync`'s advice: the text between the parentheses of `expected`.
        let signatureCode = name.hasPrefix("unsigned") ? nil : String(expected.dropFirst().dropLast())
        #expect(report.signatureCode?.rawValue == signatureCode, "\(name)")
        #expect(report.jsonText().contains(signatureCode.map { #","signatureCode":"\#($0)","# } ?? "\"stateSaved\""), "\(name)")
        #expect(report.jsonText().contains("signatureCode") == (signatureCode != nil), "\(name)")
        #expect(try JSONDecoder().decode(OTALocalizationCycleReport.self, from: Data(report.jsonText().utf8)) == report, "\(name)")
        // One conditional request of the envelope; nothing else.
        #expect(fixture.transport.requestedURLs == [Self.envelopeURL], "\(name)")
        #expect(fixture.snapshot() == before, "\(name)")
    }

    @Test func aSignedEnvelopeForAnotherAppVersionIsRefused() async throws {
        let fixture = try SyncFixture()
        fixture.publishSigned([try SyncFixture.module("Checkout")], by: [Self.a])
        await fixture.makeService(trustedKeys: [Self.a.publicKey]).start()
        let before = fixture.snapshot()
        // The 2.0 manifest, validly signed, copied into the 1.0 folder.
        fixture.publishSigned([try SyncFixture.module("Checkout", version: 2)], by: [Self.a], appVersion: "2.0", folder: "1.0")
        await fixture.makeService(trustedKeys: [Self.a.publicKey]).start()
        #expect(fixture.reports.last?.manifest == .failed)
        #expect(fixture.reports.last?.error == "manifest is for app version \"2.0\", not \"1.0\"")
        #expect(fixture.snapshot() == before)
    }

    @Test func aReplayedOlderEnvelopeIsStale() async throws {
        let fixture = try SyncFixture()
        let old = fixture.publishSigned([try SyncFixture.module("Checkout", version: 1)], by: [Self.a], publishedAt: "2026-07-24T10:00:00Z")
        fixture.publishSigned([try SyncFixture.module("Checkout", version: 2)], by: [Self.a], publishedAt: "2026-07-25T10:00:00Z")
        await fixture.makeService(trustedKeys: [Self.a.publicKey]).start()
        #expect(fixture.reports.last?.stateSaved == true)
        let before = fixture.snapshot()
        fixture.transport.serve(Self.envelopeURL, old)
        await fixture.makeService(trustedKeys: [Self.a.publicKey]).start()
        #expect(fixture.reports.last?.manifest == .stale)
        #expect(fixture.snapshot() == before)
    }

    @Test func keysRotateFromAThroughAAndBToB() async throws {
        let fixture = try SyncFixture()
        let both = [Self.a.publicKey, Self.b.publicKey]
        for (version, signers) in [(1, [Self.a]), (2, [Self.a, Self.b]), (3, [Self.b])] {
            let module = try SyncFixture.module("Checkout", version: version)
            fixture.publishSigned([module], by: signers, publishedAt: "2026-07-2\(version)T10:00:00Z")
            await fixture.makeService(trustedKeys: both).start()
            #expect(fixture.reports.last?.modules.map(\.outcome) == [.updated], "version \(version)")
            #expect(fixture.stateObject?["keyid"] as? String == signers[0].publicKey.keyID, "version \(version)")
        }
        // The next app build trusts B alone: the state B vouched for still revalidates with one request.
        fixture.transport.clearLog()
        await fixture.makeService(trustedKeys: [Self.b.publicKey]).start()
        #expect(fixture.reports.last?.manifest == .notModified)
        #expect(fixture.transport.requestedURLs == [Self.envelopeURL])
    }

    @Test func aStateVouchedForByARetiredKeyIsTreatedAsAbsent() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        fixture.publishSigned([checkout], by: [Self.a, Self.b])
        await fixture.makeService(trustedKeys: [Self.a.publicKey, Self.b.publicKey]).start()
        #expect(fixture.stateObject?["keyid"] as? String == Self.a.publicKey.keyID)
        // A build that trusts B only: no If-None-Match (the state is absent), the installed module is kept.
        fixture.transport.clearLog()
        await fixture.makeService(trustedKeys: [Self.b.publicKey]).start()
        let requests = fixture.transport.requests
        // The base part comes from the device's cache.
        #expect(requests.map(\.url) == [Self.envelopeURL])
        #expect(requests.allSatisfy { $0.headers["If-None-Match"] == nil })
        #expect(fixture.reports.last?.modules.map(\.outcome) == [.skipped])
        #expect(fixture.stateObject?["keyid"] as? String == Self.b.publicKey.keyID)
    }

    @Test func aClientWithoutKeysReadsIndexJSONAndWritesNoKeyID() async throws {
        let fixture = try SyncFixture()
        fixture.publishSigned([try SyncFixture.module("Checkout")], by: [Self.a])
        await fixture.makeService().start()
        #expect(fixture.transport.requestedURLs.prefix(2) == [SyncFixture.url("1.0", "index.json"), try fixture.basePartURL()])
        #expect(fixture.stateObject?["keyid"] is NSNull)
        #expect(fixture.reports.last?.jsonText().contains("errorCode") == false)
    }
}
