import Foundation

/// A small Python HTTP server on a loopback port it picks, serving a folder as it is except for the paths given a
/// hostile answer: the shapes nginx cannot serve (a gzip bomb under a fixed `Content-Encoding`, a trickle, a body
/// far longer than any limit, streamed without being stored anywhere).
///
/// Started and stopped by the test; the server exits when its standard input closes (at ``stop()``, at deinit, or
/// when the test process dies), so no server outlives its test.
public final class HostileHTTPServer: @unchecked Sendable {
    /// What the server answers for one path.
    public enum Answer: Sendable {
        /// `200` with `Content-Encoding: gzip` and a `Content-Length`: one gzip member (RFC 1952, zlib level 6) of
        /// `decodedBytes` zero bytes; 256 MiB take 261 KB on the wire.
        case gzipBomb(decodedBytes: Int)
        /// `200` with `Transfer-Encoding: chunked` and no `Content-Length`: `bytes` bytes of `x`.
        case chunked(bytes: Int)
        /// `200` with `Content-Length: <bytes>`: `bytes` bytes of `x`, generated as they are sent.
        case long(bytes: Int)
        /// `200` with `Content-Length: 1000`, one byte every `secondsPerByte`: never idle long enough for an idle timeout.
        case trickle(secondsPerByte: Double)
        /// `200` with this `Content-Encoding` and `body` as it is.
        case encoded(String, body: Data)
        /// `200` whose body is the value of the request's header `name` (empty when it has none).
        case echoHeader(String)
        /// `200` with these header lines sent as they are (`Name: value`, the name's case kept; several may share a
        /// name), a `Content-Length`, and `body` as it is.
        case headerLines([String], body: Data)
        /// `302` to `/elsewhere` with a chunked body that never ends (FoundationNetworking reads a redirect's body
        /// whole before it follows it).
        case endlessRedirect

        var json: [String: Any] {
            switch self {
            case .gzipBomb(let bytes): ["kind": "gzip-bomb", "bytes": bytes]
            case .chunked(let bytes): ["kind": "chunked", "bytes": bytes]
            case .long(let bytes): ["kind": "long", "bytes": bytes]
            case .trickle(let seconds): ["kind": "trickle", "seconds": seconds]
            case .encoded(let encoding, let body):
                ["kind": "encoded", "encoding": encoding, "hex": body.map { String(format: "%02x", $0) }.joined()]
            case .echoHeader(let name): ["kind": "echo", "header": name]
            case .headerLines(let lines, let body):
                ["kind": "lines", "lines": lines, "hex": body.map { String(format: "%02x", $0) }.joined()]
            case .endlessRedirect: ["kind": "endless-redirect"]
            }
        }
    }

