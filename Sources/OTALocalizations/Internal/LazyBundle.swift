import Foundation

/// A module's installed folder whose `Bundle` is opened once, at its first lookup, from whichever thread asks.
///
/// `Bundle(url:)` is safe to call from any thread; the lock makes every caller get the same instance. The folder is
/// kept as a path string until then: building a file `URL` costs more than the launch path's file reads when the path
/// holds a `%` (storage names do, ``OTAStorageLayout/storageName(forModule:)``).
final class LazyBundle: @unchecked Sendable {
    /// The folder's standardized path.
    let path: String
    private let lock = NSLock()
    private var opened = false
    private var cached: Bundle?

    init(path: String) {
        self.path = path
    }

    /// The folder as a file URL.
    var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    /// The folder's `Bundle`, or nil when it cannot be opened (the module then uses its embedded bundle).
    var bundle: Bundle? {
        lock.lock()
        defer { lock.unlock() }
        if !opened {
            cached = Bundle(url: url)
            opened = true
        }
        return cached
    }
}
