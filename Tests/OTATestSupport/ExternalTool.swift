import Foundation

/// Runs an independent tool (python3, unzip, sha256sum, the built CLI) and captures what it printed.
public struct ToolResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

public enum ExternalTool {
    /// Runs `executable` (a path, or a name looked up in PATH) with `arguments`; output decoded as UTF-8.
    public static func run(
        _ executable: String, _ arguments: [String], currentDirectory: URL? = nil,
        environment: [String: String]? = nil, stdin: Data? = nil
    ) throws -> ToolResult {
        let result = try ProcessRunner.run(
            [executable] + arguments, stdin: stdin, in: currentDirectory, environment: environment
        )
        return ToolResult(
            status: result.status,
            stdout: String(decoding: result.stdout, as: UTF8.self),
            stderr: String(decoding: result.stderr, as: UTF8.self)
        )
    }

    /// Runs Python 3 code with arguments available as `sys.argv[1:]`; returns stdout, failing on a non-zero exit.
    public static func python(_ code: String, _ arguments: [String] = []) throws -> String {
        let result = try run("python3", ["-c", code] + arguments)
        guard result.status == 0 else {
            throw ToolFailure(message: "python3 failed (\(result.status)): \(result.stderr)")
        }
        return result.stdout
    }

    /// `sha256sum <file>`'s hex digest: an independent hash for tests.
    public static func sha256sum(_ file: URL) throws -> String {
        let result = try run("sha256sum", [file.path])
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
