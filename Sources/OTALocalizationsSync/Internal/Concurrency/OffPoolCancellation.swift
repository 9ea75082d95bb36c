import Dispatch

/// Cancels a task from a Dispatch thread, never from the caller's.
///
/// `Task.cancel()` runs the task's cancellation handlers synchronously on the cancelling thread, and a transport's
/// handler may block there (FoundationNetworking's `URLSessionTask.cancel()` makes a synchronous call into its
/// session's queue; a custom ``HTTPTransport`` may do worse). Cancelling from a Dispatch queue keeps such a handler
/// off the Swift concurrency pool and off the thread that delivers a deadline's or kill switch's outcome, so the
/// outcome arrives on time whatever the handler does.
enum OffPoolCancellation {
    static func cancel<Success, Failure>(_ task: Task<Success, Failure>) {
        DispatchQueue.global().async { task.cancel() }
    }
}
