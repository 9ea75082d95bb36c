// The only Apple-versus-Linux split for signatures: CryptoKit on Apple platforms, OpenSSL libcrypto (EVP) elsewhere.
// Ed25519 is RFC 8032's PureEdDSA: a 32-byte private seed, a 32-byte public key, 64-byte signatures.
import Foundation

#if canImport(CryptoKit)
import CryptoKit

enum Ed25519Backend {
    /// The public key of `seed`, or nil when the seed is not 32 bytes.
    static func publicKey(seed: [UInt8]) -> [UInt8]? {
        (try? Curve25519.Signing.PrivateKey(rawRepresentation: seed)).map { Array($0.publicKey.rawRepresentation) }
    }

    /// The 64-byte signature of `message` by `seed`, or nil when the seed is not 32 bytes.
    static func sign(_ message: Data, seed: [UInt8]) -> [UInt8]? {
        guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: seed) else { return nil }
        return (try? key.signature(for: message)).map { Array($0) }
    }

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

enum Ed25519Backend {
    static func publicKey(seed: [UInt8]) -> [UInt8]? {
        guard seed.count == 32, let key = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nil, seed, 32) else {
            return nil
        }
        defer { EVP_PKEY_free(key) }
        var out = [UInt8](repeating: 0, count: 32)
        var length = 32
        guard EVP_PKEY_get_raw_public_key(key, &out, &length) == 1, length == 32 else { return nil }
        return out
    }

    static func sign(_ message: Data, seed: [UInt8]) -> [UInt8]? {
        guard seed.count == 32 else { return nil }
        return withContext(EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nil, seed, 32)) { context, key in
            guard EVP_DigestSignInit(context, nil, nil, nil, key) == 1 else { return nil }
            var signature = [UInt8](repeating: 0, count: 64)
            var length = 64
            let status = message.withUnsafeBytes { bytes in
                EVP_DigestSign(context, &signature, &length, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count)
            }
            return status == 1 && length == 64 ? signature : nil
        }
    }

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
    /// freeing both after; nil when either cannot be allocated.
    private static func withContext<T>(_ key: OpaquePointer?, _ body: (OpaquePointer, OpaquePointer) -> T?) -> T? {
        guard let key else { return nil }
        defer { EVP_PKEY_free(key) }
        guard let context = EVP_MD_CTX_new() else { return nil }
        defer { EVP_MD_CTX_free(context) }
        return body(context, key)
    }
}
#endif
