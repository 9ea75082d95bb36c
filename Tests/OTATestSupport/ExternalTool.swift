import Foundation

/// Runs an independent tool (python3, unzip, sha256sum, the built CLI) and captures what it printed.
public struct ToolResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

public enum ExternalTool {
    /// Runs `executable` (a path, or a name looked up in PATH) with `arguments`; output decoded as UTF-8. The wait
    /// happens on a thread of its own (``ProcessRunner/run(_:stdin:in:environment:)``), never on the caller's.
    public static func run(
        _ executable: String, _ arguments: [String], currentDirectory: URL? = nil,
        environment: [String: String]? = nil, stdin: Data? = nil
    ) async throws -> ToolResult {
        text(try await ProcessRunner.run([executable] + arguments, stdin: stdin, in: currentDirectory, environment: environment))
    }

    /// ``run(_:_:currentDirectory:environment:stdin:)``, blocking the calling thread: for short tools in synchronous
    /// contexts.
    public static func runBlocking(
        _ executable: String, _ arguments: [String], currentDirectory: URL? = nil,
        environment: [String: String]? = nil, stdin: Data? = nil
    ) throws -> ToolResult {
        text(try ProcessRunner.runBlocking([executable] + arguments, stdin: stdin, in: currentDirectory, environment: environment))
    }

    /// Runs Python 3 code with arguments available as `sys.argv[1:]`; returns stdout, failing on a non-zero exit.
    public static func python(_ code: String, _ arguments: [String] = []) async throws -> String {
        try succeeded(try await run("python3", ["-c", code] + arguments), "python3")
    }

    /// ``python(_:_:)``, blocking the calling thread.
    public static func pythonBlocking(_ code: String, _ arguments: [String] = []) throws -> String {
        try succeeded(try runBlocking("python3", ["-c", code] + arguments), "python3")
    }

    /// `sha256sum <file>`'s hex digest: an independent hash for tests.
    public static func sha256sum(_ file: URL) async throws -> String {
        try digest(try await run("sha256sum", [file.path]))
    }

    /// ``sha256sum(_:)``, blocking the calling thread.
    public static func sha256sumBlocking(_ file: URL) throws -> String {
        try digest(try runBlocking("sha256sum", [file.path]))
    }

    private static func text(_ result: ProcessRunner.Result) -> ToolResult {
        ToolResult(
            status: result.status,
            stdout: String(decoding: result.stdout, as: UTF8.self),
            stderr: String(decoding: result.stderr, as: UTF8.self)
        )
    }

    private static func succeeded(_ result: ToolResult, _ tool: String) throws -> String {
        guard result.status == 0 else {
            throw ToolFailure(message: "\(tool) failed (\(result.status)): \(result.stderr)")
        }
        return result.stdout
    }

    private static func digest(_ result: ToolResult) throws -> String {
        guard result.status == 0, let hex = result.stdout.split(separator: " ").first else {
            throw ToolFailure(message: "sha256sum failed: \(result.stderr)")
        }
        return String(hex)
    }
}

public struct ToolFailure: Error, CustomStringConvertible {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
