import Foundation
import OTALocalizationsTooling
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A test server's process (nginx, moto): started on a free loopback port, retried when it does not come up, and
/// stopped once.
final class ServerProcess: @unchecked Sendable {
    let process: Process
    let port: Int
    private let lock = NSLock()
    private var stopped = false

    private init(process: Process, port: Int) {
        self.process = process
        self.port = port
    }

    /// Runs `launch(port)` on a free port, up to `attempts` times, until the process accepts connections on it within
    /// `seconds`; a launch that exits or does not answer is killed and `lastError()` read for the failure.
    static func start(
        attempts: Int, seconds: Double, launch: (Int) throws -> Process, lastError: () -> String?
    ) throws -> ServerProcess {
        var error = "did not start"
        for _ in 0..<attempts {
            let port = try LoopbackSocket.freePort()
            let process = try launch(port)
            NginxServer.wait(upTo: seconds) { !process.isRunning || LoopbackSocket.accepts(port: port) }
            if process.isRunning && LoopbackSocket.accepts(port: port) {
                return ServerProcess(process: process, port: port)
            }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            error = lastError() ?? error
        }
        throw ToolFailureText(error)
    }

    /// Sends `signal`, waits up to `seconds` for the process to end, then kills it. Calling it again does nothing.
    func stop(with signal: Int32, seconds: Double) {
        lock.lock()
        let first = !stopped
        stopped = true
        lock.unlock()
        guard first else { return }
        if process.isRunning { kill(process.processIdentifier, signal) }
        if !NginxServer.wait(upTo: seconds, { !process.isRunning }) { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
