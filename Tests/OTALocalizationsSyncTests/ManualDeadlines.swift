import Foundation
@testable import OTALocalizationsSync

/// Deadlines that pass only when the test says so (``pass(seconds:)``), whatever time it is: a test's verdict about
/// a deadline then does not depend on how busy the machine is. Every deadline the service arms is kept.
final class ManualDeadlines: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var armed: [ArmedDeadline] = []

    /// The timer to put in the service's configuration.
    var timer: DeadlineTimer {
        DeadlineTimer { [self] deadline in lock.withLock { armed.append(deadline) } }
    }

    /// How many deadlines of `seconds` are armed and have neither passed nor been cancelled.
    func pending(seconds: TimeInterval) -> Int {
        lock.withLock { armed.filter { $0.seconds == seconds && $0.isPending }.count }
    }

    /// Passes every pending deadline whose length `isDue` accepts (their actions run on this thread); returns how many
    /// there were: for a deadline whose length the test cannot know to the microsecond (one computed from a date).
    @discardableResult
    func pass(where isDue: (TimeInterval) -> Bool) -> Int {
        let due = lock.withLock { armed.filter { isDue($0.seconds) && $0.isPending } }
        due.forEach { $0.fire() }
        return due.count
    }

    /// Passes every pending deadline of `seconds` (their actions run on this thread); returns how many there were.
    @discardableResult
    func pass(seconds: TimeInterval) -> Int {
        let due = lock.withLock { armed.filter { $0.seconds == seconds && $0.isPending } }
        due.forEach { $0.fire() }
        return due.count
    }
}

extension OTALocalizationServiceConfiguration {
    /// This configuration with deadlines that pass only when `deadlines` is told to: a test whose task waits long
    /// for a core on a busy machine then never fails on a deadline it is not about.
    func withManualDeadlines(_ deadlines: ManualDeadlines = ManualDeadlines()) -> Self {
        var configuration = self
        configuration.deadlineTimer = deadlines.timer
        return configuration
    }
}
