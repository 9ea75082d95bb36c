import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizationsSync

/// A `Content-Encoding` sent as several header fields. HTTP field names are case-insensitive (RFC 9110 section 5.1)
/// and several fields of one name are one list (section 5.3). Fields spelled alike are joined and refused as gzip
/// applied twice. Fields whose names differ only in case reach FoundationNetworking as one of them while libcurl
/// decodes every coding (docs/apple-platform.md X9): on Linux such a response is not refused from its headers, but
/// what it decodes to still counts against the limit as it arrives.
@Suite(.serialized) struct URLSessionTransportSplitEncodingTests {
    private static func body(_ python: String) async throws -> Data {
        try await ProcessRunner.python("import gzip, sys\n" + python)
    }

    private func get(_ lines: [String], body: Data, maximumBytes: Int64) async throws -> HTTPResponse {
        let empty = try TemporaryDirectory("split-encoding")
        let server = try await HostileHTTPServer.start(root: empty.url, answers: ["/coded": .headerLines(lines, body: body)])
        defer { server.stop(); empty.remove() }
        return try await URLSessionTransport().get(
            URL(string: server.url("/coded"))!, headers: [:], timeout: 30, maximumBytes: maximumBytes)
    }

    @Test func twoFieldsSpelledAlikeAreGzipTwiceAndRefused() async throws {
        let twice = try await Self.body("sys.stdout.buffer.write(gzip.compress(gzip.compress(bytes(range(256)) * 40)))")
        do {
            let response = try await get(["Content-Encoding: gzip", "Content-Encoding: gzip"], body: twice, maximumBytes: 4 << 20)
            Issue.record("expected encoding-refused, got \(response.statusCode) with \(response.body.count) bytes")
        } catch let error as HTTPTransportError {
            #expect(error.code == .encodingRefused, "\(error)")
            #expect(error.reason.contains("\"gzip, gzip\""), "\(error)")
        }
    }

    @Test func fieldsDifferingInCaseStillStopAtTheLimit() async throws {
        // 64 MiB of zeros, gzipped twice: a few KB on the wire.
        let bomb = try await Self.body("sys.stdout.buffer.write(gzip.compress(gzip.compress(bytes(64 << 20), 9), 9))")
        #expect(bomb.count < 100_000)
        do {
            let response = try await get(["Content-Encoding: gzip", "content-encoding: gzip"], body: bomb, maximumBytes: 4 << 20)
            Issue.record("expected a refusal, got \(response.statusCode) with \(response.body.count) bytes")
        } catch let error as HTTPTransportError {
            // Refused by the coding where the platform sees both fields, else by the limit on the decoded bytes.
            #expect([HTTPTransportError.Code.encodingRefused, .bodyTooLarge].contains(error.code), "\(error)")
        }
    }
}
