import Foundation

/// A count of bytes that concurrent tasks reserve before they hold that much in memory, and wait for when it is
/// taken; first come, first served.
///
/// A reservation larger than the whole budget fails at once (the caller reports the limit). Waiting ends with
/// `CancellationError` when the waiting task is cancelled. Safe from any thread.
final class ByteBudget: @unchecked Sendable {
    /// The budget, in bytes.
    let capacity: Int64
    private let lock = NSLock()
    // Guarded by `lock`.
    private var available: Int64
    private var waiters: [(id: UInt64, bytes: Int64, once: OnceContinuation<Void>)] = []
    private var nextID: UInt64 = 0

    init(capacity: Int64) {
        self.capacity = max(0, capacity)
        available = self.capacity
    }

    /// Waits until `bytes` are free and takes them; call ``release(_:)`` with the same count when done.
    ///
    /// - Returns: false, at once, when `bytes` is more than the whole budget.
    /// - Throws: `CancellationError` when the task is cancelled while waiting.
    func reserve(_ bytes: Int64) async throws -> Bool {
        let bytes = max(0, bytes)
        guard bytes <= capacity else { return false }
        let once = OnceContinuation<Void>()
        let id: UInt64? = lock.withLock {
            if waiters.isEmpty, bytes <= available {
                available -= bytes
                return nil
            }
            nextID += 1
            waiters.append((nextID, bytes, once))
            return nextID
        }
        guard let id else { return true }
        try await withTaskCancellationHandler {
            try await once.value()
        } onCancel: {
            let index: Int? = self.lock.withLock {
                let index = self.waiters.firstIndex { $0.id == id }
                if let index { self.waiters.remove(at: index) }
                return index
            }
            // Not in the queue any more: either granted (then this resume is dropped and the grant stands) or
            // removed here (then it never will be).
            if index != nil { once.resume(with: .failure(CancellationError())) }
        }
        return true
    }

    /// Gives back `bytes` taken by ``reserve(_:)`` and wakes the waiters that now fit, in order.
    func release(_ bytes: Int64) {
        lock.lock()
        available = min(capacity, available + max(0, bytes))
        var granted: [OnceContinuation<Void>] = []
        while let first = waiters.first, first.bytes <= available {
            available -= first.bytes
            granted.append(first.once)
            waiters.removeFirst()
        }
        lock.unlock()
        for once in granted { once.resume(with: .success(())) }
    }
}
