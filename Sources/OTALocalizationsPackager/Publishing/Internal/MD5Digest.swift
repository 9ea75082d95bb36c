// MD5 only to recognise an object S3 already holds: its ETag is the MD5 of the body for a single-part upload
// (Amazon S3 API Reference, "Common Response Headers", ETag). CryptoKit on Apple platforms, libcrypto elsewhere.
// In the packager, not in OTALocalizationsDigest, so that no app links it.
import Foundation

#if canImport(CryptoKit)
import CryptoKit

/// MD5 (RFC 1321) of `data`, 16 bytes.
func md5Digest(_ data: Data) -> [UInt8] {
    Array(Insecure.MD5.hash(data: data))
}
#else
import COTALibCrypto

/// MD5 (RFC 1321) of `data`, 16 bytes.
func md5Digest(_ data: Data) -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: 16)
    var length: UInt32 = 0
    _ = data.withUnsafeBytes { EVP_Digest($0.baseAddress, $0.count, &digest, &length, EVP_md5(), nil) }
    return digest
}
#endif
