import Foundation

/// Runs a program and reports its own peak resident memory and wall time, as the kernel counted them.
///
/// The program is started by a small Python process and reaped with `os.wait4`, whose `rusage.ru_maxrss` is the
/// child's peak resident set size (KiB on Linux, getrusage(2); bytes on Darwin). Spawning it from the test process itself would not
/// do: Foundation's `Process` reaps its children (losing their `rusage`), and a child spawned by a large process
/// starts with that process's high-water mark. The Python parent is small (about 10 MiB), so what is measured is the
/// program's own peak. A program still running after `killAfterSeconds` is killed (`SIGKILL`), so a test of a
/// program that would never end still ends, and says so.
public enum MeasuredRun {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// The program's peak resident set size, in bytes.
        public var peakResidentBytes: Int
        /// Wall time from start to exit, in seconds.
        public var seconds: Double
        /// Whether it was killed at `killAfterSeconds`.
        public var killed: Bool

        /// The peak in MiB, for messages.
        public var peakResidentMiB: Int { peakResidentBytes >> 20 }
    }

    static let script = """
        import os, signal, subprocess, sys, threading, time
        limit, command = float(sys.argv[1]), sys.argv[2:]
        start = time.monotonic()
        child = subprocess.Popen(command)
        killed = []
        def kill():
            killed.append(True)
            os.kill(child.pid, signal.SIGKILL)
        timer = threading.Timer(limit, kill)
        timer.start()
        _, status, usage = os.wait4(child.pid, 0)
        timer.cancel()
        seconds = time.monotonic() - start
        code = os.waitstatus_to_exitcode(status)
        sys.stderr.flush()
        peak = usage.ru_maxrss * (1 if sys.platform == "darwin" else 1024)
        print("measured-run: status=%d maxrss-bytes=%d seconds=%.3f killed=%d" % (
            code if code >= 0 else 128 - code, peak, seconds, 1 if killed else 0), file=sys.stderr)
        """

    /// Runs `executable` with `arguments` and measures it; the wait happens on a thread of its own.
    public static func run(_ executable: String, _ arguments: [String], killAfterSeconds: Double = 120) async throws -> Result {
        let outer = try await ProcessRunner.run(["python3", "-c", script, String(killAfterSeconds), executable] + arguments)
        let stderr = String(decoding: outer.stderr, as: UTF8.self)
        var lines = stderr.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard let last = lines.last, last.hasPrefix("measured-run: ") else {
            throw ToolFailure(message: "the measuring process failed (\(outer.status)): \(stderr.suffix(400))")
        }
        var fields: [String: String] = [:]
        for word in last.split(separator: " ").dropFirst() {
            let pair = word.split(separator: "=", maxSplits: 1)
            if pair.count == 2 { fields[String(pair[0])] = String(pair[1]) }
        }
        guard let status = fields["status"].flatMap(Int32.init), let peak = fields["maxrss-bytes"].flatMap(Int.init),
              let seconds = fields["seconds"].flatMap(Double.init), let killed = fields["killed"] else {
            throw ToolFailure(message: "the measuring process printed \(last)")
        }
        return Result(
            status: status, stdout: outer.text,
            stderr: lines.dropLast().map { $0 + "\n" }.joined(),
            peakResidentBytes: peak, seconds: seconds, killed: killed == "1")
    }
}
