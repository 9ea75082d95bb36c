import Foundation
import OTALocalizationsCore

/// An Ed25519 private key (RFC 8032) that signs manifests in CI, read from and written as unencrypted PKCS#8 PEM
/// (RFC 8410 section 7), byte for byte what `openssl genpkey -algorithm ed25519` writes.
///
/// Not meant for apps: apps hold only ``ManifestPublicKey``s. The seed lives in memory for the key's lifetime.
public struct ManifestSigningKey: Sendable {
    private let seed: [UInt8]
    /// The public half, to hand to apps.
    public let publicKey: ManifestPublicKey

    /// Creates a key from its 32-byte seed (RFC 8032 section 5.1.5's private key).
    /// - Throws: ``ManifestSignatureError`` `badPrivateKey` when `seed` is not 32 bytes.
    public init(seed: [UInt8]) throws(ManifestSignatureError) {
        guard let raw = Ed25519Signer.publicKey(seed: seed) else {
            throw ManifestSignatureError(code: .badPrivateKey, reason: "an Ed25519 private key is a 32-byte seed, this one is \(seed.count) bytes")
        }
        self.seed = seed
        self.publicKey = try ManifestPublicKey(rawRepresentation: raw)
    }

    /// Reads a PEM `PRIVATE KEY` block holding an Ed25519 PKCS#8 key without attributes or public key.
    /// - Throws: ``ManifestSignatureError`` `badPrivateKey` naming what is wrong (no PEM block, an encrypted or
    ///   other-algorithm key, bad base64).
    public init(pem: String) throws(ManifestSignatureError) {
        try self.init(seed: PKCS8Ed25519.seed(fromPEM: pem))
    }

    /// A new key from the system's cryptographically secure generator (`SystemRandomNumberGenerator`).
    public static func generate() -> ManifestSigningKey {
        var generator = SystemRandomNumberGenerator()
        let seed = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        // A 32-byte seed always makes a key.
        return try! ManifestSigningKey(seed: seed)
    }

    /// The key as PKCS#8 PEM: `-----BEGIN PRIVATE KEY-----`, one base64 line, `-----END PRIVATE KEY-----`, newline.
    public var pemRepresentation: String { PKCS8Ed25519.pem(seed: seed) }

    /// The 64-byte Ed25519 signature of `message`.
    public func signature(for message: Data) -> [UInt8] {
        // A valid seed always signs; the backends fail only on a seed of the wrong length.
        Ed25519Signer.sign(message, seed: seed)!
    }
}
