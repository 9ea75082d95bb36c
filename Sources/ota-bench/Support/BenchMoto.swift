import Foundation
import OTALocalizationsTooling

/// moto's S3 API server (PyPI's `moto[server]`) on a free 127.0.0.1 port, and the real AWS CLI pointed at it, for the
/// publish figures; the tools `Scripts/test` installs under `.build/python/` (or `$OTA_TEST_MOTO_SERVER` and
/// `$OTA_TEST_AWS_CLI`).
final class BenchMoto {
    let port: Int
    let folder: URL
    private let process: Process

    static var awsExecutable: String {
        tool("OTA_TEST_AWS_CLI", ".build/python/awscli/bin/aws")
    }

    static var motoExecutable: String {
        tool("OTA_TEST_MOTO_SERVER", ".build/python/moto/bin/moto_server")
    }

    private static func tool(_ variable: String, _ path: String) -> String {
        ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
            ?? BenchPaths.packageRoot.appendingPathComponent(path).path
    }

    /// Why the figures cannot be measured here, or nil.
    static var missing: String? {
        for tool in [awsExecutable, motoExecutable] where !FileManager.default.isExecutableFile(atPath: tool) {
            return "\(tool) is missing (Scripts/test installs the AWS CLI and moto under .build/python)"
        }
        return nil
    }

    /// Fixed test credentials, this server as the endpoint, no user configuration, `OTA_AWS_CLI` for `publish`.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["AWS_ACCESS_KEY_ID"] = "testing"
        environment["AWS_SECRET_ACCESS_KEY"] = "testing"
        environment["AWS_DEFAULT_REGION"] = "us-east-1"
        environment["AWS_ENDPOINT_URL"] = "http://127.0.0.1:\(port)"
        environment["AWS_CONFIG_FILE"] = folder.appendingPathComponent("no-config").path
        environment["AWS_SHARED_CREDENTIALS_FILE"] = folder.appendingPathComponent("no-credentials").path
        environment.removeValue(forKey: "AWS_PROFILE")
        environment["OTA_AWS_CLI"] = Self.awsExecutable
        return environment
    }

    init() throws {
        folder = try Fixtures.temporaryFolder("moto")
        let port = try LoopbackSocket.freePort()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.motoExecutable)
        process.arguments = ["-H", "127.0.0.1", "-p", String(port)]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<600 where process.isRunning && !LoopbackSocket.accepts(port: port) { usleep(50_000) }
        guard process.isRunning, LoopbackSocket.accepts(port: port) else {
            if process.isRunning { process.terminate() }
            throw BenchError("moto_server did not start")
        }
        self.port = port
        self.process = process
    }

    /// SIGINT (the Werkzeug server stops on KeyboardInterrupt), then SIGKILL if it is still running after 5 s.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGINT) }
        for _ in 0..<100 where process.isRunning { usleep(50_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `aws <arguments>` against this server and returns its duration in seconds.
    @discardableResult
    func aws(_ arguments: [String]) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.awsExecutable)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let seconds = try Stopwatch.seconds {
            try process.run()
            process.waitUntilExit()
        }
        guard process.terminationStatus == 0 else { throw BenchError("aws \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)") }
        return seconds
    }
}
