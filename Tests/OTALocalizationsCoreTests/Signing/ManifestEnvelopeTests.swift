import Foundation
import OTATestSupport
import Testing

@testable import OTALocalizationsCore
@testable import OTALocalizationsPublishing

@Suite struct ManifestEnvelopeTests {
    static let payload = Data(
        "{\n  \"formatVersion\": 1,\n  \"appVersion\": \"26.7.0\",\n  \"publishedAt\": \"2026-07-24T10:00:00Z\",\n  \"developmentRegion\": \"en\",\n  \"modules\": []\n}\n".utf8)

    func code(_ body: () throws -> Void) -> ManifestSignatureError.Code? {
        do {
            try body()
            return nil
        } catch {
            return (error as? ManifestSignatureError)?.code
        }
    }

    @Test func preAuthenticationEncodingMatchesTheDSSEExample() {
        // DSSE v1 protocol.md's worked example: type "http://example.com/HelloWorld", payload "hello world".
        let encoded = ManifestEnvelope.preAuthenticationEncoding(
            payloadType: "http://example.com/HelloWorld", payload: Data("hello world".utf8))
        #expect(String(decoding: encoded, as: UTF8.self) == "DSSEv1 29 http://example.com/HelloWorld 11 hello world")
    }

    @Test func everySignatureThePackageWritesVerifiesWithOpenSSLOverPythonsEncoding() throws {
        let temp = try TemporaryDirectory("envelope")
        defer { temp.remove() }
        let keys = [ManifestSigningKey.generate(), ManifestSigningKey.generate()]
        let envelope = ManifestEnvelope(signing: Self.payload, with: keys).encoded()
        let pae = temp.url.appendingPathComponent("pae.bin")
        try OpenSSLSigning.preAuthenticationEncoding(ofEnvelope: envelope, to: pae)
        let object = try #require(try JSONSerialization.jsonObject(with: envelope) as? [String: Any])
        #expect(object["payloadType"] as? String == "application/vnd.ota-localizations.manifest+json")
        #expect(Data(base64Encoded: object["payload"] as? String ?? "") == Self.payload)
        let signatures = try #require(object["signatures"] as? [[String: String]])
        #expect(signatures.count == 2)
        for (key, entry) in zip(keys, signatures) {
            #expect(entry["keyid"] == key.publicKey.keyID)
            let keyFile = try temp.write("key-\(key.publicKey.keyID).pem", key.pemRepresentation)
            let signature = try #require(Data(base64Encoded: entry["sig"] ?? ""))
            #expect(try OpenSSLSigning.verify(Array(signature), message: pae, key: keyFile, in: temp.url))
        }
    }

    @Test func anOpenSSLSignatureOverTheEncodingVerifies() throws {
        let temp = try TemporaryDirectory("envelope")
        defer { temp.remove() }
        let keyFile = temp.url.appendingPathComponent("key.pem")
        try OpenSSLSigning.generateKey(at: keyFile)
        let publicKey = try ManifestPublicKey(rawRepresentation: try OpenSSLSigning.rawPublicKey(ofPrivateKeyAt: keyFile))
        let unsigned = ManifestEnvelope(payload: Self.payload, signatures: []).encoded()
        let pae = temp.url.appendingPathComponent("pae.bin")
        try OpenSSLSigning.preAuthenticationEncoding(ofEnvelope: unsigned, to: pae)
        let signature = try OpenSSLSigning.sign(pae, key: keyFile)
        let envelope = ManifestEnvelope(payload: Self.payload, signatures: [.init(keyID: publicKey.keyID, signature: signature)])
        let decoded = try ManifestEnvelope(bytes: envelope.encoded())
        let verified = try decoded.verifiedPayload(trustedKeys: [publicKey])
        #expect(verified.payload == Self.payload)
        #expect(verified.keyID == publicKey.keyID)
    }

