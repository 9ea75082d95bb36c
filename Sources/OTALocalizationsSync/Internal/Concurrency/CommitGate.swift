import Foundation

/// The one door through which an update cycle changes anything a reader or a later cycle can see.
///
/// Every commit step (creating the storage folders, emptying `tmp/`, renaming an installed folder into place,
/// replacing a `current` pointer, saving `state.json` or the anti-rollback record, removing a pointer or a folder)
/// runs inside ``commit(_:)``, under one lock. ``revoke()`` (the kill switch, a cycle deadline) takes the same lock
/// and sets a flag, so when it returns no step is in progress and none can start: a cancelled or abandoned cycle
/// that wakes up later cannot land anything on disk, even one whose task ignores cancellation. Staging files are
/// written outside the gate, only into folders the cycle created in `tmp/` (never creating parents), so they
/// vanish with `tmp/` or the storage root.
final class CommitGate: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var revoked = false
    /// Tests only: runs before each step asks the gate, outside its lock (so it may revoke the gate, as a deadline
    /// passing between two steps does); nil in an app.
    private let beforeStep: (@Sendable () -> Void)?

    init(beforeStep: (@Sendable () -> Void)? = nil) {
        self.beforeStep = beforeStep
    }

    /// Runs `step` unless the gate was revoked; a revoked gate throws `cancelled`.
    func commit<Value>(_ step: () throws(CycleFailure) -> Value) throws(CycleFailure) -> Value {
        beforeStep?()
        lock.lock()
        defer { lock.unlock() }
        guard !revoked else { throw CycleFailure.cancelled }
        return try step()
    }

    /// Runs `step` unless the gate was revoked; returns whether it ran (for best-effort housekeeping).
    @discardableResult
    func attempt(_ step: () -> Void) -> Bool {
        beforeStep?()
        lock.lock()
        defer { lock.unlock() }
        guard !revoked else { return false }
        step()
        return true
    }

    /// Closes the gate for good; waits for a step in progress to finish.
    func revoke() {
        lock.lock()
        revoked = true
        lock.unlock()
    }

    /// Whether ``revoke()`` was called.
    var isRevoked: Bool {
        lock.lock()
        defer { lock.unlock() }
        return revoked
    }
}