    static let script = """
        import http.server, json, os, sys, threading, time, zlib
        threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
        ROOT, ANSWERS = sys.argv[1], json.loads(sys.argv[2])
        BOMBS = {}
        def bomb(size):
            if size not in BOMBS:
                c, block, parts, left = zlib.compressobj(6, zlib.DEFLATED, 31), b"\\0" * (1 << 20), [], size
                while left > 0:
                    parts.append(c.compress(block[:min(left, len(block))]))
                    left -= len(block)
                BOMBS[size] = b"".join(parts) + c.flush()
            return BOMBS[size]
        for answer in ANSWERS.values():
            if answer["kind"] == "gzip-bomb": bomb(answer["bytes"])
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def log_message(self, *args): pass
            def head(self, status, headers):
                self.send_response(status)
                for name, value in headers: self.send_header(name, value)
                self.end_headers()
            def stream(self, size, chunked):
                block = b"x" * 65536
                while size > 0:
                    piece = block[:min(size, len(block))]
                    size -= len(piece)
                    self.wfile.write(b"%x\\r\\n%s\\r\\n" % (len(piece), piece) if chunked else piece)
                if chunked: self.wfile.write(b"0\\r\\n\\r\\n")
            def do_GET(self):
                path = self.path.split("?")[0]
                answer = ANSWERS.get(path)
                try:
                    if answer is None:
                        file = os.path.join(ROOT, path.lstrip("/"))
                        if not os.path.isfile(file):
                            return self.head(404, [("Content-Length", "0")])
                        body = open(file, "rb").read()
                        self.head(200, [("Content-Length", str(len(body)))])
                        return self.wfile.write(body)
                    kind = answer["kind"]
                    if kind == "gzip-bomb":
                        body = bomb(answer["bytes"])
                        self.head(200, [("Content-Encoding", "gzip"), ("Content-Length", str(len(body)))])
                        self.wfile.write(body)
                    elif kind == "chunked":
                        self.head(200, [("Transfer-Encoding", "chunked")])
                        self.stream(answer["bytes"], True)
                    elif kind == "long":
                        self.head(200, [("Content-Length", str(answer["bytes"]))])
                        self.stream(answer["bytes"], False)
                    elif kind == "trickle":
                        self.head(200, [("Content-Length", "1000")])
                        for _ in range(1000):
                            self.wfile.write(b"x")
                            self.wfile.flush()
                            time.sleep(answer["seconds"])
                    elif kind == "encoded":
                        body = bytes.fromhex(answer["hex"])
                        self.head(200, [("Content-Encoding", answer["encoding"]), ("Content-Length", str(len(body)))])
                        self.wfile.write(body)
                    elif kind == "lines":
                        body = bytes.fromhex(answer["hex"])
                        head = b"HTTP/1.1 200 OK\\r\\n" + b"".join(line.encode() + b"\\r\\n" for line in answer["lines"])
                        self.wfile.write(head + b"Content-Length: %d\\r\\n\\r\\n" % len(body) + body)
                    elif kind == "endless-redirect":
                        self.head(302, [("Location", "/elsewhere"), ("Transfer-Encoding", "chunked")])
                        block = b"y" * 65536
                        while True:
                            self.wfile.write(b"%x\\r\\n%s\\r\\n" % (len(block), block))
                    elif kind == "echo":
                        body = (self.headers.get(answer["header"]) or "").encode()
                        self.head(200, [("Content-Length", str(len(body)))])
                        self.wfile.write(body)
                except OSError:
                    pass
        http.server.ThreadingHTTPServer.daemon_threads = True
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    private let process = Process()
    private let lifeline = Pipe()
    /// The loopback port the server listens on.
    public private(set) var port = 0

    private init() {}

    /// Starts a server for `root` (files under it are served at their relative paths) with `answers` by path
    /// (`/1.0/index.json`); returns once it listens. Gzip bombs are made before that.
    public static func start(root: URL, answers: [String: Answer]) async throws -> HostileHTTPServer {
        let server = HostileHTTPServer()
        let plan = try JSONSerialization.data(withJSONObject: answers.mapValues(\.json), options: [.sortedKeys])
        server.process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.process.arguments = ["python3", "-c", script, root.path, String(decoding: plan, as: UTF8.self)]
        let output = Pipe()
        server.process.standardOutput = output
        server.process.standardInput = server.lifeline
        // A client that stops reading (the point of most answers) makes Python print a traceback per request.
        server.process.standardError = FileHandle.nullDevice
        try server.process.run()
        let handle = UncheckedBox(output.fileHandleForReading)
        let line = await OwnThread.run { () -> Data in
            var line = Data()
            while true {
                let byte = handle.value.readData(ofLength: 1)
                if byte.isEmpty || byte == Data("\n".utf8) { return line }
                line.append(byte)
            }
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            server.stop()
            throw ToolFailure(message: "the hostile HTTP server did not start")
        }
        server.port = port
        return server
    }

    /// `http://127.0.0.1:<port>` followed by `path`.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Tells the server to exit (through its standard input) and waits for it.
    public func stop() {
        try? lifeline.fileHandleForWriting.close()
        if process.isRunning { process.waitUntilExit() }
    }

    deinit { stop() }
}