    @Test func roundTripsAndVerifiesWithAnyTrustedSigner() throws {
        let a = ManifestSigningKey.generate()
        let b = ManifestSigningKey.generate()
        let both = try ManifestEnvelope(bytes: ManifestEnvelope(signing: Self.payload, with: [a, b]).encoded())
        #expect(both.signatures.map(\.keyID) == [a.publicKey.keyID, b.publicKey.keyID])
        #expect(try both.verifiedPayload(trustedKeys: [b.publicKey]).keyID == b.publicKey.keyID)
        #expect(try both.verifiedPayload(trustedKeys: [a.publicKey, b.publicKey]).keyID == a.publicKey.keyID)
        #expect(code { _ = try both.verifiedPayload(trustedKeys: [ManifestSigningKey.generate().publicKey]) } == .untrustedKey)
        #expect(code { _ = try both.verifiedPayload(trustedKeys: []) } == .untrustedKey)
    }

    @Test func aForgedPayloadOrASwappedSignatureIsABadSignature() throws {
        let key = ManifestSigningKey.generate()
        var forged = ManifestEnvelope(signing: Self.payload, with: [key])
        forged.payload = Data(String(decoding: Self.payload, as: UTF8.self).replacingOccurrences(of: "26.7.0", with: "26.7.1").utf8)
        #expect(code { _ = try forged.verifiedPayload(trustedKeys: [key.publicKey]) } == .badSignature)

        let other = ManifestEnvelope(signing: Data("{}".utf8), with: [key])
        var swapped = ManifestEnvelope(signing: Self.payload, with: [key])
        swapped.signatures = other.signatures
        #expect(code { _ = try swapped.verifiedPayload(trustedKeys: [key.publicKey]) } == .badSignature)
        // A valid signature beside the bad one still vouches (DSSE: any trusted signature that verifies).
        swapped.signatures += ManifestEnvelope(signing: Self.payload, with: [key]).signatures
        #expect(try swapped.verifiedPayload(trustedKeys: [key.publicKey]).payload == Self.payload)
    }

    @Test func decodingRefusesMalformedEnvelopesWithTheirCode() throws {
        let key = ManifestSigningKey.generate()
        let good = String(decoding: ManifestEnvelope(signing: Self.payload, with: [key]).encoded(), as: UTF8.self)
        let payloadBase64 = Self.payload.base64EncodedString()
        let cases: [(String, ManifestSignatureError.Code)] = [
            (String(good.prefix(good.count / 2)), .malformedEnvelope),
            ("", .malformedEnvelope),
            ("[]", .malformedEnvelope),
            ("{\"payloadType\": \"\(ManifestEnvelope.payloadType)\", \"payload\": \"\(payloadBase64)\"}", .malformedEnvelope),
            ("{\"payloadType\": 1, \"payload\": \"\(payloadBase64)\", \"signatures\": []}", .malformedEnvelope),
            (good.replacingOccurrences(of: "\"keyid\"", with: "\"keyId\""), .malformedEnvelope),
            (good.replacingOccurrences(of: "manifest+json", with: "manifest+yaml"), .unknownPayloadType),
            (good.replacingOccurrences(of: payloadBase64, with: "%%%" + payloadBase64), .badBase64),
            (good.replacingOccurrences(of: payloadBase64, with: String(payloadBase64.dropLast())), .badBase64),
            (good.replacingOccurrences(of: "\"sig\": \"", with: "\"sig\": \"*"), .badBase64),
            (good.replacingOccurrences(of: "\"sig\": \"", with: "\"sig\": \"AAAA"), .badBase64),
            ("{\"payloadType\": \"\(ManifestEnvelope.payloadType)\", \"payload\": \"\(payloadBase64)\", \"signatures\": []}", .noSignatures),
        ]
        for (text, expected) in cases {
            #expect(code { _ = try ManifestEnvelope(bytes: Data(text.utf8)) } == expected, "\(text.prefix(80))")
        }
        #expect(try ManifestEnvelope(bytes: Data(good.utf8)).verifiedPayload(trustedKeys: [key.publicKey]).payload == Self.payload)
    }

    @Test func encodedEnvelopeIsStableAndOrdered() {
        let envelope = ManifestEnvelope(payload: Data("x".utf8), signatures: [.init(keyID: "ab", signature: Array(repeating: 0, count: 64))])
        let zeros = Data(count: 64).base64EncodedString()
        #expect(String(decoding: envelope.encoded(), as: UTF8.self) == """
            {
              "payloadType": "application/vnd.ota-localizations.manifest+json",
              "payload": "eA==",
              "signatures": [
                { "keyid": "ab", "sig": "\(zeros)" }
              ]
            }

            """)
    }
}
