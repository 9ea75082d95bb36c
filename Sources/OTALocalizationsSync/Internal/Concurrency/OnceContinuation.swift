import Foundation

/// A throwing continuation that is resumed exactly once, by whichever of several racing events comes first,
/// whatever the order in which the continuation is stored and the events arrive.
///
/// States (under one lock): `idle` (nothing yet), `waiting` (the continuation is stored), `finished` (a result
/// arrived before the continuation), `done` (resumed). ``store(_:)`` and ``resume(with:)`` may be called in any
/// order from any thread; the second of "continuation stored" and "first result" resumes it; later results are
/// dropped. This closes the lost wake-up where a result (for example a cancelled task's completion) arrives before
/// the awaiting code has stored its continuation.
final class OnceContinuation<Value: Sendable>: @unchecked Sendable {
    private enum State {
        case idle
        case waiting(CheckedContinuation<Value, any Error>)
        case finished(Result<Value, any Error>)
        case done
    }

    private let lock = NSLock()
    // Guarded by `lock`.
    private var state = State.idle

    /// Stores the continuation; resumes it at once when a result has already arrived.
    func store(_ continuation: CheckedContinuation<Value, any Error>) {
        lock.lock()
        switch state {
        case .idle:
            state = .waiting(continuation)
            lock.unlock()
        case .finished(let result):
            state = .done
            lock.unlock()
            continuation.resume(with: result)
        case .waiting, .done:
            lock.unlock()
            preconditionFailure("OnceContinuation.store called twice")
        }
    }

    /// Delivers `result` when it is the first one; returns whether it was.
    @discardableResult
    func resume(with result: Result<Value, any Error>) -> Bool {
        lock.lock()
        switch state {
        case .idle:
            state = .finished(result)
            lock.unlock()
            return true
        case .waiting(let continuation):
            state = .done
            lock.unlock()
            continuation.resume(with: result)
            return true
        case .finished, .done:
            lock.unlock()
            return false
        }
    }

    /// Whether a result has been delivered (or is waiting for the continuation).
    var hasResult: Bool {
        lock.lock()
        defer { lock.unlock() }
        switch state {
        case .idle, .waiting: return false
        case .finished, .done: return true
        }
    }

    /// Awaits the first result: `store` inside `withCheckedThrowingContinuation`.
    func value() async throws -> Value {
        try await withCheckedThrowingContinuation { store($0) }
    }
}
