// The only Apple-versus-Linux split for checking signatures: CryptoKit on Apple platforms, OpenSSL libcrypto (EVP)
// elsewhere. Ed25519 is RFC 8032's PureEdDSA: a 32-byte public key, 64-byte signatures. Signing is CI's
// (`Ed25519Signer` in OTALocalizationsPublishing), so no app links it.
import Foundation

#if canImport(CryptoKit)
import CryptoKit

enum Ed25519Backend {
    /// Whether `signature` is a valid signature of `message` by `publicKey`.
    static func verify(_ signature: [UInt8], of message: Data, publicKey: [UInt8]) -> Bool {
        guard signature.count == 64, let key = try? Curve25519.Signing.PublicKey(rawRepresentation: publicKey) else {
            return false
        }
        return key.isValidSignature(signature, for: message)
    }
}
#else
import COTALibCrypto

package enum Ed25519Backend {
    static func verify(_ signature: [UInt8], of message: Data, publicKey: [UInt8]) -> Bool {
        guard signature.count == 64, publicKey.count == 32 else { return false }
        return withContext(EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, publicKey, 32)) { context, key in
            guard EVP_DigestVerifyInit(context, nil, nil, nil, key) == 1 else { return false }
            return message.withUnsafeBytes { bytes in
                EVP_DigestVerify(context, signature, 64, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count)
            } == 1
        } ?? false
    }

    /// Runs `body` with a fresh digest context and `key` (Ed25519 signs the message itself, no digest is set),
    /// freeing both after; nil when either cannot be allocated. Shared with the signer of OTALocalizationsPublishing.
    package static func withContext<T>(_ key: OpaquePointer?, _ body: (OpaquePointer, OpaquePointer) -> T?) -> T? {
        guard let key else { return nil }
        defer { EVP_PKEY_free(key) }
        guard let context = EVP_MD_CTX_new() else { return nil }
        defer { EVP_MD_CTX_free(context) }
        return body(context, key)
    }
}
#endif
