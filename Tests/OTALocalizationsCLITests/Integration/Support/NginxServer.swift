import Foundation
import OTALocalizationsTooling
import OTATestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real nginx on a free 127.0.0.1 port, with a configuration this helper writes into its own temporary folder.
///
/// Folder layout: `nginx.conf`, `nginx.pid`, `logs/access.log`, `logs/error.log`, `tmp/` (all nginx temp paths)
/// and `www/` (the document root, served with `etag on`). Locations:
/// - `/` serves `www/` as is;
/// - `/slow/` serves the same files at ``slowBytesPerSecond`` (`limit_rate`);
/// - `/gzip-slow/` serves them gzip-encoded (so without `Content-Length`) at ``slowBytesPerSecond``;
/// - `/trickle/` serves them at one byte per second (`limit_rate 1`): never idle long enough for a request timeout;
/// - `/moved/<path>` redirects (302) to `http://127.0.0.1:<port>/<path>`, `/to-https/<path>` to `https://...`;
/// - `/error/` answers every request with `return 500;`, `/forbidden/` with `return 403;`;
/// - `/nginx-status` is `stub_status` (not logged): its `Writing` count tells how many responses are in progress.
///
/// The access log's format is `$request_method $uri $status $body_bytes_sent "$http_if_none_match"` (JSON
/// escaping), one line per finished request; nginx writes a line when the response has been sent or the client
/// went away. ``stop()`` sends `SIGQUIT` (graceful, bounded by `worker_shutdown_timeout`) and waits; it runs
/// on `deinit` too, so the server never outlives its test.
final class NginxServer: @unchecked Sendable {
    /// One access-log line.
    struct Request: Equatable, CustomStringConvertible {
        var method: String
        var uri: String
        var status: Int
        var bodyBytes: Int
        /// The `If-None-Match` header sent, or nil.
        var ifNoneMatch: String?

        var description: String { "\(method) \(uri) \(status) \(bodyBytes) \(ifNoneMatch ?? "-")" }
    }

    /// Debian's nginx, else Homebrew's (Apple silicon, then Intel).
    static let executable = ["/usr/sbin/nginx", "/opt/homebrew/bin/nginx", "/usr/local/bin/nginx"]
        .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/sbin/nginx"

    let folder: TemporaryDirectory
    let slowBytesPerSecond: Int
    private let server: ServerProcess
    private let lock = NSLock()
    private var publishCount = 0
    var port: Int { server.port }

    var webRoot: URL { folder.url.appendingPathComponent("www", isDirectory: true) }
    var accessLog: URL { folder.url.appendingPathComponent("logs/access.log") }
    /// Each request's `User-Agent`, one a line.
    var userAgentLog: URL { folder.url.appendingPathComponent("logs/user-agents.log") }
    /// `http://127.0.0.1:<port>/`.
    var baseURL: String { "http://127.0.0.1:\(port)/" }
    /// The same files at ``slowBytesPerSecond``.
    var slowBaseURL: String { "http://127.0.0.1:\(port)/slow/" }
    /// The same files gzip-encoded, chunked (no `Content-Length`), at ``slowBytesPerSecond``.
    var gzipSlowBaseURL: String { "http://127.0.0.1:\(port)/gzip-slow/" }
    /// The same files without an `ETag` header (`etag off`), as some hosts serve them.
    var noETagBaseURL: String { "http://127.0.0.1:\(port)/no-etag/" }
    /// Every request answered 500.
    var errorBaseURL: String { "http://127.0.0.1:\(port)/error/" }
    /// Every request answered 403, as a bucket that refuses anonymous reads does.
    var forbiddenBaseURL: String { "http://127.0.0.1:\(port)/forbidden/" }
    /// The same files at one byte per second.
    var trickleBaseURL: String { "http://127.0.0.1:\(port)/trickle/" }

