import Foundation

/// Runs an independent tool (python3, unzip, sha256sum, the built CLI) and captures what it printed.
public struct ToolResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

public enum ExternalTool {
    /// Runs `executable` (a path, or a name looked up in PATH) with `arguments`.
    public static func run(
        _ executable: String, _ arguments: [String], currentDirectory: URL? = nil,
        environment: [String: String]? = nil, stdin: Data? = nil
    ) throws -> ToolResult {
        let process = Process()
        if executable.contains("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        if let environment { process.environment = environment }
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        // Read both pipes concurrently so a chatty tool cannot block on a full pipe.
        let errData = ReadBox()
        let reader = Thread { errData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errData.isSet { usleep(1000) }
        return ToolResult(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.value, as: UTF8.self)
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
    public var description: String { message }
}

private final class ReadBox: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var done = false

    func set(_ value: Data) {
        lock.lock()
        data = value
        done = true
        lock.unlock()
    }

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return done
    }

    var value: Data {
        lock.lock()
        defer { lock.unlock() }
        return data
    }
}
