import Dispatch
import Foundation

/// One cycle as the service runs it: the cycle's work in its own task, raced against the cycle deadline and the
/// kill switch, so that the service always gets an outcome in bounded time.
///
/// ``outcome()`` returns the work's outcome when it ends first. When the deadline passes or ``stop(error:)`` is
/// called first, the commit gate is revoked (nothing more lands on disk), the work's task is cancelled, and the
/// outcome is the report so far (``CycleProgress``) with the error; the work may go on for a while, but cannot
/// change anything a reader sees.
final class CycleRun: @unchecked Sendable {
    let context: CycleContext
    /// Where the cycle deadline and the deletion wait come from.
    private let timer: DeadlineTimer
    private let result = OnceContinuation<UpdateCycle.Outcome>()
    private let lock = NSLock()
    // Guarded by `lock`.
    private var work: Task<UpdateCycle.Outcome, Never>?
    private var deadline: ArmedDeadline?
    private var outcomeTaken = false
    private var stopped = false

    init(context: CycleContext, timer: DeadlineTimer) {
        self.context = context
        self.timer = timer
    }

    /// Starts `cycle` with a deadline of `seconds`.
    func start(_ cycle: UpdateCycle, deadlineSeconds seconds: TimeInterval) {
        // The work delivers its own outcome as it ends (one task, no extra hop to wait for it).
        let work = Task { [result] in
            let outcome = await cycle.run()
            result.resume(with: .success(outcome))
            return outcome
        }
        let alreadyStopped: Bool = lock.withLock {
            self.work = work
            return stopped
        }
        // Stopped before its work began (the kill switch came first): the work starts cancelled, behind a revoked gate.
        if alreadyStopped { OffPoolCancellation.cancel(work) }
        let deadline = timer.arm(seconds: seconds) { [self] in
            stop(error: "\(CycleFailure.cancelled.reason): the cycle took longer than \(ServiceHTTP.text(seconds)) s (maximumCycleSeconds)")
        }
        // An outcome taken before the deadline was stored (work that ended at once) cancels it here.
        let taken: Bool = lock.withLock {
            self.deadline = deadline
            return outcomeTaken
        }
        if taken { deadline.cancel() }
    }

    /// The cycle's outcome: the work's, or the interrupted report when it was stopped first.
    func outcome() async -> UpdateCycle.Outcome {
        let outcome = (try? await result.value()) ?? UpdateCycle.Outcome(
            report: context.progress.interruptedReport(error: CycleFailure.cancelled.reason), installedFolders: [])
        lock.withLock {
            outcomeTaken = true
            return deadline
        }?.cancel()
        return outcome
    }

    /// Revokes the gate, delivers the outcome (the report so far with `error`, unless the work already ended), then
    /// cancels the work. The outcome comes before the cancellation, which runs off the caller's thread
    /// (``OffPoolCancellation``), so a transport whose cancellation handler blocks cannot delay it.
    func stop(error: String) {
        let work = revoke()
        result.resume(with: .success(UpdateCycle.Outcome(
            report: context.progress.interruptedReport(error: error), installedFolders: context.progress.installedFolders)))
        if let work { OffPoolCancellation.cancel(work) }
    }

    /// Revokes the gate and cancels the work's task (off the caller's thread), without ending the outcome yet.
    func cancelWork() {
        if let work = revoke() { OffPoolCancellation.cancel(work) }
    }

    /// Revokes the gate and marks the run stopped; returns the work's task, if it has started.
    private func revoke() -> Task<UpdateCycle.Outcome, Never>? {
        context.gate.revoke()
        lock.lock()
        defer { lock.unlock() }
        stopped = true
        return work
    }

    /// Whether the run was stopped or cancelled from outside.
    var wasStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// Waits until the work's task itself has ended, at most `seconds`; returns whether it ended.
    func waitForWork(upToSeconds seconds: TimeInterval) async -> Bool {
        guard let work = lock.withLock({ self.work }) else { return true }
        guard seconds > 0 else { return false }
        do {
            _ = try await Deadline.run(seconds: seconds, timer: timer, timeout: { CancellationError() }) { await work.value }
            return true
        } catch {
            return false
        }
    }

    /// Waits until the work's task has ended, however long that takes.
    func workEnded() async {
        _ = await lock.withLock { work }?.value
    }
}
