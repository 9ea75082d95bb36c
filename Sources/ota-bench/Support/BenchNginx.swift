import Foundation
import OTALocalizationsTooling

/// An nginx the bench starts on a free 127.0.0.1 port, serving `root` with ETags and logging every request as
/// `$uri $status $body_bytes_sent`; the integration tests' idea, sharing their
/// `LoopbackSocket` (OTALocalizationsTooling).
final class BenchNginx {
    /// One access-log line.
    struct Request: Sendable {
        var uri: String
        var status: Int
        var bytes: Int
    }

    static let candidates = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"]

    let folder: URL
    let port: Int
    private let process: Process

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }
    var accessLog: URL { folder.appendingPathComponent("access.log") }

    /// The nginx executable, or nil when it is not installed.
    static var executable: String? { candidates.first { FileManager.default.isExecutableFile(atPath: $0) } }

    /// Writes `nginx.conf` into a temporary folder and starts nginx in the foreground; returns when the port accepts.
    init(root: URL) throws {
        guard let executable = Self.executable else { throw BenchError("nginx is not installed (apt-get install -y nginx)") }
        folder = try Fixtures.temporaryFolder("nginx")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        var lastError = "nginx did not start"
        for _ in 0..<5 {
            let port = try LoopbackSocket.freePort()
            let user = getuid() == 0 ? "user root root;\n" : ""
            let dir = folder.path
            let configuration = """
                daemon off;
                \(user)worker_processes 1;
                worker_shutdown_timeout 2s;
                pid \(dir)/nginx.pid;
                error_log \(dir)/error.log;
                events { worker_connections 256; }
                http {
                    log_format bench '$uri $status $body_bytes_sent';
                    access_log \(dir)/access.log bench;
                    client_body_temp_path \(dir)/t1; proxy_temp_path \(dir)/t2; fastcgi_temp_path \(dir)/t3;
                    uwsgi_temp_path \(dir)/t4; scgi_temp_path \(dir)/t5;
                    types { application/json json; application/zip zip; }
                    default_type application/octet-stream;
                    server { listen 127.0.0.1:\(port); root \(root.path); etag on; }
                }

                """
            try Data(configuration.utf8).write(to: folder.appendingPathComponent("nginx.conf"))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["-c", folder.appendingPathComponent("nginx.conf").path, "-p", dir + "/"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            for _ in 0..<500 where process.isRunning && !LoopbackSocket.accepts(port: port) { usleep(10_000) }
            if process.isRunning && LoopbackSocket.accepts(port: port) {
                self.port = port
                self.process = process
                return
            }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            lastError = (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? lastError
        }
        try? FileManager.default.removeItem(at: folder)
        throw BenchError("nginx did not start: \(lastError.suffix(300))")
    }

    /// Stops nginx (SIGQUIT, then waits) and removes its folder.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGQUIT) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Every access-log line so far.
    func requests() -> [Request] {
        let text = (try? String(contentsOf: accessLog, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 3, let status = Int(words[words.count - 2]), let bytes = Int(words[words.count - 1])
            else { return nil }
            return Request(uri: words.dropLast(2).joined(separator: " "), status: status, bytes: bytes)
        }
    }

    /// The requests logged after the first `count`, once the log has settled (nginx logs when a response ends).
    func requests(after count: Int) -> [Request] {
        var previous = -1
        var lines = requests()
        for _ in 0..<20 where lines.count != previous {
            previous = lines.count
            usleep(20_000)
            lines = requests()
        }
        return Array(lines.dropFirst(count))
    }
}
