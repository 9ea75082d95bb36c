/// Why a signing key, a public key or a signed manifest envelope (`manifest.dsse.json`) cannot be used.
///
/// Every case is final: nothing of a refused envelope is decoded or installed. docs/signing.md describes the format.
public struct ManifestSignatureError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A private key is not an unencrypted PKCS#8 PEM Ed25519 key (what `openssl genpkey -algorithm ed25519`
        /// writes).
        public static let badPrivateKey = Code(rawValue: "bad-private-key")
        /// A public key is not the standard base64 of 32 bytes, or not a point Ed25519 accepts.
        public static let badPublicKey = Code(rawValue: "bad-public-key")
        /// The envelope is not a JSON object with string `payloadType` and `payload` and a `signatures` array of
        /// objects with string `keyid` and `sig` (truncated, wrong types, missing fields).
        public static let malformedEnvelope = Code(rawValue: "malformed-envelope")
        /// `payloadType` is not the one expected (`application/vnd.ota-localizations.manifest+json` for
        /// `manifest.json`, `application/vnd.ota-localizations.index+json` for `index.json`).
        public static let unknownPayloadType = Code(rawValue: "unknown-payload-type")
        /// `payload` or a `sig` is not canonical standard base64 (RFC 4648 sections 3.5 and 4: padding, zero unused
        /// bits), or a `sig` is not 64 bytes.
        public static let badBase64 = Code(rawValue: "bad-base64")
        /// `signatures` is empty.
        public static let noSignatures = Code(rawValue: "no-signatures")
        /// `signatures` has more entries than the reader accepts (``ManifestEnvelope/defaultMaximumSignatures``).
        public static let tooManySignatures = Code(rawValue: "too-many-signatures")
        /// No signature has the keyid of a trusted key.
        public static let untrustedKey = Code(rawValue: "untrusted-key")
        /// Every signature by a trusted key fails Ed25519 verification over the payload (forged or swapped).
        public static let badSignature = Code(rawValue: "bad-signature")
    }

    public var code: Code
    /// One sentence naming what is wrong and, where it helps, what to do.
    public var reason: String

    public init(code: Code, reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { reason }
}
