import Foundation

extension OTALocalizationService {
    /// Runs one update cycle, or joins the cycle in flight, within a budget: it is cut short when `deadline` passes or
    /// when the task that called it is cancelled, whichever comes first, and returns its report; nil when no cycle ran
    /// (``deleteAllBundles()`` was running).
    ///
    /// For a background task (docs/integration.md, "Refreshing in the background"): a `BGAppRefreshTask` or
    /// `BGProcessingTask` whose `expirationHandler` cancels the Swift task that called this, or a silent push whose
    /// handler passes the end of the time it is given. The cycle is the one ``start()`` runs, with its own deadline
    /// (``OTALocalizationServiceConfiguration/maximumCycleSeconds``) as well. A cycle cut short is stopped as the kill
    /// switch and the cycle deadline stop one (docs/design.md, "One update cycle"): its commit gate closes first, so no
    /// rename, pointer swap or state save of it lands afterwards, even from work that wakes up later; what it committed
    /// before stays (each module is its old folder or its new one, complete), `state.json` is saved only by a cycle
    /// that finished, and the next cycle resumes from there (no retry queue). Its report's `errorCode` is `cancelled`
    /// and its `error` says why: `"cancelled: the cycle reached the deadline it was run before (runCycle(before:))"`
    /// or `"cancelled: the task that ran the cycle was cancelled (runCycle(before:))"`; unfinished modules are
    /// `failed` with the code `cancelled`. Returns as soon as the cycle is stopped, without waiting for its work to
    /// unwind. A `deadline` already past, or a task already cancelled, stops the cycle at once: nothing of it is committed.
    ///
    /// A cycle in flight that this call joins is cut short for every caller that waits for it: a background task's
    /// time is up for the whole process. New text installed in the background shows at the next cold start, or at an
    /// ``OTALocalizedString/applyInstalledContent(configuration:countsLaunch:)`` the app makes at a safe point.
    public func runCycle(before deadline: Date) async -> OTALocalizationCycleReport? {
        guard let cycle = startOrJoinCycle() else { return nil }
        let run = cycle.run
        let seconds = deadline.timeIntervalSinceNow
        let budget = configuration.deadlineTimer.arm(seconds: seconds) { run.stop(error: Self.deadlineReason) }
        defer { budget.cancel() }
        if !(seconds > 0) { run.stop(error: Self.deadlineReason) }
        return await withTaskCancellationHandler {
            await cycle.task.value
        } onCancel: {
            run.stop(error: Self.cancellationReason)
        }
    }

    /// The report's `error` of a cycle ``runCycle(before:)`` cut short at its deadline.
    static let deadlineReason = "\(CycleFailure.cancelled.reason): the cycle reached the deadline it was run before (runCycle(before:))"
    /// The report's `error` of a cycle cut short because the task that ran ``runCycle(before:)`` was cancelled.
    static let cancellationReason = "\(CycleFailure.cancelled.reason): the task that ran the cycle was cancelled (runCycle(before:))"
}
