import Foundation
import OTATestSupport
import Testing

@testable import OTALocalizationsCore

/// The index parts' container (RFC 1952): what the packager writes reads with Python's gzip, byte for byte the same
/// on every machine; what the reader accepts is exactly one member with no optional header fields, its trailer right.
@Suite struct GzipMemberTests {
    static let text = Data(String(repeating: "{\"name\": \"Checkout\", \"localizations\": [\"de\", \"en\", \"fr\"]}\n", count: 40).utf8)

    @Test func aMemberInflatesWithPythonAndHasTheFixedHeader() throws {
        let member = try GzipMember.compress(Self.text)
        #expect(Array(member.prefix(10)) == [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF])
        let inflated = try ProcessRunner.pythonBlocking("import gzip, sys; sys.stdout.buffer.write(gzip.decompress(sys.stdin.buffer.read()))", [], stdin: member)
        #expect(inflated == Self.text)
        #expect(try GzipMember.compress(Self.text) == member)
        #expect(member.count < Self.text.count / 10)
    }

    @Test func aMemberPythonWritesReads() throws {
        let member = try ProcessRunner.pythonBlocking("import gzip, sys; sys.stdout.buffer.write(gzip.compress(sys.stdin.buffer.read(), mtime=0))", [], stdin: Self.text)
        #expect(try GzipMember.decompress(member, maximumBytes: 1 << 20) == Self.text)
    }

    @Test func aWrongTrailerExtraBytesAnOptionalFieldOrTooMuchOutputIsRefused() throws {
        let member = try GzipMember.compress(Self.text)
        func code(_ data: Data, limit: Int = 1 << 20) -> CompressionError.Code? {
            do {
                _ = try GzipMember.decompress(data, maximumBytes: limit)
                return nil
            } catch {
                return error.code
            }
        }
        var crc = member
        crc[crc.count - 8] ^= 0x01
        #expect(code(crc) == .corruptData)
        #expect(code(member + Data([0])) == .corruptData)
        var named = member
        named[3] = 0x08   // FNAME
        #expect(code(named) == .corruptData)
        #expect(code(member.prefix(member.count - 9)) == .truncated)
        #expect(code(member, limit: Self.text.count - 1) == .outputTooLarge)
        #expect(code(member) == nil)
    }
}