    /// Writes the configuration and starts nginx; returns once the port accepts connections.
    ///
    /// - Parameters:
    ///   - slowBytesPerSecond: the `limit_rate` of `/slow/`.
    ///   - extraLocations: `location` blocks added to the server as given (docs/hosting.md's, for example).
    init(slowBytesPerSecond: Int = 1024, extraLocations: String = "") throws {
        Self.stopOrphans()
        folder = try TemporaryDirectory("nginx")
        self.slowBytesPerSecond = slowBytesPerSecond
        let fileManager = FileManager.default
        for sub in ["www", "logs", "tmp"] {
            try fileManager.createDirectory(at: folder.url.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        // Workers must be able to read the test's files; under root they would otherwise run as nobody.
        try fileManager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        do {
            server = try ServerProcess.start(attempts: 5, seconds: 5) { [folder] port in
                try Self.configuration(folder: folder.url, port: port, slowBytesPerSecond: slowBytesPerSecond, extraLocations: extraLocations)
                    .write(to: folder.url.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
                let process = Process()
                process.executableURL = URL(fileURLWithPath: Self.executable)
                process.arguments = ["-c", folder.url.appendingPathComponent("nginx.conf").path, "-p", folder.path + "/"]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                return process
            } lastError: { [folder] in
                try? String(contentsOf: folder.url.appendingPathComponent("logs/error.log"), encoding: .utf8)
            }
        } catch {
            folder.remove()
            throw ToolFailureText("nginx did not start: \(error)")
        }
    }

    deinit {
        stop()
        folder.remove()
    }

    /// Stops nginx (`SIGQUIT`, graceful, then waits for the master to exit; SIGKILL after 10 s). Calling it again
    /// does nothing.
    func stop() {
        server.stop(with: SIGQUIT, seconds: 10)
    }

    /// Stops nginx masters left by an earlier test process that died before ``stop()`` (killed, or cut off by a
    /// closed output pipe): each `ota-tests-nginx-*` folder whose `nginx.pid` names a process adopted by init
    /// (parent 1) that runs with that folder's `nginx.conf`. Linux only (`/proc`); elsewhere it does nothing.
    private static func stopOrphans() {
        let fileManager = FileManager.default
        let temporary = fileManager.temporaryDirectory
        for name in (try? fileManager.contentsOfDirectory(atPath: temporary.path)) ?? [] where name.hasPrefix("ota-tests-nginx-") {
            let folder = temporary.appendingPathComponent(name)
            guard let text = try? String(contentsOf: folder.appendingPathComponent("nginx.pid"), encoding: .utf8),
                  let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 1,
                  let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                  status.split(separator: "\n").contains("PPid:\t1"),
                  let command = fileManager.contents(atPath: "/proc/\(pid)/cmdline"),
                  String(decoding: command, as: UTF8.self).contains(folder.appendingPathComponent("nginx.conf").path)
            else { continue }
            kill(pid, SIGQUIT)
            _ = wait(upTo: 5) { kill(pid, 0) != 0 }
            try? fileManager.removeItem(at: folder)
        }
    }

    /// Copies `source`'s contents (for example a packager output folder) into the document root, or into its
    /// `prefix` folder.
    ///
    /// nginx's ETag is `"<mtime hex>-<size hex>"`: a manifest re-published within the same second with the same
    /// size would keep its ETag and be answered 304. So every file copied here gets a modification time one
    /// second later than the previous publish's, as a publish at least a second apart would.
    func publish(_ source: URL, under prefix: String = "") throws {
        let fileManager = FileManager.default
        lock.lock()
        publishCount += 1
        let date = Date(timeIntervalSince1970: 1_780_000_000 + TimeInterval(publishCount))
        lock.unlock()
        let enumerator = fileManager.enumerator(atPath: source.path)
        var files: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: source.appendingPathComponent(relative).path, isDirectory: &isDirectory),
               !isDirectory.boolValue {
                files.append(relative)
            }
        }
        for relative in files {
            let target = webRoot.appendingPathComponent(prefix).appendingPathComponent(relative)
            try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? fileManager.removeItem(at: target)
            try fileManager.copyItem(at: source.appendingPathComponent(relative), to: target)
            try fileManager.setAttributes([.modificationDate: date], ofItemAtPath: target.path)
        }
    }

    /// Every access-log line so far.
    func requests() -> [Request] {
        guard let text = try? String(contentsOf: accessLog, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap(Self.parse)
    }

    /// The `User-Agent` of every request so far, in order.
    func userAgents() -> [String] {
        guard let text = try? String(contentsOf: userAgentLog, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init)
    }

    /// Responses in progress now (`stub_status` "Writing", minus the status request itself).
    func responsesInProgress() -> Int {
        guard let url = URL(string: "http://127.0.0.1:\(port)/nginx-status"),
              let result = try? ExternalTool.runBlocking("curl", ["-s", "--max-time", "5", url.absoluteString]),
              let range = result.stdout.range(of: "Writing: ")
        else { return 0 }
        let digits = result.stdout[range.upperBound...].prefix { $0.isNumber }
        return max(0, (Int(digits) ?? 0) - 1)
    }

    /// Polls `condition` every `interval` seconds (default 20 ms) until it holds or `seconds` pass; returns whether it held.
    @discardableResult
    static func wait(upTo seconds: Double, interval: Double = 0.02, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(UInt32(interval * 1_000_000))
        }
        return condition()
    }

    private static func parse(_ line: Substring) -> Request? {
        // GET /1.0.0/manifest.json 304 0 "\"6b0d0073-414\""; $uri is decoded, so it may contain spaces.
        guard let quote = line.range(of: " \"", options: .backwards) else { return nil }
        let words = line[..<quote.lowerBound].split(separator: " ", omittingEmptySubsequences: false)
        guard words.count >= 4, let status = Int(words[words.count - 2]), let bytes = Int(words[words.count - 1]) else { return nil }
        var header = String(line[line.index(after: quote.lowerBound)...])
        guard header.hasPrefix("\""), header.hasSuffix("\""), header.count >= 2 else { return nil }
        header = String(header.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
        return Request(method: String(words[0]), uri: words[1..<(words.count - 2)].joined(separator: " "), status: status,
                       bodyBytes: bytes, ifNoneMatch: header.isEmpty ? nil : header)
    }

    private static func configuration(folder: URL, port: Int, slowBytesPerSecond: Int, extraLocations: String) -> String {
        let dir = folder.path
        let user = getuid() == 0 ? "user root root;\n" : ""
        return """
            daemon off;
            \(user)worker_processes 1;
            worker_shutdown_timeout 2s;
            pid \(dir)/nginx.pid;
            error_log \(dir)/logs/error.log;
            events { worker_connections 256; }
            http {
                log_format ota escape=json '$request_method $uri $status $body_bytes_sent "$http_if_none_match"';
                access_log \(dir)/logs/access.log ota;
                log_format agents escape=json '$http_user_agent';
                access_log \(dir)/logs/user-agents.log agents;
                client_body_temp_path \(dir)/tmp/client_body;
                proxy_temp_path \(dir)/tmp/proxy;
                fastcgi_temp_path \(dir)/tmp/fastcgi;
                uwsgi_temp_path \(dir)/tmp/uwsgi;
                scgi_temp_path \(dir)/tmp/scgi;
                types { application/json json; application/zip zip; }
                default_type application/octet-stream;
                server {
                    listen 127.0.0.1:\(port);
                    root \(dir)/www;
                    etag on;
                    location /slow/ {
                        alias \(dir)/www/;
                        limit_rate \(slowBytesPerSecond);
                    }
                    location /trickle/ {
                        alias \(dir)/www/;
                        limit_rate 1;
                    }
                    location /forbidden/ {
                        return 403;
                    }
                    location /no-etag/ {
                        alias \(dir)/www/;
                        etag off;
                    }
                    location /gzip-slow/ {
                        alias \(dir)/www/;
                        gzip on;
                        gzip_types application/zip application/json;
                        gzip_min_length 1;
                        limit_rate \(slowBytesPerSecond);
                    }
                    location ~ ^/moved/(.*)$ {
                        return 302 http://127.0.0.1:\(port)/$1;
                    }
                    location ~ ^/to-https/(.*)$ {
                        return 302 https://127.0.0.1:\(port)/$1;
                    }
                    location /error/ {
                        return 500;
                    }
                    location = /nginx-status {
                        stub_status;
                        access_log off;
                    }
                    \(extraLocations)
                }
            }

            """
    }
}
