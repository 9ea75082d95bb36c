import Foundation

/// Runs standard tools (`python3`, `unzip`, `zip`, `sha256sum`, the built CLI) as the independent source of
/// expected values, keeping standard output as bytes (raw deflate streams and archives are binary);
/// ``ExternalTool`` is the text-oriented layer on top.
public enum ProcessRunner {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: Data
        public var stderr: Data
        public var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// ``runBlocking(_:stdin:in:environment:)`` on a thread of its own: the caller's task is suspended, never its
    /// thread, so a test that waits for a tool never holds a thread of the cooperative pool (two on a two-core
    /// machine) that other tests' tasks need.
    @discardableResult
    public static func run(
        _ arguments: [String], stdin: Data? = nil, in directory: URL? = nil, environment: [String: String]? = nil
    ) async throws -> Result {
        try await OwnThread.run { try runBlocking(arguments, stdin: stdin, in: directory, environment: environment) }
    }

    /// Runs `arguments` through `/usr/bin/env` (so `python3` resolves on PATH; absolute paths work too),
    /// optionally in `directory` and with `environment` replacing the process environment, blocking the calling
    /// thread until the tool exits: for threads of their own and short tools in synchronous contexts.
    @discardableResult
    public static func runBlocking(
        _ arguments: [String], stdin: Data? = nil, in directory: URL? = nil, environment: [String: String]? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let outPipe = Pipe()
        let errPipe = Pipe()
        let inPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = inPipe
        try process.run()
        // Drain stderr and feed stdin on their own threads so no pipe can fill up and deadlock the tool.
        let errorBox = DataBox()
        Thread { errorBox.set(errPipe.fileHandleForReading.readDataToEndOfFile()) }.start()
        let input = inPipe.fileHandleForWriting
        Thread {
            if let stdin { input.write(stdin) }
            try? input.close()
        }.start()
        let out = outPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorBox.isSet { usleep(1000) }
        return Result(status: process.terminationStatus, stdout: out, stderr: errorBox.value)
    }

    /// Runs Python 3 `script` with `arguments` as `sys.argv[1:]`; returns its stdout, failing unless it exits with 0.
    public static func python(_ script: String, _ arguments: [String] = [], stdin: Data? = nil) async throws -> Data {
        let result = try await run(["python3", "-c", script] + arguments, stdin: stdin)
        guard result.status == 0 else {
            throw Failure(description: "python3 failed: \(String(decoding: result.stderr, as: UTF8.self))")
        }
        return result.stdout
    }

    /// ``python(_:_:stdin:)``, blocking the calling thread.
    public static func pythonBlocking(_ script: String, _ arguments: [String] = [], stdin: Data? = nil) throws -> Data {
        let result = try runBlocking(["python3", "-c", script] + arguments, stdin: stdin)
        guard result.status == 0 else {
            throw Failure(description: "python3 failed: \(String(decoding: result.stderr, as: UTF8.self))")
        }
        return result.stdout
    }

    private final class DataBox: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        private var done = false
        func set(_ value: Data) { lock.lock(); data = value; done = true; lock.unlock() }
        var isSet: Bool { lock.lock(); defer { lock.unlock() }; return done }
        var value: Data { lock.lock(); defer { lock.unlock() }; return data }
    }
}
