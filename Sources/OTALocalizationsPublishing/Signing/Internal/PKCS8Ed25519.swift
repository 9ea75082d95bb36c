import Foundation
import OTALocalizationsCore

/// The one PKCS#8 shape of an Ed25519 private key this package reads and writes (RFC 8410 sections 7 and 10.3):
/// `SEQUENCE { INTEGER 0, SEQUENCE { OID 1.3.101.112 }, OCTET STRING { OCTET STRING <32-byte seed> } }`, a fixed
/// 16-byte DER prefix followed by the seed, 48 bytes in all. Anything else (an encrypted key, a version 1 key with
/// the public key attached, another algorithm) is refused rather than guessed at.
enum PKCS8Ed25519 {
    static let prefix: [UInt8] = [
        0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
    ]
    static let begin = "-----BEGIN PRIVATE KEY-----"
    static let end = "-----END PRIVATE KEY-----"

    static func seed(fromPEM pem: String) throws(ManifestSignatureError) -> [UInt8] {
        func refuse(_ reason: String) -> ManifestSignatureError {
            ManifestSignatureError(code: .badPrivateKey, reason: reason)
        }
        if pem.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----") {
            throw refuse("the private key is encrypted; write it unencrypted (openssl genpkey -algorithm ed25519 without -aes256) and protect the file instead")
        }
        guard let start = pem.range(of: begin), let stop = pem.range(of: end, range: start.upperBound..<pem.endIndex) else {
            throw refuse("no '\(begin)' ... '\(end)' block; expected a PKCS#8 PEM file as 'openssl genpkey -algorithm ed25519' writes")
        }
        let body = pem[start.upperBound..<stop.lowerBound].filter { !$0.isWhitespace }
        guard let der = Data(base64Encoded: String(body)) else {
            throw refuse("the PEM block is not valid base64")
        }
        guard der.count == prefix.count + 32, der.prefix(prefix.count).elementsEqual(prefix) else {
            throw refuse("the key is not an Ed25519 PKCS#8 key of 48 bytes (\(der.count) bytes); generate one with 'ota-localizations keygen' or 'openssl genpkey -algorithm ed25519'")
        }
        return Array(der.suffix(32))
    }

    static func pem(seed: [UInt8]) -> String {
        "\(begin)\n\(Data(prefix + seed).base64EncodedString())\n\(end)\n"
    }
}
