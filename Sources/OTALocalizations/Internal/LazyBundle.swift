internal import COTAAtomics
import Foundation

/// A module's installed folder whose `Bundle` is opened once, at its first lookup, from whichever thread asks.
///
/// Once open, a lookup is one atomic load (acquire) of the published `Bundle`; the first lookups take a lock so that
/// every caller gets the same instance. `Bundle(url:)` is safe to call from any thread. The folder is kept as a path
/// string until then: building a file `URL` costs more than the launch path's file reads when the path holds a `%`
/// (storage names do, ``OTAStorageLayout/storageName(forModule:)``).
final class LazyBundle: @unchecked Sendable {
    /// The folder's standardized path.
    let path: String
    /// The opened `Bundle` (retained by `opened`), or the cell's own address when it could not be opened.
    private let cell = cota_atomic_cell_create()
    private let lock = NSLock()
    /// Guarded by `lock`; written once. Keeps the published `Bundle` alive.
    private var opened: Bundle?

    init(path: String) {
        self.path = path
    }

    /// The folder as a file URL.
    var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    /// The folder's `Bundle`, or nil when it cannot be opened (the module then uses its embedded bundle).
    var bundle: Bundle? {
        if let raw = cota_atomic_cell_load(cell) {
            return raw == cell ? nil : Unmanaged<Bundle>.fromOpaque(raw).takeUnretainedValue()
        }
        lock.lock()
        defer { lock.unlock() }
        if cota_atomic_cell_load(cell) == nil {
            opened = Bundle(url: url)
            cota_atomic_cell_store(cell, opened.map { Unmanaged.passUnretained($0).toOpaque() } ?? cell)
        }
        return opened
    }
}
