internal import COTAAtomics
import Foundation

/// The process-wide snapshot of OTA bundles: module name to the folder's ``LazyBundle``, published without a lock.
///
/// `bundle(for:)` loads the current snapshot (one atomic load), looks one key up, and reads the bundle (one more
/// atomic load once it is open): no lock, no reference count on shared objects but the `Bundle` it returns
/// (docs/benchmarks.md, `bundleFor`). Each snapshot has a ``LazyBundle`` per module, whose first lookup is the
/// module's exposure in that snapshot (``ExposureLog``); a folder path keeps one `Bundle` for the process, so
/// reloading the same installs reuses their bundles, as Apple's `Bundle` does per path (docs/apple-platform.md C1).
final class BundleRegistry: @unchecked Sendable {
    static let shared = BundleRegistry()

    /// A snapshot's table holds unmanaged references: ``Snapshot/bundles`` keeps them alive.
    private final class Snapshot: @unchecked Sendable {
        let table: [String: Unmanaged<LazyBundle>]
        let bundles: [LazyBundle]
        /// Why the modules the load found installed but left out of `table` use their embedded strings.
        let leftOut: [String: OTALocalizedString.EmbeddedReason]
        /// Why any other module uses its embedded strings.
        let otherwise: OTALocalizedString.EmbeddedReason
        /// Guarded by the registry's `lock`: the content of each module of `table` that was asked for.
        var served: [String: OTALocalizedString.InstalledContent] = [:]
        /// Guarded by the registry's `lock`: the modules outside `table` looked up while exposures were reported.
        var missed: Set<String> = []
        /// The in-app language override in force for this snapshot, and the layout its bundles are written under.
        let override: (language: String, layout: OTAStorageLayout)?
        /// Guarded by the registry's `lock`: each module's bundle under `override`, once asked for.
        var overridden: [String: Bundle] = [:]

        init(
            _ bundles: [String: LazyBundle], leftOut: [String: OTALocalizedString.EmbeddedReason],
            otherwise: OTALocalizedString.EmbeddedReason, override: (language: String, layout: OTAStorageLayout)? = nil
        ) {
            self.bundles = Array(bundles.values)
            table = bundles.mapValues { Unmanaged.passUnretained($0) }
            self.leftOut = leftOut
            self.otherwise = otherwise
            self.override = override
        }
    }

    private let current = PublishedSnapshot(Snapshot([:], leftOut: [:], otherwise: .notLoaded))
    private let lock = NSLock()
    /// Guarded by `lock`: every folder path published since launch, with its `Bundle` once a lookup opened it (nil:
    /// not opened yet, or it could not be opened), kept for the process.
    private var opened: [String: Bundle?] = [:]

    /// The module's bundle; a first lookup opens it (``LazyBundle``). A module the snapshot does not serve is handed
    /// to the exposure log at its first lookup while exposures are reported (one atomic load of a flag otherwise).
    func bundle(for moduleName: String) -> Bundle? {
        current.withCurrent { snapshot in
            guard let entry = snapshot.table[moduleName] else {
                if ExposureLog.shared.isEnabled { firstMiss(moduleName, in: snapshot) }
                return nil
            }
            return entry._withUnsafeGuaranteedRef { $0.bundle }
        }
    }

    /// The one `Bundle` of a folder path for the process, opened at its first call.
    private func openBundle(atPath path: String) -> Bundle? {
        lock.lock()
        defer { lock.unlock() }
        if let known = opened[path], let bundle = known { return bundle }
        let bundle = Bundle(url: URL(fileURLWithPath: path, isDirectory: true))
        if bundle != nil { opened[path] = bundle }
        return bundle
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
        // Opened through the registry, not the snapshot's ``LazyBundle``, whose first lookup is the module's exposure.
        let path = entry._withUnsafeGuaranteedRef { $0.path }
        guard openBundle(atPath: path) != nil else { return .embedded(.unreadable) }
        return .overTheAir(installedContent(in: snapshot, for: moduleName, atPath: path))
    }

    /// The content of the folder at `path` that `snapshot` serves for the module: read from its records at the first
    /// call per snapshot, kept after.
    private func installedContent(
        in snapshot: Snapshot, for moduleName: String, atPath path: String
    ) -> OTALocalizedString.InstalledContent {
        lock.lock()
        let kept = snapshot.served[moduleName]
        lock.unlock()
        if let kept { return kept }
        let folderName = (path as NSString).lastPathComponent
        let read = OTALocalizedString.InstalledContent(
            recordsBesideFolder: path, folderSHA256: OTAStorageLayout.folderHash(ofInstallFolderName: folderName) ?? folderName)
        // The first answer stands, so every caller sees the same value for this snapshot.
        lock.lock()
        defer { lock.unlock() }
        if let first = snapshot.served[moduleName] { return first }
        snapshot.served[moduleName] = read
        return read
    }

