import Foundation
import OTALocalizationsTooling
import OTATestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real S3 API on a free 127.0.0.1 port (`moto_server` from PyPI's `moto[server]`, started by ``MotoLauncher`` so
/// that SSE-KMS objects get ETags that are not MD5s, as on S3), driven by the real AWS CLI (PyPI's `awscli`);
/// `Scripts/test` installs both under `.build/python/`.
///
/// Objects are served path-style at `http://127.0.0.1:<port>/<bucket>/<key>`. moto logs one line per request on
/// standard error (`"GET /bucket/key HTTP/1.1" 200 -`); ``requests()`` reads them. ``stop()`` (also on `deinit`)
/// ends the server.
///
/// One server serves a whole test run: ``S3IntegrationTests``' trait (``SharedMotoServer``) starts it before the first
/// S3 test and stops it after the last, and each test begins with ``session()``, which empties it (moto's
/// `POST /moto-api/reset`) and starts its request log afresh. Starting moto costs about a second of CPU.
final class MotoServer: @unchecked Sendable {
    struct Request: Equatable, CustomStringConvertible {
        var method: String
        var path: String
        var status: Int
        var description: String { "\(method) \(path) \(status)" }
    }

    /// `$OTA_TEST_AWS_CLI`, else `.build/python/awscli/bin/aws`.
    static var awsExecutable: String {
        ProcessInfo.processInfo.environment["OTA_TEST_AWS_CLI"].flatMap { $0.isEmpty ? nil : $0 }
            ?? TestPaths.packageRoot.appendingPathComponent(".build/python/awscli/bin/aws").path
    }

    /// `$OTA_TEST_MOTO_SERVER`, else `.build/python/moto/bin/moto_server`.
    static var motoExecutable: String {
        ProcessInfo.processInfo.environment["OTA_TEST_MOTO_SERVER"].flatMap { $0.isEmpty ? nil : $0 }
            ?? TestPaths.packageRoot.appendingPathComponent(".build/python/moto/bin/moto_server").path
    }

    /// The run's server, inside ``SharedMotoServer``'s scope.
    @TaskLocal static var shared: MotoServer?

    /// The run's server, emptied of every bucket, object and distribution, its request log starting now: what each S3
    /// test starts from.
    ///
    /// - Throws: when called outside ``S3IntegrationTests`` (no shared server), or when moto does not reset.
    static func session() async throws -> MotoServer {
        guard let server = shared else {
            throw ToolFailureText("no moto server: an S3 test belongs in S3IntegrationTests, whose trait starts one for the run")
        }
        let reset = try await ProcessRunner.run(["curl", "-s", "-f", "-X", "POST", "--max-time", "20", "\(server.endpoint)/moto-api/reset"])
        guard reset.status == 0 else { throw ToolFailureText("moto did not reset: curl exited \(reset.status)") }
        server.markLog()
        return server
    }

    let folder: TemporaryDirectory
    private let server: ServerProcess
    private let lock = NSLock()
    /// The log's length when the current test's session began: ``requests()`` reads what follows.
    private var logStart = 0
    var port: Int { server.port }

    var log: URL { folder.url.appendingPathComponent("moto.log") }
    var endpoint: String { "http://127.0.0.1:\(port)" }

    /// The environment for `aws` and for `ota-localizations publish`: fixed test credentials, this endpoint, and
    /// no user configuration files, so nothing on the machine can send a request elsewhere.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["AWS_ACCESS_KEY_ID"] = "testing"
        environment["AWS_SECRET_ACCESS_KEY"] = "testing"
        environment["AWS_DEFAULT_REGION"] = "us-east-1"
        environment["AWS_REGION"] = "us-east-1"
        environment["AWS_ENDPOINT_URL"] = endpoint
        environment["AWS_CONFIG_FILE"] = folder.url.appendingPathComponent("no-config").path
        environment["AWS_SHARED_CREDENTIALS_FILE"] = folder.url.appendingPathComponent("no-credentials").path
        environment.removeValue(forKey: "AWS_PROFILE")
        environment.removeValue(forKey: "AWS_SESSION_TOKEN")
        environment["OTA_AWS_CLI"] = Self.awsExecutable
        return environment
    }

    /// Starts moto; fails, saying to run `Scripts/test`, when the tools are not installed.
    init() throws {
        for tool in [Self.awsExecutable, Self.motoExecutable] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw ToolFailureText("\(tool) is missing: the S3 tests use the real AWS CLI and moto; run Scripts/test, which installs them under .build/python")
        }
        folder = try TemporaryDirectory("moto")
        do {
            server = try ServerProcess.start(attempts: 3, seconds: 30) { [folder] port in
                let process = Process()
                let command = try MotoLauncher.command(motoServer: Self.motoExecutable, port: port, folder: folder.url)
                process.executableURL = command.executable
                process.arguments = command.arguments
                _ = FileManager.default.createFile(atPath: folder.url.appendingPathComponent("moto.log").path, contents: nil)
                let handle = try FileHandle(forWritingTo: folder.url.appendingPathComponent("moto.log"))
                process.standardOutput = handle
                process.standardError = handle
                try process.run()
                return process
            } lastError: { [folder] in
                try? String(contentsOf: folder.url.appendingPathComponent("moto.log"), encoding: .utf8)
            }
        } catch {
            folder.remove()
            throw ToolFailureText("moto_server did not start: \(error)")
        }
    }

    deinit {
        stop()
        folder.remove()
    }

    /// The Werkzeug server stops on SIGINT (KeyboardInterrupt), not SIGTERM; SIGKILL if it does not within 5 s.
    func stop() {
        server.stop(with: SIGINT, seconds: 5)
    }

    /// Runs the real `aws` against this server.
    func aws(_ arguments: [String]) async throws -> ToolResult {
        try await ExternalTool.run(Self.awsExecutable, arguments, environment: environment)
    }

    /// `aws …` that must succeed; its standard output.
    @discardableResult
    func awsOK(_ arguments: [String]) async throws -> String {
        let result = try await aws(arguments)
        guard result.status == 0 else { throw ToolFailureText("aws \(arguments.joined(separator: " ")) failed: \(result.stderr)") }
        return result.stdout
    }

    /// Creates `bucket` and lets anyone `GET` its objects, as a bucket behind a public CDN origin would.
    func createPublicBucket(_ bucket: String) async throws {
        try await awsOK(["s3api", "create-bucket", "--bucket", bucket])
        let policy = """
            {"Version":"2012-10-17","Statement":[{"Sid":"PublicRead","Effect":"Allow","Principal":"*",\
            "Action":"s3:GetObject","Resource":"arn:aws:s3:::\(bucket)/*"}]}
            """
        try await awsOK(["s3api", "put-bucket-policy", "--bucket", bucket, "--policy", policy])
    }

    /// `head-object` as a JSON object.
    func head(_ bucket: String, _ key: String) async throws -> [String: Any] {
        let text = try await awsOK(["s3api", "head-object", "--bucket", bucket, "--key", key, "--output", "json"])
        return (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
    }

    /// Every object's size under `prefix`, by key, from `list-objects-v2`.
    func sizes(_ bucket: String, prefix: String) async throws -> [String: Int] {
        let text = try await awsOK(["s3api", "list-objects-v2", "--bucket", bucket, "--prefix", prefix, "--output", "json"])
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
              let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return [:] }
        var sizes: [String: Int] = [:]
        for case let entry as [String: Any] in object["Contents"] as? [Any] ?? [] {
            if let key = entry["Key"] as? String, let size = entry["Size"] as? Int { sizes[key] = size }
        }
        return sizes
    }

    /// An object's bytes as an anonymous HTTP client gets them (`curl`), or nil for a status other than 200.
    func get(_ bucket: String, _ key: String) async throws -> Data? {
        let result = try await ProcessRunner.run(["curl", "-s", "-f", "--max-time", "20", "\(endpoint)/\(bucket)/\(key)"])
        return result.status == 0 ? result.stdout : nil
    }

    private func markLog() {
        let length = (try? Data(contentsOf: log).count) ?? 0
        lock.withLock { logStart = length }
    }

    /// Every request moto logged since the current test's ``session()`` began, in order (terminal colour codes removed).
    func requests() -> [Request] {
        let start = lock.withLock { logStart }
        guard let data = try? Data(contentsOf: log), data.count >= start else { return [] }
        let text = String(decoding: data.dropFirst(start), as: UTF8.self)
        let pattern = try! NSRegularExpression(pattern: #""(?:\x1b\[[0-9;]*m)*([A-Z]+) (\S+) HTTP/[0-9.]+(?:\x1b\[[0-9;]*m)*" ([0-9]{3})"#)
        return text.split(separator: "\n").compactMap { line in
            let line = String(line)
            guard let match = pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
                  let method = Range(match.range(at: 1), in: line), let path = Range(match.range(at: 2), in: line),
                  let status = Range(match.range(at: 3), in: line) else { return nil }
            return Request(method: String(line[method]), path: String(line[path]), status: Int(line[status]) ?? 0)
        }
    }
}
