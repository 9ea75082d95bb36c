import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizationsSync

/// `Content-Encoding` through ``URLSessionTransport``: asked for as gzip only, gzip decoded and counted decoded
/// against the limit as it arrives, every other coding refused. Bodies made by Python's `gzip` and `zlib`.
@Suite(.serialized) struct URLSessionTransportEncodingTests {
    /// 10,240 bytes, and the same gzipped by Python.
    private static let plain = Data((0..<40).flatMap { _ in (0...255).map(UInt8.init) })

    private static func gzipped() async throws -> Data {
        try await ProcessRunner.python("import gzip, sys; sys.stdout.buffer.write(gzip.compress(bytes(range(256)) * 40))")
    }

    private static func server(_ answers: [String: HostileHTTPServer.Answer]) async throws -> (HostileHTTPServer, TemporaryDirectory) {
        let empty = try TemporaryDirectory("encoding")
        return (try await HostileHTTPServer.start(root: empty.url, answers: answers), empty)
    }

    private func get(_ server: HostileHTTPServer, _ path: String, maximumBytes: Int64?) async throws -> HTTPResponse {
        try await URLSessionTransport().get(URL(string: server.url(path))!, headers: [:], timeout: 30, maximumBytes: maximumBytes)
    }

    @Test func requestsAskForGzipOrNothing() async throws {
        let (server, folder) = try await Self.server(["/echo": .echoHeader("Accept-Encoding")])
        defer { server.stop(); folder.remove() }

        let response = try await get(server, "/echo", maximumBytes: nil)

        #expect(String(decoding: response.body, as: UTF8.self) == "gzip")
    }

    @Test func aGzipBodyIsDecodedAndItsLimitHoldsOnTheDecodedBytes() async throws {
        let gzipped = try await Self.gzipped()
        let (server, folder) = try await Self.server(["/gzip": .encoded("gzip", body: gzipped), "/x-gzip": .encoded("X-GZIP", body: gzipped)])
        defer { server.stop(); folder.remove() }

        for path in ["/gzip", "/x-gzip"] {
            #expect(try await get(server, path, maximumBytes: Int64(Self.plain.count)).body == Self.plain, "\(path)")
            // The wire carries far fewer bytes than the limit; the decoded body is one byte over it.
            #expect(Int64(gzipped.count) < Int64(Self.plain.count - 1))
            do {
                _ = try await get(server, path, maximumBytes: Int64(Self.plain.count - 1))
                Issue.record("\(path): expected body-too-large")
            } catch let error as HTTPTransportError {
                #expect(error.code == .bodyTooLarge, "\(path): \(error)")
            }
        }
    }

    @Test func aGzipBombFailsAtTheLimit() async throws {
        let (server, folder) = try await Self.server(["/bomb": .gzipBomb(decodedBytes: 256 << 20)])
        defer { server.stop(); folder.remove() }

        do {
            _ = try await get(server, "/bomb", maximumBytes: 4 << 20)
            Issue.record("expected body-too-large")
        } catch let error as HTTPTransportError {
            #expect(error == HTTPTransportError(code: .bodyTooLarge, reason: "body is over the limit of 4194304 bytes"))
        }
    }

    /// The published files use gzip or nothing (docs/hosting.md); a host that sends another coding, or gzip twice,
    /// is refused before its body is read. Each body is a valid stream of its coding where Python can make one.
    @Test(arguments: ["br", "zstd", "deflate", "compress", "gzip, gzip", "gzip, identity", "x-unknown"])
    func aCodingThePublishedFilesNeverUseIsRefused(_ coding: String) async throws {
        let body = try await ProcessRunner.python("""
            import gzip, sys, zlib
            coding = sys.argv[1]
            data = bytes(range(256)) * 40
            if coding == "deflate": data = zlib.compress(data)
            elif coding.startswith("gzip"): data = gzip.compress(gzip.compress(data) if coding == "gzip, gzip" else data)
            sys.stdout.buffer.write(data)
            """, [coding])
        let (server, folder) = try await Self.server(["/coded": .encoded(coding, body: body)])
        defer { server.stop(); folder.remove() }

        do {
            let response = try await get(server, "/coded", maximumBytes: 4 << 20)
            Issue.record("\(coding): expected encoding-refused, got \(response.statusCode) with \(response.body.count) bytes")
        } catch let error as HTTPTransportError {
            #expect(error.code == HTTPTransportError.Code(rawValue: "encoding-refused"), "\(coding): \(error)")
            #expect(error.reason == "Content-Encoding \"\(coding)\" is not one the published files use (gzip or none)")
        }
    }
}
