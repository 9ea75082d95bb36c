import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program with `posix_spawn` and reaps it with `wait4`, so its own peak resident set size is known.
///
/// Foundation's `Process` reaps its children itself, which loses their `rusage`; this helper does not.
enum Subprocess {
    struct Result: Sendable {
        var status: Int32
        var seconds: Double
        /// `ru_maxrss` of the child: kilobytes on Linux, bytes on Darwin; see ``peakResidentMB``.
        var maxRSS: Int
        var stdout: String
        var stderr: String

        var peakResidentMB: Double {
            #if canImport(Darwin)
            Double(maxRSS) / 1_048_576
            #else
            Double(maxRSS) / 1024
            #endif
        }
    }

    /// Runs `executable` (an absolute path, or a name looked up in PATH) with `arguments` in `directory`.
    ///
    /// Standard output and error go to temporary files that are read back and deleted.
    static func run(_ executable: String, _ arguments: [String], in directory: URL? = nil) throws -> Result {
        let path = executable.hasPrefix("/") ? executable : try which(executable)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ota-bench-io-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outPath = scratch.appendingPathComponent("out").path
        let errPath = scratch.appendingPathComponent("err").path

        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // posix_spawn_file_actions_addchdir_np is not exported by every C library: change folder through sh.
        let command = directory.map { ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", $0.path, path] + arguments }
            ?? [path] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }

        var pid: pid_t = 0
        let start = Stopwatch.start()
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, envp)
        guard spawned == 0 else { throw BenchError("\(path): posix_spawn failed (\(String(cString: strerror(spawned))))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchError("\(path): wait4 failed (\(String(cString: strerror(errno))))") }
        }
        let seconds = start.elapsedSeconds
        let exitStatus: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let out = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        return Result(status: exitStatus, seconds: seconds, maxRSS: Int(usage.ru_maxrss), stdout: out, stderr: err)
    }

    /// Like ``run(_:_:in:)`` but throws when the program exits with a non-zero status.
    @discardableResult
    static func check(_ executable: String, _ arguments: [String], in directory: URL? = nil) throws -> Result {
        let result = try run(executable, arguments, in: directory)
        guard result.status == 0 else {
            throw BenchError("\(executable) \(arguments.prefix(4).joined(separator: " ")) exited \(result.status): "
                + result.stderr.prefix(400))
        }
        return result
    }

    /// The absolute path of `name` in PATH, or throws.
    static func which(_ name: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw BenchError("\(name) is not installed (not found in PATH)")
    }
}

extension Subprocess {
    /// The hidden first argument that makes `ota-bench` run one child and report its `rusage` (see ``measured(_:_:)``).
    static let measureFlag = "--peak-rss-child"

    /// Runs `executable` through a fresh `ota-bench` process and returns the child's own peak RSS.
    ///
    /// `posix_spawn` from a large process records the parent's high-water mark in the child: Linux keeps the
    /// old memory's `hiwater_rss` in `ru_maxrss` at `exec`, and a vfork-style spawn's old memory is the parent's.
    /// A freshly started `ota-bench` is small (about the size of any Foundation program), so spawning from it
    /// leaves the child's own peak as its `ru_maxrss`.
    static func measured(_ executable: String, _ arguments: [String]) throws -> Result {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let outer = try run(own, [measureFlag, executable] + arguments)
        guard let line = outer.stderr.split(separator: "\n").last, line.hasPrefix("ota-bench-child:") else {
            throw BenchError("the measuring process failed: \(outer.stderr.suffix(300))")
        }
        var fields: [String: String] = [:]
        for word in line.split(separator: " ").dropFirst() {
            let pair = word.split(separator: "=", maxSplits: 1)
            if pair.count == 2 { fields[String(pair[0])] = String(pair[1]) }
        }
        guard let status = fields["status"].flatMap(Int32.init), let maxRSS = fields["maxrss"].flatMap(Int.init),
              let seconds = fields["seconds"].flatMap(Double.init) else {
            throw BenchError("the measuring process printed \(line)")
        }
        let stderr = outer.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().joined(separator: "\n")
        let result = Result(status: status, seconds: seconds, maxRSS: maxRSS, stdout: outer.stdout, stderr: stderr)
        guard status == 0 else {
            throw BenchError("\(executable) \(arguments.prefix(3).joined(separator: " ")) exited \(status): \(stderr.prefix(400))")
        }
        return result
    }

    /// The measuring process's side: runs the child, copies its output, and reports on the last stderr line.
    static func runMeasuredChild(_ arguments: [String]) -> Never {
        guard let executable = arguments.first else { exit(2) }
        do {
            let result = try run(executable, Array(arguments.dropFirst()))
            FileHandle.standardOutput.write(Data(result.stdout.utf8))
            FileHandle.standardError.write(Data((result.stderr.isEmpty || result.stderr.hasSuffix("\n") ? result.stderr : result.stderr + "\n").utf8))
            FileHandle.standardError.write(Data(
                "ota-bench-child: status=\(result.status) maxrss=\(result.maxRSS) seconds=\(result.seconds)\n".utf8))
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            exit(1)
        }
    }
}
