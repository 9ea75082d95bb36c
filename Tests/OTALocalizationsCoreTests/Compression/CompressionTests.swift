import Foundation
import OTATestSupport
import Testing

@testable import OTALocalizationsCore
@testable import OTALocalizationsPublishing

@Suite struct CRC32Tests {
    @Test func checkValueMatchesCatalogue() {
        // The standard CRC-32 check value for "123456789".
        #expect(CRC32.checksum(Data("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum(Data()) == 0)
    }

    @Test func matchesPythonZlibCrc32() throws {
        var generator = SplitMix(seed: 7)
        let samples = [Data("hello".utf8), generator.bytes(1), generator.bytes(1000), generator.bytes(70_001)]
        for sample in samples {
            let output = try ProcessRunner.pythonBlocking(
                "import sys, zlib; print(zlib.crc32(sys.stdin.buffer.read()))", stdin: sample)
            let expected = UInt32(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(CRC32.checksum(sample) == expected)
        }
    }

    @Test func updateInPiecesEqualsWhole() {
        let data = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        var crc: UInt32 = 0
        for start in stride(from: 0, to: data.count, by: 777) {
            crc = CRC32.update(crc, data.subdata(in: start..<min(data.count, start + 777)))
        }
        #expect(crc == CRC32.checksum(data))
    }
}

@Suite struct RawDeflateTests {
    private let pythonRawDeflate = """
        import sys, zlib
        c = zlib.compressobj(9, zlib.DEFLATED, -15)
        sys.stdout.buffer.write(c.compress(sys.stdin.buffer.read()) + c.flush())
        """
    private let pythonRawInflate = """
        import sys, zlib
        sys.stdout.buffer.write(zlib.decompress(sys.stdin.buffer.read(), -15))
        """

    @Test func inflatesPythonRawDeflate() throws {
        let original = Data(String(repeating: "\"greeting\" = \"Bonjour le monde\";\n", count: 2000).utf8)
        let compressed = try ProcessRunner.pythonBlocking(pythonRawDeflate, stdin: original)
        #expect(compressed.count < original.count / 10)
        #expect(try RawInflate.decompress(compressed, maximumBytes: original.count) == original)
    }

    @Test func pythonInflatesOurDeflate() throws {
        var generator = SplitMix(seed: 3)
        let original = Data(String(repeating: "clé = valeur;\n", count: 5000).utf8) + generator.bytes(5000)
        let compressed = try RawDeflate.compress(original)
        #expect(compressed.count < original.count)
        #expect(try ProcessRunner.pythonBlocking(pythonRawInflate, stdin: compressed) == original)
    }

    @Test func emptyInputRoundTrips() throws {
        let compressed = try RawDeflate.compress(Data())
        #expect(try ProcessRunner.pythonBlocking(pythonRawInflate, stdin: compressed) == Data())
        #expect(try RawInflate.decompress(compressed, maximumBytes: 0) == Data())
    }

    @Test func deflateRefusesInvalidLevel() {
        #expect(throws: CompressionError.self) { _ = try RawDeflate.compress(Data("x".utf8), level: 42) }
    }

    @Test func inflateStopsAtMaximumBytes() throws {
        // Given 16 MiB of zeros, about 16 KiB deflated
        let compressed = try ProcessRunner.pythonBlocking(
            pythonRawDeflate, stdin: Data(repeating: 0, count: 16 * 1024 * 1024))
        // When inflating with a 1 MiB limit, then it stops with outputTooLarge
        #expect(errorCode { try RawInflate.decompress(compressed, maximumBytes: 1024 * 1024) } == .outputTooLarge)
        #expect(try RawInflate.decompress(compressed, maximumBytes: 16 * 1024 * 1024).count == 16 * 1024 * 1024)
    }

    @Test func inflateRejectsCorruptAndTruncatedStreams() throws {
        let compressed = try ProcessRunner.pythonBlocking(pythonRawDeflate, stdin: Data(String(repeating: "abc", count: 999).utf8))
        #expect(errorCode { try RawInflate.decompress(Data([0xFF, 0xFF, 0xFF]), maximumBytes: 100) } == .corruptData)
        #expect(errorCode { try RawInflate.decompress(compressed.prefix(compressed.count / 2), maximumBytes: 10_000) } == .truncated)
        #expect(errorCode { try RawInflate.decompress(Data(), maximumBytes: 100) } == .truncated)
    }

    private func errorCode(_ body: () throws -> Data) -> CompressionError.Code? {
        do {
            _ = try body()
            return nil
        } catch let error as CompressionError {
            return error.code
        } catch {
            return CompressionError.Code(rawValue: "other")
        }
    }
}
