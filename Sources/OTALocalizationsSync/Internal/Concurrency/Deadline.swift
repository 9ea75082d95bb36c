import Dispatch
import Foundation

/// A total time limit on async work that the work itself cannot extend: the caller gets a result when the work
/// ends, when the deadline passes, or when the caller is cancelled, whichever is first.
///
/// The work runs in its own unstructured task, raced against a ``DeadlineTimer`` through a ``OnceContinuation``; on
/// a timeout or a cancellation the work's task is cancelled and not awaited, so work that ignores cancellation
/// (a custom ``HTTPTransport`` that never returns) cannot hold the caller. A task group would not do: it awaits
/// its children before it returns. The wall-clock timer runs on a Dispatch queue, outside the Swift concurrency
/// pool, and so does the cancellation of the abandoned work (``OffPoolCancellation``): a cancellation handler that
/// blocks cannot delay the caller.
enum Deadline {
    /// Returns `work`'s value, or throws `timeout()` once `seconds` have passed on `timer`, or `CancellationError`
    /// when the calling task is cancelled first. `seconds` that are not positive and finite mean no deadline.
    static func run<Value: Sendable>(
        seconds: TimeInterval, timer: DeadlineTimer, timeout: @escaping @Sendable () -> any Error,
        _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let once = OnceContinuation<Value>()
        let inner = Task {
            do {
                once.resume(with: .success(try await work()))
            } catch {
                once.resume(with: .failure(error))
            }
        }
        let deadline = timer.arm(seconds: seconds) { once.resume(with: .failure(timeout())) }
        defer {
            deadline.cancel()
            OffPoolCancellation.cancel(inner)
        }
        return try await withTaskCancellationHandler {
            try await once.value()
        } onCancel: {
            once.resume(with: .failure(CancellationError()))
        }
    }
}
