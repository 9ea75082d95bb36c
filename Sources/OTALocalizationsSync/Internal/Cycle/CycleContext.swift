import Foundation

/// What one update cycle shares between its steps and with the service that runs it: the commit gate, the
/// progress report, and the memory and inflation budgets of its parallel installs.
struct CycleContext: Sendable {
    /// Every commit step of the cycle goes through it; the kill switch and the deadline revoke it.
    let gate: CommitGate
    /// The report so far, for a cycle stopped from outside.
    let progress: CycleProgress
    /// ZIP bytes held by the downloads in flight (``OTALocalizationServiceConfiguration/maximumBufferedArchiveBytes``).
    let archiveBytes: ByteBudget
    /// Table bytes being inflated and parsed at once (``ZipLimits/maximumEntryUncompressedBytes``).
    let tableBytes: ByteBudget
    /// Bytes the cycle's ZIPs may still inflate to (``OTALocalizationServiceConfiguration/maximumCycleUncompressedBytes``).
    let inflatedBytes: ByteCounter

    init(configuration: OTALocalizationServiceConfiguration) {
        gate = CommitGate(beforeStep: configuration.beforeCommitStep)
        progress = CycleProgress()
        archiveBytes = ByteBudget(capacity: configuration.maximumBufferedArchiveBytes)
        tableBytes = ByteBudget(capacity: configuration.limits.maximumEntryUncompressedBytes)
        inflatedBytes = ByteCounter(limit: configuration.maximumCycleUncompressedBytes)
    }
}

/// A running total with a limit, taken from concurrently; never waits.
final class ByteCounter: @unchecked Sendable {
    let limit: Int64
    private let lock = NSLock()
    // Guarded by `lock`.
    private var used: Int64 = 0

    init(limit: Int64) { self.limit = limit }

    /// Adds `bytes` when the total stays within the limit; returns whether it did.
    func take(_ bytes: Int64) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard bytes >= 0, bytes <= limit - used else { return false }
        used += bytes
        return true
    }

    /// The total taken so far.
    var total: Int64 {
        lock.lock()
        defer { lock.unlock() }
        return used
    }
}
