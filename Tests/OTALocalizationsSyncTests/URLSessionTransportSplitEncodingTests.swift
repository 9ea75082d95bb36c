import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizationsSync

/// A `Content-Encoding` sent as several header fields whose names differ only in case (HTTP field names are
/// case-insensitive, RFC 9110 section 5.1, and several fields of one name are one list, section 5.3): the codings of
/// every field count, so a coding the published files never use, or gzip twice, is refused whichever field holds it.
@Suite(.serialized) struct URLSessionTransportSplitEncodingTests {
    /// Each pair is sent with the values both ways round, so whichever field a single lookup returns, one of them
    /// holds the other coding; gzip in both fields is gzip applied twice.
    static let cases: [(lines: [String], coding: String)] = [
        (["Content-Encoding: gzip", "content-encoding: gzip"], "gzip, gzip"),
        (["Content-Encoding: identity", "content-encoding: deflate"], "deflate"),
        (["Content-Encoding: deflate", "content-encoding: identity"], "deflate"),
        (["Content-Encoding: identity", "content-encoding: gzip"], "gzip"),
        (["Content-Encoding: gzip", "content-encoding: identity"], "gzip"),
    ]

    @Test(arguments: 0..<5)
    func everyFieldOfTheNameCounts(_ index: Int) async throws {
        let (lines, coding) = Self.cases[index]
        let body = try await ProcessRunner.python("""
            import gzip, sys, zlib
            data = bytes(range(256)) * 40
            coding = sys.argv[1]
            if coding == "deflate": data = zlib.compress(data)
            elif coding == "gzip": data = gzip.compress(data)
            elif coding == "gzip, gzip": data = gzip.compress(gzip.compress(data))
            sys.stdout.buffer.write(data)
            """, [coding])
        let empty = try TemporaryDirectory("split-encoding")
        let server = try await HostileHTTPServer.start(root: empty.url, answers: ["/coded": .headerLines(lines, body: body)])
        defer { server.stop(); empty.remove() }

        do {
            let response = try await URLSessionTransport().get(
                URL(string: server.url("/coded"))!, headers: [:], timeout: 30, maximumBytes: 4 << 20)
            Issue.record("\(lines): expected encoding-refused, got \(response.statusCode) with \(response.body.count) bytes")
        } catch let error as HTTPTransportError {
            #expect(error.code == HTTPTransportError.Code(rawValue: "encoding-refused"), "\(lines): \(error)")
        }
    }
}
