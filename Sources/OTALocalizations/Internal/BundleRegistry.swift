import Foundation

/// The process-wide snapshot of OTA bundles: module name to the folder's ``LazyBundle``, published without a lock.
///
/// `bundle(for:)` loads the current snapshot (one atomic load), looks one key up, and reads the bundle (one more
/// atomic load once it is open): no lock, no reference count on shared objects but the `Bundle` it returns
/// (docs/benchmarks.md, `bundleFor`). A folder path keeps one ``LazyBundle`` for the process, so reloading the same
/// installs reuses their bundles, as Apple's `Bundle` does per path (docs/apple-platform.md C1).
final class BundleRegistry: @unchecked Sendable {
    static let shared = BundleRegistry()

    /// A snapshot's table holds unmanaged references: ``entries`` keeps every bundle alive.
    private final class Snapshot {
        let table: [String: Unmanaged<LazyBundle>]
        init(_ table: [String: Unmanaged<LazyBundle>]) { self.table = table }
    }

    private let current = PublishedSnapshot(Snapshot([:]))
    private let lock = NSLock()
    /// Guarded by `lock`: one bundle per folder path ever loaded, kept for the process.
    private var entries: [String: LazyBundle] = [:]

    /// The module's bundle; a first lookup opens it (``LazyBundle``).
    func bundle(for moduleName: String) -> Bundle? {
        guard let entry = current.withCurrent({ $0.table[moduleName] }) else { return nil }
        return entry._withUnsafeGuaranteedRef { $0.bundle }
    }

    /// Publishes `folders` (module name to the standardized path of its installed folder).
    /// Returns whether a folder not published before since launch is among `folders`.
    @discardableResult
    func replace(with folders: [String: String]) -> Bool {
        lock.lock()
        var table: [String: Unmanaged<LazyBundle>] = [:]
        var added = false
        for (module, path) in folders {
            let entry = entries[path] ?? LazyBundle(path: path)
            if entries[path] == nil { added = true }
            entries[path] = entry
            table[module] = Unmanaged.passUnretained(entry)
        }
        current.publish(Snapshot(table))
        lock.unlock()
        return added
    }

    /// The standardized paths of every folder published since launch, also after a clear.
    func loadedFolderPaths() -> Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return Set(entries.keys)
    }
}
