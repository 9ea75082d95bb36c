import Foundation

/// The idle ``AWSSession``s of this process, by interpreter and environment, so that the AWS CLI commands of a publish
/// (and of the next one in the same process) run in a few processes that imported the CLI once, instead of one
/// process each. Commands that run at the same time (``S3Store/inParallel(_:lanes:_:)``) each take a session of their own.
///
/// Thread safety: every member may be called from any thread.
package final class AWSSessionPool: @unchecked Sendable {
    /// The pool every ``AWSCommandLine`` uses.
    package static let shared = AWSSessionPool()

    /// A session idle longer than this is closed rather than used (its process ends after ``AWSSession/idleSeconds``).
    static let reuseSeconds: TimeInterval = TimeInterval(AWSSession.idleSeconds) / 2

    private struct Key: Hashable {
        var interpreter: AWSInterpreter
        var environment: [String: String]
    }

    private let lock = NSLock()
    private var idle: [Key: [AWSSession]] = [:]
    /// Interpreters that could not run a session (they cannot import the CLI): their commands run one process each.
    private var refused: Set<Key> = []

    /// Runs `aws <arguments>` in a session of `interpreter` with `environment`, its output written to `stdout` and
    /// `stderr` (existing files); returns its exit status, or nil when no session can run it (the interpreter cannot
    /// import the CLI: the command did not run, and the caller runs it in a process of its own).
    ///
    /// - Throws: ``PackagerError`` `publishFailed` when the session ended while it ran the command (which may have run).
    func run(
        _ arguments: [String], interpreter: AWSInterpreter, environment: [String: String], stdout: URL, stderr: URL
    ) throws(PackagerError) -> Int32? {
        let key = Key(interpreter: interpreter, environment: environment)
        guard let (session, isNew) = checkOut(key) else { return nil }
        guard let status = session.run(arguments, stdout: stdout, stderr: stderr) else {
            session.close()
            if isNew && !session.isReady {
                lock.withLock { _ = refused.insert(key) }
                return nil
            }
            throw PackagerError(
                code: .publishFailed,
                reason: "aws \(arguments.prefix(2).joined(separator: " ")): the AWS CLI process (\(interpreter.executable.path)) "
                    + "ended while running it; run the command again, or set \(AWSInterpreter.sessionVariable)=0 to run each AWS CLI command on its own")
        }
        lock.withLock { idle[key, default: []].append(session) }
        return status
    }

    /// Ends every idle session, so that the next command starts a process of its own (the benchmark measures each
    /// publish from a cold start, as a new `ota-localizations` process makes it).
    package func closeIdle() {
        let sessions = lock.withLock {
            defer { idle = [:] }
            return idle.values.flatMap { $0 }
        }
        sessions.forEach { $0.close() }
    }

    /// A session for `key`, taken out of the pool: an idle one still fresh, else a new one (`isNew`); nil when the
    /// interpreter refused a session before or cannot be started.
    private func checkOut(_ key: Key) -> (AWSSession, isNew: Bool)? {
        var stale: [AWSSession] = []
        defer { stale.forEach { $0.close() } }
        let found: AWSSession?? = lock.withLock {
            guard !refused.contains(key) else { return .some(nil) }
            while let session = idle[key]?.popLast() {
                if session.isRunning, Date().timeIntervalSince(session.lastUsed) < Self.reuseSeconds { return session }
                stale.append(session)
            }
            return nil
        }
        switch found {
        case .some(let session?): return (session, !session.isReady)
        case .some(nil): return nil
        case nil:
            guard let session = try? AWSSession(interpreter: key.interpreter, environment: key.environment) else { return nil }
            return (session, true)
        }
    }
}
