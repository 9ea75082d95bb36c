// The only Apple-versus-Linux split for hashing: CryptoKit on Apple platforms, OpenSSL libcrypto (EVP) elsewhere.
#if canImport(CryptoKit)
import CryptoKit

/// Incremental SHA-256 state backed by CryptoKit (a value type, so copies are independent).
package struct SHA256Backend {
    private var state = CryptoKit.SHA256()
    package init() {}
    package mutating func update(_ buffer: UnsafeRawBufferPointer) { state.update(bufferPointer: buffer) }
    package mutating func finalize() -> [UInt8] {
        defer { state = CryptoKit.SHA256() }
        return Array(state.finalize())
    }
}
#else
import COTALibCrypto

/// Incremental SHA-256 state backed by an OpenSSL `EVP_MD_CTX`, copied on write so copies stay independent.
package struct SHA256Backend {
    private final class Context {
        let pointer: OpaquePointer
        init() {
            pointer = EVP_MD_CTX_new()!
            EVP_DigestInit_ex(pointer, EVP_sha256(), nil)
        }
        init(copying other: Context) {
            pointer = EVP_MD_CTX_new()!
            EVP_MD_CTX_copy_ex(pointer, other.pointer)
        }
        deinit { EVP_MD_CTX_free(pointer) }
    }

    private var context = Context()

    package init() {}

    private mutating func uniqueContext() -> OpaquePointer {
        if !isKnownUniquelyReferenced(&context) { context = Context(copying: context) }
        return context.pointer
    }

    package mutating func update(_ buffer: UnsafeRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        EVP_DigestUpdate(uniqueContext(), base, buffer.count)
    }

    package mutating func finalize() -> [UInt8] {
        let pointer = uniqueContext()
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        EVP_DigestFinal_ex(pointer, &digest, &length)
        EVP_DigestInit_ex(pointer, EVP_sha256(), nil)
        return digest
    }
}
#endif
