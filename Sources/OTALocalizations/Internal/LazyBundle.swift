import Foundation

/// A module's installed folder whose `Bundle` is opened once, at its first lookup, from whichever thread asks.
///
/// `Bundle(url:)` is safe to call from any thread; the lock makes every caller get the same instance.
final class LazyBundle: @unchecked Sendable {
    let url: URL
    private let lock = NSLock()
    private var opened = false
    private var cached: Bundle?

    init(url: URL) {
        self.url = url
    }

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
