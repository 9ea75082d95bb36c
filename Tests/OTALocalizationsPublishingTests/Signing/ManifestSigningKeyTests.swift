import Foundation
import OTATestSupport
import Testing

@testable import OTALocalizationsCore
@testable import OTALocalizationsPublishing

@Suite struct ManifestSigningKeyTests {
    // RFC 8032 section 7.1, tests 1 and 2 (seed, public key, message, signature).
    static let rfcVectors: [(seed: String, publicKey: String, message: String, signature: String)] = [
        (
            "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
            "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
            "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
        ),
        (
            "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
            "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
            "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"
        ),
    ]

    static func bytes(_ hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            out.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return out
    }

    @Test(arguments: 0..<2) func rfc8032VectorsDerivePublicKeyAndVerify(_ index: Int) throws {
        let vector = Self.rfcVectors[index]
        let key = try ManifestSigningKey(seed: Self.bytes(vector.seed))
        #expect(SHA256Digest.hex(key.publicKey.rawRepresentation) == vector.publicKey)
        let message = Data(Self.bytes(vector.message))
        #expect(key.publicKey.isValidSignature(Self.bytes(vector.signature), for: message))
        // Our own signature verifies too (CryptoKit's signatures are randomized, so only validity is compared).
        #expect(key.publicKey.isValidSignature(key.signature(for: message), for: message))
        var tampered = Self.bytes(vector.signature)
        tampered[10] ^= 0x01
        #expect(!key.publicKey.isValidSignature(tampered, for: message))
        #expect(!key.publicKey.isValidSignature(Self.bytes(vector.signature), for: message + Data([0])))
    }

    @Test func readsTheKeyOpenSSLGeneratesAndDerivesTheSamePublicKey() throws {
        let temp = try TemporaryDirectory("signing")
        defer { temp.remove() }
        let file = temp.url.appendingPathComponent("key.pem")
        try OpenSSLSigning.generateKey(at: file)
        let key = try ManifestSigningKey(pem: String(decoding: try Data(contentsOf: file), as: UTF8.self))
        #expect(key.publicKey.rawRepresentation == (try OpenSSLSigning.rawPublicKey(ofPrivateKeyAt: file)))
        // Written back byte for byte as openssl wrote it.
        #expect(Data(key.pemRepresentation.utf8) == (try Data(contentsOf: file)))
    }

    @Test func keyIDIsHexSHA256OfTheRawPublicKeyAsHashlibComputesIt() throws {
        let key = ManifestSigningKey.generate()
        let expected = try ExternalTool.pythonBlocking(
            "import base64, hashlib, sys; print(hashlib.sha256(base64.b64decode(sys.argv[1])).hexdigest())",
            [key.publicKey.base64])
        #expect(key.publicKey.keyID == expected.trimmingCharacters(in: .newlines))
        #expect(key.publicKey.base64.count == 44)
        #expect(try ManifestPublicKey(base64: key.publicKey.base64 + "\n") == key.publicKey)
    }

    @Test func generatedKeySignsWhatOpenSSLVerifies() throws {
        let temp = try TemporaryDirectory("signing")
        defer { temp.remove() }
        let key = ManifestSigningKey.generate()
        #expect(ManifestSigningKey.generate().publicKey != key.publicKey)
        let keyFile = try temp.write("key.pem", key.pemRepresentation)
        let message = try temp.write("message.bin", Data("any bytes at all\n".utf8))
        let signature = key.signature(for: try Data(contentsOf: message))
        #expect(try OpenSSLSigning.verify(signature, message: message, key: keyFile, in: temp.url))
        var tampered = signature
        tampered[0] ^= 0x80
        #expect(try !OpenSSLSigning.verify(tampered, message: message, key: keyFile, in: temp.url))
        #expect(try OpenSSLSigning.rawPublicKey(ofPrivateKeyAt: keyFile) == key.publicKey.rawRepresentation)
    }

    @Test func refusesPrivateKeysThatAreNotPlainEd25519PKCS8() throws {
        let temp = try TemporaryDirectory("signing")
        defer { temp.remove() }
        let ed448 = temp.url.appendingPathComponent("ed448.pem")
        try ExternalTool.runBlocking("openssl", ["genpkey", "-algorithm", "ed448", "-out", ed448.path]).expectSuccess()
        let encrypted = temp.url.appendingPathComponent("encrypted.pem")
        try ExternalTool.runBlocking(
            "openssl", ["genpkey", "-algorithm", "ed25519", "-aes256", "-pass", "pass:secret", "-out", encrypted.path]
        ).expectSuccess()
        let inputs = [
            String(decoding: try Data(contentsOf: ed448), as: UTF8.self),
            String(decoding: try Data(contentsOf: encrypted), as: UTF8.self),
            "not a key",
            "-----BEGIN PRIVATE KEY-----\n!!!!\n-----END PRIVATE KEY-----\n",
            "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIJ1hsZ3v\n-----END PRIVATE KEY-----\n",
        ]
        for input in inputs {
            #expect(throws: ManifestSignatureError.self) { try ManifestSigningKey(pem: input) }
            do {
                _ = try ManifestSigningKey(pem: input)
            } catch {
                #expect(error.code == .badPrivateKey)
            }
        }
        #expect(throws: ManifestSignatureError.self) { try ManifestSigningKey(seed: [1, 2, 3]) }
    }

    @Test(arguments: ["", "not base64!", "AAAA", Data(count: 33).base64EncodedString()])
    func refusesPublicKeysThatAreNotBase64Of32Bytes(_ text: String) {
        do {
            _ = try ManifestPublicKey(base64: text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.code == .badPublicKey)
        }
    }
}

extension ToolResult {
    func expectSuccess() throws {
        guard status == 0 else { throw ToolFailure(message: "tool failed (\(status)): \(stderr)") }
    }
}
