import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The queue a ``URLSessionTransport`` session calls its delegate on: where each chunk of a body is counted against
/// its limit.
///
/// - Apple platforms: a serial queue. `URLSession` delivers no body before the delegate's completion handler for
///   the response allows it, and undoes gzip as it delivers (docs/apple-platform.md N1, N2).
/// - Linux: FoundationNetworking (libcurl underneath) decodes whatever arrived in one read inside libcurl's write
///   callback and hands every chunk to the delegate queue with no back-pressure, so a serial queue would hold each
///   chunk until the delegate reached it: a 261 KB gzip bomb became 256 MiB of queued chunks before the delegate
///   saw the limit pass (docs/apple-platform.md X9). Here the delegate runs at once, on the session's work queue,
///   and each chunk is counted (and dropped past the limit) before the next is decoded. The delegate must then never
///   call back into the session or the task synchronously: FoundationNetworking 6.3's `URLSessionTask.cancel()`
///   waits on that same queue.
enum TransportDelegateQueue {
    /// A new queue for one session.
    static func make() -> OperationQueue {
        #if canImport(FoundationNetworking)
        return InlineOperationQueue()
        #else
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        return queue
        #endif
    }
}

#if canImport(FoundationNetworking)
/// Runs each block at once, on the thread that adds it (FoundationNetworking's session work queue, which is serial).
final class InlineOperationQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}
#endif
