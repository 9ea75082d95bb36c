import Foundation

/// A signed manifest: a DSSE v1 envelope around the exact bytes of a published manifest, `manifest.json`
/// (`manifest.dsse.json`) or the published index's root, `index.json` (`index.dsse.json`).
///
/// Shape (DSSE v1, github.com/secure-systems-lab/dsse, "envelope.md"; docs/signing.md):
/// `{"payloadType": "application/vnd.ota-localizations.manifest+json", "payload": "<base64 of manifest.json>",
/// "signatures": [{"keyid": "<hex SHA-256 of the raw public key>", "sig": "<base64 Ed25519 signature>"}]}`, with
/// ``indexPayloadType`` for the index. Each `sig` signs ``preAuthenticationEncoding(payloadType:payload:)`` of the
/// type and the payload bytes, never the JSON, so any tool that can base64-decode and run Ed25519 can check it; the
/// type is signed, so a signed manifest cannot pass for a signed index or the reverse.
public struct ManifestEnvelope: Sendable, Equatable {
    /// The payload type of a signed `manifest.json`.
    public static let payloadType = "application/vnd.ota-localizations.manifest+json"
    /// The payload type of a signed `index.json` (the published index's root, format 2).
    public static let indexPayloadType = "application/vnd.ota-localizations.index+json"
    /// The most signatures an envelope may carry by default: a key rotation signs with two or three keys, and each
    /// signature naming a trusted key costs one Ed25519 verification.
    public static let defaultMaximumSignatures = 16
    /// The largest envelope a client accepts, in bytes (6 MiB): the base64 of the largest payload
    /// (``Manifest/maximumBytes``, 4/3 of it once encoded) plus room for the signatures (docs/signing.md).
    public static let maximumBytes: Int64 = 6 * 1024 * 1024

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

    /// What the payload is: ``payloadType`` or ``indexPayloadType``.
    public var payloadType: String
    /// The signed bytes: the manifest exactly as published.
    public var payload: Data
    /// At least one signature when decoded; several during a key rotation.
    public var signatures: [Signature]

    public init(payloadType: String = ManifestEnvelope.payloadType, payload: Data, signatures: [Signature]) {
        self.payloadType = payloadType
        self.payload = payload
        self.signatures = signatures
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

    /// Decodes an envelope strictly (RFC 8259 JSON in UTF-8, read by ``OrderedJSONParser`` like the index); unknown
    /// fields are ignored, nothing else is.
    ///
    /// - Parameters:
    ///   - payloadType: the only type accepted (``payloadType`` for `manifest.json`, ``indexPayloadType`` for
    ///     `index.json`).
    ///   - maximumSignatures: the most signatures accepted, checked before any is decoded.
    /// - Throws: ``ManifestSignatureError`` with `malformedEnvelope` (not JSON, truncated, a field missing or of
    ///   the wrong type, a key written twice in any object: RFC 8259 leaves its meaning open), `unknownPayloadType`,
    ///   `badBase64` (payload or a signature not canonical standard base64, a signature not 64 bytes),
    ///   `noSignatures` or `tooManySignatures`.
    public init(
        bytes: Data, payloadType: String = ManifestEnvelope.payloadType,
        maximumSignatures: Int = ManifestEnvelope.defaultMaximumSignatures
    ) throws(ManifestSignatureError) {
        let malformed = ManifestSignatureError(
            code: .malformedEnvelope,
            reason: "the envelope is not a DSSE envelope (a JSON object with string 'payloadType' and 'payload' and 'signatures' of {'keyid', 'sig'} strings)")
        guard let root = try? OrderedJSONParser.parse([UInt8](bytes)), let wire = WireEnvelope(root) else { throw malformed }
        if let key = DuplicateKeys.first(in: root) {
            throw ManifestSignatureError(
                code: .malformedEnvelope,
                reason: "the envelope has the key \(JSONText.quoted(key)) twice in one object; readers would disagree on which one counts")
        }
        guard wire.payloadType == payloadType else {
            throw ManifestSignatureError(
                code: .unknownPayloadType,
                reason: "envelope payloadType '\(wire.payloadType)' is not '\(payloadType)'")
        }
        guard let payload = StrictBase64.decode(wire.payload) else {
            throw ManifestSignatureError(code: .badBase64, reason: "envelope payload is not canonical standard base64 (RFC 4648 sections 3.5 and 4)")
        }
        guard !wire.signatures.isEmpty else {
            throw ManifestSignatureError(code: .noSignatures, reason: "envelope has no signatures")
        }
        guard wire.signatures.count <= maximumSignatures else {
            throw ManifestSignatureError(
                code: .tooManySignatures,
                reason: "envelope has \(wire.signatures.count) signatures, more than the \(maximumSignatures) accepted (maximumEnvelopeSignatures)")
        }
        var signatures: [Signature] = []
        for (index, entry) in wire.signatures.enumerated() {
            guard let signature = StrictBase64.decode(entry.sig), signature.count == 64 else {
                throw ManifestSignatureError(
                    code: .badBase64,
                    reason: "envelope signature \(index + 1) (keyid \(entry.keyid)) is not the canonical standard base64 of 64 bytes")
            }
            signatures.append(Signature(keyID: entry.keyid, signature: Array(signature)))
        }
        self.init(payloadType: payloadType, payload: payload, signatures: signatures)
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
        let message = Self.preAuthenticationEncoding(payloadType: payloadType, payload: payload)
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

/// The envelope's members as JSON carries them, read from the strictly parsed document (``OrderedJSONParser``, the
/// reader of the index): string `payloadType` and `payload`, and `signatures`, an array of objects with string `keyid`
/// and `sig`. Other members are ignored; nil when a member is missing or of another type.
private struct WireEnvelope {
    struct WireSignature {
        var keyid: String
        var sig: String
    }

    var payloadType: String
    var payload: String
    var signatures: [WireSignature]

    init?(_ root: OrderedJSONValue) {
        guard let payloadType = root["payloadType"]?.stringValue, let payload = root["payload"]?.stringValue,
              let elements = root["signatures"]?.arrayValue
        else { return nil }
        var signatures: [WireSignature] = []
        for element in elements {
            guard let keyid = element["keyid"]?.stringValue, let sig = element["sig"]?.stringValue else { return nil }
            signatures.append(WireSignature(keyid: keyid, sig: sig))
        }
        self.payloadType = payloadType
        self.payload = payload
        self.signatures = signatures
    }
}
