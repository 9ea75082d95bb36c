internal import COTAAtomics
import Foundation

/// An immutable object published to any number of readers without a lock: readers load it with acquire ordering,
/// the writer stores a new one with release ordering (C11 atomics, `COTAAtomics`).
///
/// Every object ever published is kept alive for the process's life, so that a reader that loaded the previous one
/// never touches freed memory (no reader count, no grace period). The read side publishes one per
/// `loadBundlesFromDisk` or `clearBundleCache`: a few per launch, each a small dictionary.
final class PublishedSnapshot<Object: AnyObject>: @unchecked Sendable {
    private let cell = cota_atomic_cell_create()
    private let writer = NSLock()
    /// Guarded by `writer`.
    private var published: [Object] = []

    init(_ initial: Object) {
        publish(initial)
    }

    /// Makes `object` the current one; safe from any thread (writers are serialized).
    func publish(_ object: Object) {
        writer.lock()
        published.append(object)
        cota_atomic_cell_store(cell, Unmanaged.passUnretained(object).toOpaque())
        writer.unlock()
    }

    /// Runs `body` on the current object without retaining it. Safe from any thread, lock-free.
    @inline(__always)
    func withCurrent<Result>(_ body: (Object) -> Result) -> Result {
        Unmanaged<Object>.fromOpaque(cota_atomic_cell_load(cell)!)._withUnsafeGuaranteedRef(body)
    }
}
