internal import COTAAtomics
import Foundation

/// A module's installed folder in one snapshot of the read side, whose `Bundle` is handed out from its first lookup.
///
/// Once published, a lookup is one atomic load (acquire) of the `Bundle`; the first lookups take a lock so that every
/// caller gets the same instance. The `Bundle` itself comes from `open`, which the registry gives: one `Bundle` per
/// folder path for the process, opened at the folder's first lookup in any snapshot (`Bundle(url:)` is safe to call
/// from any thread). The one lookup that publishes it runs `firstLookup` after releasing the lock: the exposure of
/// the module in this snapshot (``ExposureLog``), at no cost to later lookups.
final class LazyBundle: @unchecked Sendable {
    /// The folder's standardized path.
    let path: String
    /// The opened `Bundle` (retained by `opened`), or the cell's own address when it could not be opened.
    private let cell = cota_atomic_cell_create()
    private let lock = NSLock()
    /// Guarded by `lock`; written once. Keeps the published `Bundle` alive.
    private var opened: Bundle?
    private let open: @Sendable () -> Bundle?
    private let firstLookup: @Sendable () -> Void

    init(path: String, open: @escaping @Sendable () -> Bundle?, firstLookup: @escaping @Sendable () -> Void) {
        self.path = path
        self.open = open
        self.firstLookup = firstLookup
    }

    /// The folder's `Bundle`, or nil when it cannot be opened (the module then uses its embedded bundle).
    var bundle: Bundle? {
        if let raw = cota_atomic_cell_load(cell) {
            return raw == cell ? nil : Unmanaged<Bundle>.fromOpaque(raw).takeUnretainedValue()
        }
        lock.lock()
        let published = cota_atomic_cell_load(cell) == nil
        if published {
            opened = open()
            cota_atomic_cell_store(cell, opened.map { Unmanaged.passUnretained($0).toOpaque() } ?? cell)
        }
        let bundle = opened
        lock.unlock()
        if published { firstLookup() }
        return bundle
    }
}
