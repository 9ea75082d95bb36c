import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizationsSync
import OTALocalizationsTooling

/// A small Python HTTP server on a loopback port it picks, started and stopped by the test.
final class LoopbackServer: @unchecked Sendable {
    let process = Process()
    let port: Int
    /// The server exits when this pipe closes: at deinit, or when the test process dies (no orphans).
    private let lifeline = Pipe()

    static let script = """
        import http.server, os, sys, threading, time
        threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
        BODY = bytes(range(256)) * 40          # 10,240 bytes
        class H(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def log_message(self, *a): pass
            def send(self, status, body=b"", headers=()):
                self.send_response(status)
                for k, v in headers: self.send_header(k, v)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def do_GET(self):
                if self.path == "/file":
                    if self.headers.get("If-None-Match") == '"v1"':
                        return self.send(304, headers=[("ETag", '"v1"')])
                    return self.send(200, BODY, [("ETag", '"v1"'), ("Cache-Control", "max-age=3600")])
                if self.path == "/chunked":
                    self.send_response(200)
                    self.send_header("Transfer-Encoding", "chunked")
                    self.end_headers()
                    for _ in range(64):
                        chunk = b"x" * 4096
                        self.wfile.write(b"%x\\r\\n" % len(chunk) + chunk + b"\\r\\n")
                    self.wfile.write(b"0\\r\\n\\r\\n")
                    return
                if self.path.startswith("/trickle"):
                    # One byte every 2 s of a 1,000-byte body: never idle long enough for a request timeout.
                    self.send_response(200)
                    self.send_header("Content-Length", "1000")
                    self.end_headers()
                    try:
                        for _ in range(1000):
                            self.wfile.write(b"x")
                            self.wfile.flush()
                            time.sleep(2)
                    except OSError:
                        pass
                    return
                if self.path == "/same-scheme":
                    return self.send(302, headers=[("Location", "/file")])
                if self.path == "/other-scheme":
                    return self.send(302, headers=[("Location", "ftp://127.0.0.1/file")])
                return self.send(404, b"not here")
        http.server.ThreadingHTTPServer.daemon_threads = True
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = lifeline
        try process.run()
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        port = Int(String(decoding: line, as: UTF8.self)) ?? 0
    }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    deinit {
        // SIGTERM may be blocked in a child spawned by Process, so the server is told to exit through stdin.
        try? lifeline.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

@Suite(.serialized) struct URLSessionTransportTests {
    let expectedBody = Data((0..<40).flatMap { _ in (0...255).map(UInt8.init) })

    @Test func getReturnsStatusBodyAndCaseInsensitiveETag() async throws {
        let server = try LoopbackServer()
        let response = try await URLSessionTransport().get(server.url("/file"), headers: [:], timeout: 10, maximumBytes: nil)
        #expect(response.statusCode == 200)
        #expect(response.body == expectedBody)
        #expect(response.value(forHeader: "ETag") == "\"v1\"")
    }

    @Test func ifNoneMatchReaches304EvenWithCacheHeaders() async throws {
        let server = try LoopbackServer()
        _ = try await URLSessionTransport().get(server.url("/file"), headers: [:], timeout: 10, maximumBytes: nil)
        let response = try await URLSessionTransport().get(
            server.url("/file"), headers: ["If-None-Match": "\"v1\""], timeout: 10, maximumBytes: nil)
        #expect(response.statusCode == 304)
        #expect(response.body.isEmpty)
    }

    /// Foundation on Linux turns the timeout into milliseconds in an `Int` and traps when that overflows.
    @Test(arguments: [TimeInterval.infinity, 1e16, 1e300])
    func aHugeOrInfiniteTimeoutIsCappedNotATrap(_ timeout: TimeInterval) async throws {
        let server = try LoopbackServer()
        let response = try await URLSessionTransport().get(server.url("/file"), headers: [:], timeout: timeout, maximumBytes: nil)
        #expect(response.body == expectedBody)
    }

    @Test func notFoundIsAResponseNotAnError() async throws {
        let server = try LoopbackServer()
        let response = try await URLSessionTransport().get(server.url("/nothing"), headers: [:], timeout: 10, maximumBytes: nil)
        #expect(response.statusCode == 404)
        #expect(response.body == Data("not here".utf8))
    }

    @Test func announcedLengthOverTheLimitFails() async throws {
        let server = try LoopbackServer()
        await #expect(throws: HTTPTransportError.self) {
            _ = try await URLSessionTransport().get(server.url("/file"), headers: [:], timeout: 10, maximumBytes: 1000)
        }
    }

    @Test func chunkedBodyOverTheLimitFailsWhileArriving() async throws {
        let server = try LoopbackServer()
        do {
            _ = try await URLSessionTransport().get(server.url("/chunked"), headers: [:], timeout: 10, maximumBytes: 10_000)
            Issue.record("expected bodyTooLarge")
        } catch let error as HTTPTransportError {
            #expect(error.code == .bodyTooLarge)
        }
        let whole = try await URLSessionTransport().get(server.url("/chunked"), headers: [:], timeout: 10, maximumBytes: nil)
        #expect(whole.body.count == 64 * 4096)
    }

    @Test func sameSchemeRedirectIsFollowed() async throws {
        let server = try LoopbackServer()
        let response = try await URLSessionTransport().get(server.url("/same-scheme"), headers: [:], timeout: 10, maximumBytes: nil)
        #expect(response.statusCode == 200)
        #expect(response.body == expectedBody)
    }

    @Test func redirectToAnotherSchemeIsRefused() async throws {
        let server = try LoopbackServer()
        do {
            let response = try await URLSessionTransport().get(server.url("/other-scheme"), headers: [:], timeout: 10, maximumBytes: nil)
            Issue.record("expected redirectRefused, got \(response.statusCode)")
        } catch let error as HTTPTransportError {
            #expect(error.code == .redirectRefused)
        }
    }
}

/// GETs cancelled at every moment of their start, and a server that trickles: every call returns.
@Suite(.serialized) struct URLSessionTransportCancellationTests {
    /// Set when a call has returned or thrown; polled, because awaiting a call that never returns would hang.
    final class Done: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    @Test(HangLimit.tenMinutes)
    func everyGETCancelledWithinItsFirstMicrosecondsReturns() async throws {
        let server = try LoopbackServer()
        let transport = URLSessionTransport()
        var generator = SystemRandomNumberGenerator()
        let rounds = 400
        let done = Done()
        for round in 0..<rounds {
            let task = Task {
                defer { done.add() }
                _ = try? await transport.get(server.url("/file"), headers: [:], timeout: 10, maximumBytes: nil)
            }
            // Cancel 0-400 µs after the call began: before, during and after the continuation is stored.
            let delay = UInt32.random(in: 0...400, using: &generator)
            if delay > 0 { usleep(delay) }
            task.cancel()
            // Every call ends promptly; a lost wake-up would leave this one waiting for ever.
            var waited = 0
            while done.value < round + 1, waited < 10_000 {
                try await Task.sleep(nanoseconds: 1_000_000)
                waited += 1
            }
            try #require(done.value == round + 1, "GET \(round), cancelled after \(delay) µs, never returned")
        }
    }

    @Test(HangLimit.tenMinutes)
    func theServiceEndsAGETThatTricklesAtTheRequestDeadline() async throws {
        let server = try LoopbackServer()
        let storage = try TemporaryDirectory("trickle")
        defer { storage.remove() }
        let recorder = OTALocalizationCycleReportRecorder()
        let service = OTALocalizationService(configuration: OTALocalizationServiceConfiguration(
            baseURL: server.url("/trickle"), appVersion: "1.0", storageRoot: storage.url, transport: URLSessionTransport(),
            requestTimeout: 30, maximumRequestSeconds: 3, reportHandler: recorder.record))
        let started = Date()
        await service.start()
        let seconds = Date().timeIntervalSince(started)
        #expect(recorder.latest?.manifest == .failed)
        #expect(recorder.latest?.error == "manifest download failed: timed-out: no complete response within 3 s (maximumRequestSeconds)")
        #expect(seconds >= 3 && seconds < 30, "ended by the deadline, not by the idle timeout (\(seconds) s)")
    }
}

