import Foundation

/// Runs standard tools (`python3`, `unzip`, `zip`, `sha256sum`) as the independent source of expected values.
enum ExternalTool {
    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: Data
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `arguments` through `/usr/bin/env` (so `python3` resolves on PATH), optionally in `directory`.
    @discardableResult
    static func run(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let outPipe = Pipe()
        let errPipe = Pipe()
        let inPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = inPipe
        try process.run()
        // Drain stderr concurrently so a chatty tool cannot block on a full pipe.
        let errorBox = DataBox()
        let errReader = Thread {
            errorBox.set(errPipe.fileHandleForReading.readDataToEndOfFile())
        }
        errReader.start()
        if let stdin { inPipe.fileHandleForWriting.write(stdin) }
        try inPipe.fileHandleForWriting.close()
        let out = outPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorBox.isSet { usleep(1000) }
        return Result(status: process.terminationStatus, stdout: out, stderr: errorBox.value)
    }

    /// Runs a Python 3 script given on standard input with `arguments`; fails unless it exits with 0.
    static func python(_ script: String, _ arguments: [String] = [], stdin: Data? = nil) throws -> Data {
        let scriptFile = try TempDirectory.shared.file(named: "script-\(UUID().uuidString).py", contents: Data(script.utf8))
        let result = try run(["python3", scriptFile.path] + arguments, stdin: stdin)
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

/// A per-test scratch folder under the system temporary directory.
struct TempDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("ota-archive-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    static let shared: TempDirectory = {
        // The shared folder only holds scripts; a failure here is a broken test machine.
        try! TempDirectory()
    }()

    /// Writes `contents` to `name` inside the folder (creating parent folders) and returns its URL.
    func file(named name: String, contents: Data) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file)
        return file
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
