import Foundation
import OTATestSupport
import Testing

@testable import OTALocalizationsCore

@Suite struct SHA256DigestTests {
    // Expected digests: FIPS 180-2 appendix B examples, and `sha256sum` / Python `hashlib` for the rest.

    @Test func abcMatchesFIPS180Example() {
        #expect(
            SHA256Digest.hexString(Data("abc".utf8))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func twoBlockMessageMatchesFIPS180Example() {
        let message = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        #expect(
            SHA256Digest.hexString(Data(message.utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func millionAMatchesFIPS180Example() {
        #expect(
            SHA256Digest.hexString(Data(repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func emptyMessageHasKnownDigest() {
        #expect(
            SHA256Digest.hexString(Data())
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func hashIsThirtyTwoBytesMatchingHex() {
        let bytes = SHA256Digest.hash(Data("abc".utf8))
        #expect(bytes.count == 32)
        #expect(bytes.prefix(4) == [0xBA, 0x78, 0x16, 0xBF])
    }

    @Test func fileDigestMatchesSha256sum() throws {
        // Given a 3 MiB + 7 byte file (several read chunks, a partial last one)
        let temp = try TemporaryDirectory("archive")
        defer { temp.remove() }
        var generator = SplitMix(seed: 42)
        let data = Data((0..<(3 * 1024 * 1024 + 7)).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        let file = try temp.write("blob.bin", data)
        // When
        let ours = try SHA256Digest.hexString(ofFileAt: file)
        // Then
        let expected = try ProcessRunner.runBlocking(["sha256sum", file.path]).text.prefix(64)
        #expect(ours == String(expected))
        #expect(SHA256Digest.hexString(data) == String(expected))
    }

    @Test func missingFileThrows() {
        #expect(throws: (any Error).self) {
            try SHA256Digest.hexString(ofFileAt: URL(fileURLWithPath: "/nonexistent/ota/file"))
        }
    }

    @Test func hasherAcrossUnevenChunksEqualsSha256sum() throws {
        let data = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        var hasher = SHA256Hasher()
        var offset = 0
        var size = 1
        while offset < data.count {
            let end = min(data.count, offset + size)
            hasher.update(data.subdata(in: offset..<end))
            offset = end
            size = size * 3 + 1
        }
        let expected = try ProcessRunner.runBlocking(["sha256sum"], stdin: data).text.prefix(64)
        #expect(SHA256Digest.hex(hasher.finalize()) == String(expected))
    }

    @Test func copiedHasherContinuesIndependently() {
        var original = SHA256Hasher()
        original.update(Data("ab".utf8))
        var copy = original
        copy.update(Data("c".utf8))
        // Python: hashlib.sha256(b"ab").hexdigest()
        #expect(
            SHA256Digest.hex(original.finalize())
                == "fb8e20fc2e4c3f248c60c39bd652f3c1347298bb977b8b4d5903b85055620603")
        #expect(
            SHA256Digest.hex(copy.finalize())
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func finalizeResetsToEmptyMessage() {
        var hasher = SHA256Hasher()
        hasher.update(Data("xyz".utf8))
        _ = hasher.finalize()
        hasher.update(Data("abc".utf8))
        #expect(
            SHA256Digest.hex(hasher.finalize())
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}

/// A tiny deterministic generator for test data (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func bytes(_ count: Int) -> Data {
        Data((0..<count).map { _ in UInt8(truncatingIfNeeded: next()) })
    }
}