    /// What the current snapshot serves for every module it knows (those it serves and those its load found installed
    /// but left out), and why any other module uses its embedded strings; for ``OTALocalizedString/applyInstalledContent(storageRoot:appVersion:selection:trustedKeyIDs:maximumUnconfirmedLaunches:countsLaunch:)``.
    ///
    /// Opens no `Bundle` (a served module is described by its records, as ``servedContent(for:)`` does once its bundle
    /// opened) and triggers no exposure.
    func servedContents() -> (modules: [String: OTALocalizedString.ServedContent], otherwise: OTALocalizedString.EmbeddedReason) {
        current.withCurrent { snapshot in
            var modules = snapshot.leftOut.mapValues { OTALocalizedString.ServedContent.embedded($0) }
            for (module, entry) in snapshot.table {
                let path = entry._withUnsafeGuaranteedRef { $0.path }
                modules[module] = .overTheAir(installedContent(in: snapshot, for: module, atPath: path))
            }
            return (modules, snapshot.otherwise)
        }
    }

    /// Publishes `folders` (module name to the standardized path of its installed folder), with why other modules use
    /// their embedded strings: `leftOut` for those the load found installed, `otherwise` for the rest.
    /// Returns whether a folder not published before since launch is among `folders`.
    @discardableResult
    func replace(
        with folders: [String: String], leftOut: [String: OTALocalizedString.EmbeddedReason] = [:],
        otherwise: OTALocalizedString.EmbeddedReason, override: (language: String, layout: OTAStorageLayout)? = nil
    ) -> Bool {
        lock.lock()
        var added = false
        for path in folders.values where opened[path] == nil {
            opened[path] = .some(nil)
            added = true
        }
        lock.unlock()
        // The snapshot's bundles capture it weakly through this box, filled once it exists.
        let box = SnapshotBox()
        var bundles: [String: LazyBundle] = [:]
        for (module, path) in folders {
            bundles[module] = LazyBundle(path: path, open: { [unowned self] in self.openBundle(atPath: path) }) {
                [unowned self] in
                guard ExposureLog.shared.isEnabled, let snapshot = box.snapshot else { return }
                ExposureLog.shared.record(module: module) { self.servedContent(in: snapshot, for: module) }
            }
        }
        let snapshot = Snapshot(bundles, leftOut: leftOut, otherwise: otherwise, override: override)
        box.snapshot = snapshot
        current.publish(snapshot)
        return added
    }

    /// The module's bundle for a lookup that knows its embedded bundle (``OTALocalizedString/bundle(for:embedded:)``):
    /// without a language override, ``bundle(for:)`` or `embedded`; with one, the module's override bundle
    /// (``LanguageOverrideFolder``), merged at the first call per snapshot from the over-the-air folder when the load
    /// handed one out that holds the language, else from `embedded`.
    func bundle(for moduleName: String, embedded: Bundle) -> Bundle {
        let override = current.withCurrent { $0.override }
        guard override != nil else { return bundle(for: moduleName) ?? embedded }
        return current.withCurrent { snapshot in
            guard let (language, layout) = snapshot.override else { return bundle(for: moduleName) ?? embedded }
            lock.lock()
            let known = snapshot.overridden[moduleName]
            lock.unlock()
            if let known { return known }
            var source = embedded
            if let entry = snapshot.table[moduleName] {
                let (path, installed) = entry._withUnsafeGuaranteedRef { ($0.path, $0.bundle) }
                if let installed, BundleDiskLoader.covers(path, OTALocalizationSelection(preferredLanguages: [language])) {
                    source = installed
                }
            }
            let built = LanguageOverrideFolder.folder(module: moduleName, source: source, language: language, layout: layout)
                .flatMap { Bundle(url: $0) } ?? source
            lock.lock()
            defer { lock.unlock() }
            if let first = snapshot.overridden[moduleName] { return first }
            snapshot.overridden[moduleName] = built
            return built
        }
    }

    /// The in-app language override of the current snapshot.
    var languageOverride: String? {
        current.withCurrent { $0.override?.language }
    }

    /// The standardized paths of every folder published since launch, also after a clear.
    func loadedFolderPaths() -> Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return Set(opened.keys)
    }

    /// A snapshot for the closures of its own bundles, set once before it is published (snapshots live for the
    /// process: ``PublishedSnapshot``).
    private final class SnapshotBox: @unchecked Sendable {
        var snapshot: Snapshot?
    }
}
