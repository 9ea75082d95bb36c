import Foundation

/// An Ed25519 public key (RFC 8032) an app trusts to sign its manifests: 32 raw bytes, handed around as base64.
///
/// Its ``keyID`` is the lowercase hex SHA-256 of the 32 raw bytes, the `keyid` of the envelope's signatures.
public struct ManifestPublicKey: Sendable, Hashable, CustomStringConvertible {
    /// The 32 raw bytes of the key (RFC 8032 section 5.1.5).
    public let rawRepresentation: [UInt8]

    /// Creates a key from its 32 raw bytes.
    /// - Throws: ``ManifestSignatureError`` `badPublicKey` when `rawRepresentation` is not 32 bytes.
    public init(rawRepresentation: [UInt8]) throws(ManifestSignatureError) {
        guard rawRepresentation.count == 32 else {
            throw ManifestSignatureError(
                code: .badPublicKey,
                reason: "an Ed25519 public key is 32 bytes, this one is \(rawRepresentation.count)")
        }
        self.rawRepresentation = rawRepresentation
    }

    /// Creates a key from the standard base64 of its 32 raw bytes (surrounding whitespace is ignored), the form
    /// `ota-localizations keygen` prints.
    /// - Throws: ``ManifestSignatureError`` `badPublicKey` when the text is not base64 of 32 bytes.
    public init(base64: String) throws(ManifestSignatureError) {
        let text = base64.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let data = Data(base64Encoded: text) else {
            throw ManifestSignatureError(
                code: .badPublicKey,
                reason: "public key '\(text)' is not base64; pass the 44-character base64 of the 32 raw key bytes that keygen prints")
        }
        do {
            try self.init(rawRepresentation: Array(data))
        } catch {
            throw ManifestSignatureError(
                code: .badPublicKey, reason: "public key '\(text)' is \(data.count) bytes, an Ed25519 public key is 32")
        }
    }

    /// The standard base64 of the 32 raw bytes (44 characters).
    public var base64: String { Data(rawRepresentation).base64EncodedString() }

    /// The lowercase hex SHA-256 of the 32 raw bytes (64 characters): the `keyid` of the signatures it makes.
    public var keyID: String { SHA256Digest.hex(SHA256Digest.hash(Data(rawRepresentation))) }

    /// Whether `signature` is this key's Ed25519 signature of `message`.
    public func isValidSignature(_ signature: [UInt8], for message: Data) -> Bool {
        Ed25519Backend.verify(signature, of: message, publicKey: rawRepresentation)
    }

    public var description: String { base64 }
}
