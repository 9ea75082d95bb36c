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
        /// Why the modules the load found installed but left out of `table` use their embedded strings.
        let leftOut: [String: OTALocalizedString.EmbeddedReason]
        /// Why any other module uses its embedded strings.
        let otherwise: OTALocalizedString.EmbeddedReason
        /// Guarded by the registry's `lock`: the content of each module of `table` that was asked for.
        var served: [String: OTALocalizedString.InstalledContent] = [:]

        init(
            _ table: [String: Unmanaged<LazyBundle>], leftOut: [String: OTALocalizedString.EmbeddedReason],
            otherwise: OTALocalizedString.EmbeddedReason
        ) {
            self.table = table
            self.leftOut = leftOut
            self.otherwise = otherwise
        }
    }

    private let current = PublishedSnapshot(Snapshot([:], leftOut: [:], otherwise: .notLoaded))
    private let lock = NSLock()
    /// Guarded by `lock`: one bundle per folder path ever loaded, kept for the process.
    private var entries: [String: LazyBundle] = [:]

    /// The module's bundle; a first lookup opens it (``LazyBundle``).
    func bundle(for moduleName: String) -> Bundle? {
        guard let entry = current.withCurrent({ $0.table[moduleName] }) else { return nil }
        return entry._withUnsafeGuaranteedRef { $0.bundle }
    }

    /// What ``bundle(for:)`` serves for the module, described (``OTALocalizedString/servedContent(for:)``): the first
    /// call for a served module per snapshot reads its records, later ones read what it kept.
    func servedContent(for moduleName: String) -> OTALocalizedString.ServedContent {
        current.withCurrent { snapshot in
            guard let entry = snapshot.table[moduleName] else {
                return .embedded(snapshot.leftOut[moduleName] ?? snapshot.otherwise)
            }
            let path = entry._withUnsafeGuaranteedRef { $0.bundle == nil ? nil : $0.path }
            guard let path else { return .embedded(.unreadable) }
            lock.lock()
            let kept = snapshot.served[moduleName]
            lock.unlock()
            if let kept { return .overTheAir(kept) }
            let folderName = (path as NSString).lastPathComponent
            let read = OTALocalizedString.InstalledContent(
                recordsBesideFolder: path, folderSHA256: OTAStorageLayout.folderHash(ofInstallFolderName: folderName) ?? folderName)
            // The first answer stands, so every caller sees the same value for this snapshot.
            lock.lock()
            defer { lock.unlock() }
            if let first = snapshot.served[moduleName] { return .overTheAir(first) }
            snapshot.served[moduleName] = read
            return .overTheAir(read)
        }
    }

    /// Publishes `folders` (module name to the standardized path of its installed folder), with why other modules use
    /// their embedded strings: `leftOut` for those the load found installed, `otherwise` for the rest.
    /// Returns whether a folder not published before since launch is among `folders`.
    @discardableResult
    func replace(
        with folders: [String: String], leftOut: [String: OTALocalizedString.EmbeddedReason] = [:],
        otherwise: OTALocalizedString.EmbeddedReason
    ) -> Bool {
        lock.lock()
        var table: [String: Unmanaged<LazyBundle>] = [:]
        var added = false
        for (module, path) in folders {
            let entry = entries[path] ?? LazyBundle(path: path)
            if entries[path] == nil { added = true }
            entries[path] = entry
            table[module] = Unmanaged.passUnretained(entry)
        }
        current.publish(Snapshot(table, leftOut: leftOut, otherwise: otherwise))
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
