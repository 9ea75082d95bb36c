// The only Apple-versus-Linux split for making signatures: CryptoKit on Apple platforms, OpenSSL libcrypto (EVP)
// elsewhere. Ed25519 is RFC 8032's PureEdDSA: a 32-byte private seed, a 32-byte public key, 64-byte signatures.
// Checking them is the device's and stays in OTALocalizationsCore (`Ed25519Backend`).
import Foundation

#if canImport(CryptoKit)
import CryptoKit

enum Ed25519Signer {
    /// The public key of `seed`, or nil when the seed is not 32 bytes.
    static func publicKey(seed: [UInt8]) -> [UInt8]? {
        (try? Curve25519.Signing.PrivateKey(rawRepresentation: seed)).map { Array($0.publicKey.rawRepresentation) }
    }

    /// The 64-byte signature of `message` by `seed`, or nil when the seed is not 32 bytes.
    static func sign(_ message: Data, seed: [UInt8]) -> [UInt8]? {
        guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: seed) else { return nil }
        return (try? key.signature(for: message)).map { Array($0) }
    }
}
#else
import COTALibCrypto
import OTALocalizationsCore

enum Ed25519Signer {
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
        return Ed25519Backend.withContext(EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nil, seed, 32)) { context, key in
            guard EVP_DigestSignInit(context, nil, nil, nil, key) == 1 else { return nil }
            var signature = [UInt8](repeating: 0, count: 64)
            var length = 64
            let status = message.withUnsafeBytes { bytes in
                EVP_DigestSign(context, &signature, &length, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count)
            }
            return status == 1 && length == 64 ? signature : nil
        }
    }
}
#endif
