import Foundation

/// The process-wide snapshot of OTA bundles, published through a lock.
///
/// `bundle(for:)` takes the lock, looks one key up and releases it: an uncontended `NSLock` plus a dictionary
/// lookup costs tens of nanoseconds (docs/benchmarks.md, `bundleFor`: under 80 ns a call). `Mutex` would need iOS 18 /
/// macOS 15.
final class BundleRegistry: @unchecked Sendable {
    static let shared = BundleRegistry()

    private let lock = NSLock()
    /// Guarded by `lock`.
    private var bundles: [String: LazyBundle] = [:]
    /// Guarded by `lock`: every folder loaded since launch, kept even after a clear.
    private var everLoaded: Set<String> = []

    /// The module's bundle; the registry lock is released before a first lookup opens it (``LazyBundle``).
    func bundle(for moduleName: String) -> Bundle? {
        lock.lock()
        let entry = bundles[moduleName]
        lock.unlock()
        return entry?.bundle
    }

    /// Publishes `newBundles`; `folderPaths` are the standardized paths of their folders.
    func replace(with newBundles: [String: LazyBundle], folderPaths: Set<String> = []) {
        lock.lock()
        bundles = newBundles
        everLoaded.formUnion(folderPaths)
        lock.unlock()
    }

    func loadedFolderPaths() -> Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return everLoaded
    }
}
