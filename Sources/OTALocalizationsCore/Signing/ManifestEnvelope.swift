import Foundation

/// A signed manifest: a DSSE v1 envelope (`manifest.dsse.json`) around the exact bytes of `manifest.json`.
///
/// Shape (DSSE v1, github.com/secure-systems-lab/dsse, "envelope.md"; docs/signing.md):
/// `{"payloadType": "application/vnd.ota-localizations.manifest+json", "payload": "<base64 of manifest.json>",
/// "signatures": [{"keyid": "<hex SHA-256 of the raw public key>", "sig": "<base64 Ed25519 signature>"}]}`.
/// Each `sig` signs ``preAuthenticationEncoding(payloadType:payload:)`` of the type and the payload bytes, never the
/// JSON, so any tool that can base64-decode and run Ed25519 can check it.
public struct ManifestEnvelope: Sendable, Equatable {
    /// The one payload type this package writes and accepts.
    public static let payloadType = "application/vnd.ota-localizations.manifest+json"

    /// One signature of the envelope.
    public struct Signature: Sendable, Equatable {
        /// The lowercase hex SHA-256 of the signer's raw public key (``ManifestPublicKey/keyID``).
        public var keyID: String
        /// The 64-byte Ed25519 signature of the pre-authentication encoding.
        public var signature: [UInt8]

        public init(keyID: String, signature: [UInt8]) {
            self.keyID = keyID
            self.signature = signature
        }
    }

    /// The signed bytes: `manifest.json` exactly as published.
    public var payload: Data
    /// At least one signature when decoded; several during a key rotation.
    public var signatures: [Signature]

    public init(payload: Data, signatures: [Signature]) {
        self.payload = payload
        self.signatures = signatures
    }

    /// Signs `payload` with each of `keys`, in order (one signature per key).
    public init(signing payload: Data, with keys: [ManifestSigningKey]) {
        let message = Self.preAuthenticationEncoding(payloadType: Self.payloadType, payload: payload)
        self.init(
            payload: payload,
            signatures: keys.map { Signature(keyID: $0.publicKey.keyID, signature: $0.signature(for: message)) })
    }

    /// DSSE's pre-authentication encoding: `"DSSEv1" SP len(type) SP type SP len(payload) SP payload`, lengths as
    /// ASCII decimal byte counts. The bytes every signature signs.
    public static func preAuthenticationEncoding(payloadType: String, payload: Data) -> Data {
        let type = Data(payloadType.utf8)
        var out = Data("DSSEv1 \(type.count) ".utf8)
        out += type
        out += Data(" \(payload.count) ".utf8)
        out += payload
        return out
    }

    /// The envelope as UTF-8 JSON in the order `payloadType`, `payload`, `signatures`, two-space indented, one
    /// signature per line, ending with a newline. Deterministic for the same payload and signatures.
    public func encoded() -> Data {
        var out = "{\n"
        out += "  \"payloadType\": \(JSONText.quoted(Self.payloadType)),\n"
        out += "  \"payload\": \(JSONText.quoted(payload.base64EncodedString())),\n"
        if signatures.isEmpty {
            out += "  \"signatures\": []\n"
        } else {
            out += "  \"signatures\": [\n"
            let lines = signatures.map {
                "    { \"keyid\": \(JSONText.quoted($0.keyID)), \"sig\": \(JSONText.quoted(Data($0.signature).base64EncodedString())) }"
            }
            out += lines.joined(separator: ",\n") + "\n  ]\n"
        }
        out += "}\n"
        return Data(out.utf8)
    }

    /// Decodes an envelope strictly; unknown fields are ignored, nothing else is.
    /// - Throws: ``ManifestSignatureError`` with `malformedEnvelope` (not JSON, truncated, a field missing or of
    ///   the wrong type), `unknownPayloadType`, `badBase64` (payload or a signature not standard base64, a
    ///   signature not 64 bytes) or `noSignatures`.
    public init(bytes: Data) throws(ManifestSignatureError) {
        let wire: WireEnvelope
        do {
            wire = try JSONDecoder().decode(WireEnvelope.self, from: bytes)
        } catch {
            throw ManifestSignatureError(
                code: .malformedEnvelope,
                reason: "manifest.dsse.json is not a DSSE envelope (a JSON object with string 'payloadType' and 'payload' and 'signatures' of {'keyid', 'sig'} strings)")
        }
        guard wire.payloadType == Self.payloadType else {
            throw ManifestSignatureError(
                code: .unknownPayloadType,
                reason: "envelope payloadType '\(wire.payloadType)' is not '\(Self.payloadType)'")
        }
        guard let payload = Data(base64Encoded: wire.payload) else {
            throw ManifestSignatureError(code: .badBase64, reason: "envelope payload is not standard base64")
        }
        guard !wire.signatures.isEmpty else {
            throw ManifestSignatureError(code: .noSignatures, reason: "envelope has no signatures")
        }
        var signatures: [Signature] = []
        for (index, entry) in wire.signatures.enumerated() {
            guard let signature = Data(base64Encoded: entry.sig), signature.count == 64 else {
                throw ManifestSignatureError(
                    code: .badBase64,
                    reason: "envelope signature \(index + 1) (keyid \(entry.keyid)) is not the standard base64 of 64 bytes")
            }
            signatures.append(Signature(keyID: entry.keyid, signature: Array(signature)))
        }
        self.init(payload: payload, signatures: signatures)
    }

    /// Checks the envelope against `trustedKeys` and returns the payload with the keyid that vouched for it: the
    /// first signature, in envelope order, whose keyid is a trusted key's and which verifies. Signatures by other
    /// keys are ignored (they let a rotation add a key before every app trusts it).
    /// - Throws: ``ManifestSignatureError`` `noSignatures`, `untrustedKey` when no signature names a trusted key,
    ///   `badSignature` when every signature naming one fails to verify.
    public func verifiedPayload(trustedKeys: [ManifestPublicKey]) throws(ManifestSignatureError) -> (payload: Data, keyID: String) {
        guard !signatures.isEmpty else {
            throw ManifestSignatureError(code: .noSignatures, reason: "envelope has no signatures")
        }
        let message = Self.preAuthenticationEncoding(payloadType: Self.payloadType, payload: payload)
        var namedTrustedKey = false
        for signature in signatures {
            for key in trustedKeys where key.keyID == signature.keyID {
                namedTrustedKey = true
                if key.isValidSignature(signature.signature, for: message) { return (payload, key.keyID) }
            }
        }
        guard namedTrustedKey else {
            let named = signatures.map(\.keyID).joined(separator: ", ")
            let trusted = trustedKeys.map(\.keyID).joined(separator: ", ")
            throw ManifestSignatureError(
                code: .untrustedKey,
                reason: "envelope is signed by keyid \(named), none of the trusted keys (\(trusted.isEmpty ? "none" : trusted))")
        }
        throw ManifestSignatureError(
            code: .badSignature,
            reason: "envelope signature by a trusted key does not verify: the payload or the signature was changed after signing")
    }
}

private struct WireEnvelope: Decodable {
    struct WireSignature: Decodable {
        var keyid: String
        var sig: String
    }
    var payloadType: String
    var payload: String
    var signatures: [WireSignature]
}
