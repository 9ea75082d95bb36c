import Foundation

/// One AWS CLI version 1 process that runs many commands (``AWSSessionScript``), so that each command after the first
/// costs its request and not the CLI's start-up.
///
/// The process reads requests from a pipe this one holds: when this process ends, killed or not, the session ends too
/// after the command it is running (no other starts). It ends by itself after ``idleSeconds`` without a request;
/// ``AWSSessionPool`` uses none idle half that long, so a request never meets a session that is ending.
///
/// Thread safety: one thread at a time (``AWSSessionPool`` hands a session to one caller until it is given back).
final class AWSSession: @unchecked Sendable {
    /// How long the process waits for a request before it ends.
    static let idleSeconds = 60

    private let process: Process
    private let requests: FileHandle
    private let answers: FileHandle
    private var pending = Data()
    /// Whether the process said it imported the CLI and waits for commands.
    private(set) var isReady = false
    /// When the session last finished a command (or started).
    private(set) var lastUsed = Date()

    /// Starts the process, which imports the CLI while the caller goes on (``run(_:stdout:stderr:)`` waits for it).
    ///
    /// - Throws: when the interpreter cannot be started.
    init(interpreter: AWSInterpreter, environment: [String: String]) throws {
        let process = Process()
        process.executableURL = interpreter.executable
        process.arguments = interpreter.arguments + ["-c", AWSSessionScript.source, String(Self.idleSeconds)]
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        requests = input.fileHandleForWriting
        answers = output.fileHandleForReading
    }

    /// Whether the process still runs.
    var isRunning: Bool { process.isRunning }

    /// Runs `aws <arguments>` with its standard output and error written to `stdout` and `stderr` (existing files);
    /// returns its exit status. nil when the process ended before it answered: when it never became ready (its
    /// interpreter cannot import the CLI), the command did not run; otherwise it may have.
    func run(_ arguments: [String], stdout: URL, stderr: URL) -> Int32? {
        if !isReady {
            guard readLine() == "ready" else { return nil }
            isReady = true
        }
        guard process.isRunning,
              var line = try? JSONSerialization.data(withJSONObject: ["args": arguments, "out": stdout.path, "err": stderr.path])
        else { return nil }
        line.append(0x0A)
        do {
            try requests.write(contentsOf: line)
        } catch {
            return nil
        }
        let status = readLine().flatMap { Int32($0) }
        lastUsed = Date()
        return status
    }

    /// Ends the session: its process ends after the command it is running, if any.
    func close() {
        try? requests.close()
    }

    /// The next line the process writes, without its newline; nil at the end of its output.
    private func readLine() -> String? {
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                return line
            }
            // One read(2), which returns what has arrived (FileHandle's reads wait for a full count or the end).
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(answers.fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            pending.append(contentsOf: chunk[0..<count])
        }
    }
}
