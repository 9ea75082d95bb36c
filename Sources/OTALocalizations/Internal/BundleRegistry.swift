internal import COTAAtomics
import Foundation

/// The process-wide snapshot of OTA bundles: module name to the folder's ``LazyBundle``, published without a lock.
///
/// `bundle(for:)` loads the current snapshot (one atomic load), looks one key up, checks whether exposures are
/// reported (one atomic load) and reads the bundle (one more atomic load once it is open): no
/// lock, no reference count on shared objects but the `Bundle` it returns (docs/benchmarks.md, `bundleFor`). A folder
/// path keeps one ``LazyBundle`` for the process, so reloading the same installs reuses their bundles, as Apple's
/// `Bundle` does per path (docs/apple-platform.md C1). A module's first lookup in a snapshot is handed to
/// ``ExposureLog`` when the app asked for exposures.
final class BundleRegistry: @unchecked Sendable {
    static let shared = BundleRegistry()

    /// One served module of one snapshot: two words, read by value from the snapshot's table.
    private struct Entry {
        let bundle: Unmanaged<LazyBundle>
        /// A cell that is non-null once the module was looked up in this snapshot while exposures were reported.
        let lookedUp: UnsafeMutableRawPointer
    }

    /// A snapshot's table holds unmanaged references: ``bundles`` keeps every bundle alive.
    private final class Snapshot: @unchecked Sendable {
        let table: [String: Entry]
        /// Why the modules the load found installed but left out of `table` use their embedded strings.
        let leftOut: [String: OTALocalizedString.EmbeddedReason]
        /// Why any other module uses its embedded strings.
        let otherwise: OTALocalizedString.EmbeddedReason
        /// Guarded by the registry's `lock`: the content of each module of `table` that was asked for.
        var served: [String: OTALocalizedString.InstalledContent] = [:]
        /// Guarded by the registry's `lock`: the modules outside `table` looked up while exposures were asked for.
        var missed: Set<String> = []

        init(_ table: [String: Entry], leftOut: [String: OTALocalizedString.EmbeddedReason], otherwise: OTALocalizedString.EmbeddedReason) {
            self.table = table
            self.leftOut = leftOut
            self.otherwise = otherwise
        }
    }

    private let current = PublishedSnapshot(Snapshot([:], leftOut: [:], otherwise: .notLoaded))
    private let lock = NSLock()
    /// Guarded by `lock`: one bundle per folder path ever loaded, kept for the process.
    private var bundles: [String: LazyBundle] = [:]

    /// The module's bundle; a first lookup opens it (``LazyBundle``). While exposures are reported, a module's first
    /// lookup in the snapshot is handed to ``ExposureLog``; otherwise the check costs one atomic load of a flag.
    func bundle(for moduleName: String) -> Bundle? {
        current.withCurrent { snapshot in
            guard let entry = snapshot.table[moduleName] else {
                if ExposureLog.shared.isEnabled { firstMiss(moduleName, in: snapshot) }
                return nil
            }
            if ExposureLog.shared.isEnabled, cota_atomic_cell_load(entry.lookedUp) == nil {
                firstLookup(moduleName, entry, in: snapshot)
            }
            return entry.bundle._withUnsafeGuaranteedRef { $0.bundle }
        }
    }

    /// Marks a served module's first lookup in `snapshot` and hands it to the exposure log (two racing first lookups
    /// may both do so: the log reports a module once per change of what it serves).
    private func firstLookup(_ moduleName: String, _ entry: Entry, in snapshot: Snapshot) {
        cota_atomic_cell_store(entry.lookedUp, UnsafeMutableRawPointer(bitPattern: 1))
        ExposureLog.shared.record(module: moduleName) { self.servedContent(in: snapshot, for: moduleName) }
    }

    /// Hands a module that `snapshot` does not serve to the exposure log at its first lookup in that snapshot.
    private func firstMiss(_ moduleName: String, in snapshot: Snapshot) {
        lock.lock()
        let first = snapshot.missed.insert(moduleName).inserted
        lock.unlock()
        guard first else { return }
        ExposureLog.shared.record(module: moduleName) { self.servedContent(in: snapshot, for: moduleName) }
    }

    /// What ``bundle(for:)`` serves for the module, described (``OTALocalizedString/servedContent(for:)``): the first
    /// call for a served module per snapshot reads its records, later ones read what it kept.
    func servedContent(for moduleName: String) -> OTALocalizedString.ServedContent {
        current.withCurrent { servedContent(in: $0, for: moduleName) }
    }

    private func servedContent(in snapshot: Snapshot, for moduleName: String) -> OTALocalizedString.ServedContent {
        guard let entry = snapshot.table[moduleName] else {
            return .embedded(snapshot.leftOut[moduleName] ?? snapshot.otherwise)
        }
        let path = entry.bundle._withUnsafeGuaranteedRef { $0.bundle == nil ? nil : $0.path }
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

    /// Publishes `folders` (module name to the standardized path of its installed folder), with why other modules use
    /// their embedded strings: `leftOut` for those the load found installed, `otherwise` for the rest.
    /// Returns whether a folder not published before since launch is among `folders`.
    @discardableResult
    func replace(
        with folders: [String: String], leftOut: [String: OTALocalizedString.EmbeddedReason] = [:],
        otherwise: OTALocalizedString.EmbeddedReason
    ) -> Bool {
        lock.lock()
        var table: [String: Entry] = [:]
        var added = false
        for (module, path) in folders {
            let bundle = bundles[path] ?? LazyBundle(path: path)
            if bundles[path] == nil { added = true }
            bundles[path] = bundle
            table[module] = Entry(bundle: Unmanaged.passUnretained(bundle), lookedUp: cota_atomic_cell_create())
        }
        current.publish(Snapshot(table, leftOut: leftOut, otherwise: otherwise))
        lock.unlock()
        return added
    }

    /// The standardized paths of every folder published since launch, also after a clear.
    func loadedFolderPaths() -> Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return Set(bundles.keys)
    }
}
