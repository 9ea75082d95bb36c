import Foundation
import OTATestSupport
import Testing

@testable import OTALocalizationsCore
@testable import OTALocalizationsPublishing

/// The envelope is read exactly as docs/signing.md's check reads it: canonical base64 only, no key twice, a bounded
/// number of signatures, and a payload type bound to the file (a signed manifest never passes for a signed index).
@Suite struct EnvelopeStrictnessTests {
    static let key = ManifestSigningKey.generate()
    /// 22 bytes: its base64 ends in `==`, the character before them carrying 4 unused bits.
    static let payload = Data("{\"formatVersion\": 12}\n".utf8)

    private func code(_ body: () throws -> Void) -> ManifestSignatureError.Code? {
        do {
            try body()
            return nil
        } catch {
            return (error as? ManifestSignatureError)?.code
        }
    }

    @Test func aPayloadWithNonZeroPaddingBitsIsRefusedThoughFoundationWouldDecodeIt() throws {
        let envelope = String(decoding: ManifestEnvelope(signing: Self.payload, with: [Self.key]).encoded(), as: UTF8.self)
        let canonical = Self.payload.base64EncodedString()
        #expect(canonical.hasSuffix("Cg=="))
        // 'g' is 0b100000: its 2 high bits are used, its 4 low bits must be zero; 'h' (0b100001) sets one of them.
        let bent = String(canonical.dropLast(3)) + "h=="
        #expect(Data(base64Encoded: bent) == Self.payload, "Foundation accepts it: the reason for the strict reader")
        let tampered = Data(envelope.replacingOccurrences(of: canonical, with: bent).utf8)
        #expect(code { _ = try ManifestEnvelope(bytes: tampered) } == .badBase64)
        // Python's documented check (base64.b64decode(validate=True)) accepts it too; the device now refuses what
        // the text says is refused, so the two never disagree on a payload.
        #expect(code { _ = try ManifestEnvelope(bytes: Data(envelope.utf8)) } == nil)
    }

    @Test func aKeyWrittenTwiceAnywhereInTheEnvelopeIsRefused() throws {
        let good = ManifestEnvelope(signing: Self.payload, with: [Self.key]).encoded()
        let other = Data("{\"formatVersion\": 2}\n".utf8).base64EncodedString()
        let text = String(decoding: good, as: UTF8.self)
        let twice = text.replacingOccurrences(of: "\"payload\": ", with: "\"payload\": \"\(other)\",\n  \"payload\": ")
        #expect(code { _ = try ManifestEnvelope(bytes: Data(twice.utf8)) } == .malformedEnvelope)
        // Python's json keeps the last value, Foundation's decoder one of them: refused before either matters.
        let reading = try ProcessRunner.pythonBlocking("import json, sys; print(json.loads(sys.stdin.read())['payload'][:8])", [], stdin: Data(twice.utf8))
        #expect(String(decoding: reading, as: UTF8.self) == String(Self.payload.base64EncodedString().prefix(8)) + "\n")
        let keyidTwice = text.replacingOccurrences(of: "\"keyid\": ", with: "\"keyid\": \"00\", \"keyid\": ")
        #expect(code { _ = try ManifestEnvelope(bytes: Data(keyidTwice.utf8)) } == .malformedEnvelope)
    }

    @Test func moreSignaturesThanTheLimitAreRefusedBeforeAnyIsChecked() {
        let one = ManifestEnvelope(signing: Self.payload, with: [Self.key])
        var many = one
        many.signatures = Array(repeating: one.signatures[0], count: 17)
        #expect(code { _ = try ManifestEnvelope(bytes: many.encoded()) } == .tooManySignatures)
        #expect(code { _ = try ManifestEnvelope(bytes: many.encoded(), maximumSignatures: 17) } == nil)
        many.signatures = Array(repeating: one.signatures[0], count: 16)
        #expect(code { _ = try ManifestEnvelope(bytes: many.encoded()) } == nil)
    }

    @Test func aSignedManifestDoesNotPassForASignedIndexNorTheReverse() throws {
        let manifest = ManifestEnvelope(signing: Self.payload, with: [Self.key]).encoded()
        let index = ManifestEnvelope(signing: Self.payload, with: [Self.key], payloadType: ManifestEnvelope.indexPayloadType).encoded()
        #expect(code { _ = try ManifestEnvelope(bytes: manifest, payloadType: ManifestEnvelope.indexPayloadType) } == .unknownPayloadType)
        #expect(code { _ = try ManifestEnvelope(bytes: index) } == .unknownPayloadType)
        let verified = try ManifestEnvelope(bytes: index, payloadType: ManifestEnvelope.indexPayloadType).verifiedPayload(trustedKeys: [Self.key.publicKey])
        #expect(verified.payload == Self.payload)
        // The type is signed: relabelling an index envelope as a manifest one breaks its signature.
        let relabelled = Data(String(decoding: index, as: UTF8.self)
            .replacingOccurrences(of: ManifestEnvelope.indexPayloadType, with: ManifestEnvelope.payloadType).utf8)
        #expect(code { _ = try ManifestEnvelope(bytes: relabelled).verifiedPayload(trustedKeys: [Self.key.publicKey]) } == .badSignature)
    }
}
