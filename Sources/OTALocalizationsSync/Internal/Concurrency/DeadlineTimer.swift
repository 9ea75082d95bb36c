import Dispatch
import Foundation

/// Where the service's deadlines come from (``OTALocalizationServiceConfiguration/maximumRequestSeconds``,
/// `maximumCycleSeconds`, `maximumDeletionWaitSeconds`): it arms an ``ArmedDeadline`` that runs its action once, when
/// the deadline passes, unless it was cancelled first.
///
/// The app uses the wall clock: a Dispatch timer, outside the Swift concurrency pool, so that a pool whose threads
/// are all blocked cannot delay it. Tests inject a timer whose deadlines pass when the test says, so that whether a
/// deadline passed never depends on how busy the machine is.
struct DeadlineTimer: Sendable {
    /// Starts the countdown of a deadline that is pending; it calls ``ArmedDeadline/fire()`` when it passes.
    let schedule: @Sendable (ArmedDeadline) -> Void

    /// A deadline of `seconds` that runs `action` when it passes. `seconds` that are not positive and finite mean no
    /// deadline: the action never runs.
    func arm(seconds: TimeInterval, _ action: @escaping @Sendable () -> Void) -> ArmedDeadline {
        let deadline = ArmedDeadline(seconds: seconds, action: action)
        if seconds.isFinite, seconds > 0 { schedule(deadline) }
        return deadline
    }

    /// Real time, measured by Dispatch.
    static let wallClock = DeadlineTimer { deadline in
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline.seconds) { deadline.fire() }
    }
}

/// One deadline: its length and the action it runs at most once.
final class ArmedDeadline: @unchecked Sendable {
    /// The deadline's length, in seconds.
    let seconds: TimeInterval
    private let lock = NSLock()
    // Guarded by `lock`; nil once fired or cancelled.
    private var action: (@Sendable () -> Void)?

    init(seconds: TimeInterval, action: @escaping @Sendable () -> Void) {
        self.seconds = seconds
        self.action = action
    }

    /// Runs the action, unless it already ran or the deadline was cancelled.
    func fire() {
        let action: (@Sendable () -> Void)? = lock.withLock {
            defer { self.action = nil }
            return self.action
        }
        action?()
    }

    /// Keeps the action from ever running.
    func cancel() {
        lock.withLock { action = nil }
    }

    /// Whether the action may still run.
    var isPending: Bool {
        lock.withLock { action != nil }
    }
}
