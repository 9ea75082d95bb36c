import Foundation

/// The read side of OTA localizations: the installed bundle of each module, for `NSLocalizedString` and friends.
///
/// Use it from a module's computed `localizationBundle`, with the embedded bundle as the fallback:
/// ```swift
/// extension Bundle {
///     static var localizationBundle: Bundle {
///         OTALocalizedString.bundle(for: "Checkout") ?? .module
///     }
/// }
/// ```
/// Call ``loadBundlesFromDisk()`` early in launch (new strings take effect at the next cold start, or at a safe point
/// the app chooses with ``applyInstalledContent()``), and
/// ``clearBundleCache()`` before the kill switch deletes the files. Ask ``bundle(for:)`` at every lookup and never
/// keep the `Bundle` it returns: the kill switch may delete its folder mid-session.
///
/// This type never deletes or repairs anything on disk and never touches the network; it writes only the crash-loop
/// guard's two small files and its reader lease (``loadBundlesFromDisk(storageRoot:appVersion:selection:trustedKeyIDs:maximumUnconfirmedLaunches:countsLaunch:maximumContentAgeSeconds:channel:)``)
/// and, with an in-app language override the app opted into, the override's bundles (``bundle(for:embedded:)``).
public enum OTALocalizedString {
    /// Returns the OTA bundle loaded for `moduleName`, or nil when the module has no complete, readable install.
    ///
    /// Safe from any thread, synchronous and lock-free once the module's bundle is open (about a dictionary lookup),
    /// also while the main actor clears or reloads the cache. Returns nil until ``loadBundlesFromDisk()`` has run.
    /// ``servedContent(for:)`` says which content it serves, or why it returns nil.
    public static func bundle(for moduleName: String) -> Bundle? {
        BundleRegistry.shared.bundle(for: moduleName)
    }

    /// Loads the running app version's installed bundles from the default storage root.
    ///
    /// The storage root is ``OTAStorageLayout/defaultStorageRoot`` (`Application Support/<bundle identifier>/OTALocalizations`) and
    /// the app version is the main bundle's `CFBundleShortVersionString`; without one, the cache is emptied.
    @MainActor
    public static func loadBundlesFromDisk() {
        guard let appVersion = OTAStorageLayout.mainBundleAppVersion else {
            BundleRegistry.shared.replace(with: [:], otherwise: .notInstalled)
            return
        }
        loadBundlesFromDisk(storageRoot: OTAStorageLayout.defaultStorageRoot, appVersion: appVersion)
    }

    /// Replaces the cache with the bundles installed for `appVersion` under `storageRoot`.
    ///
    /// For each `modules/<Module>/current` that names a folder whose `Info.plist` can be read, records that
    /// folder; its `Bundle(url:)` is opened at the module's first ``bundle(for:)``, so launch pays only for the
    /// file reads. A module whose `Info.plist` cannot be
    /// read now (for example before the first unlock on iOS) is left out: its embedded bundle is used this
    /// session, and a `Bundle` is never opened on an unreadable folder, because it would cache that emptiness
    /// for the process (docs/apple-platform.md D3, D4). Other app versions' folders are never looked at.
    ///
    /// A module installed from slices (docs/design.md, "Slices") is left out too when its installed localizations do
    /// not cover `selection` (the user switched language since): its embedded bundle serves it until the next cycle
    /// installs the missing slice. Pass the service's `localizationSelection`; the default is the device's languages.
    ///
    /// With `trustedKeyIDs` (the keyids of the service's trusted keys, 64 lowercase hex digits: `OTALocalizationsSync` has
    /// `loadBundlesFromDisk(configuration:)`, which passes them), a module is served only when its vouch record names
    /// its installed folder and one of these keyids: a build that trusts signing keys never serves text that no
    /// trusted key vouched for, from its first launch, offline included (docs/signing.md).
    ///
    /// The crash-loop guard (docs/design.md, "The crash-loop guard"): the *content* is what is installed (each module's
    /// `current` folder, whatever this launch can serve of it). A load that hands out at least one bundle is a launch
    /// attempt of that content, counted once per process and content in `<storageRoot>/<appVersion>/launch-attempts`
    /// (one locked 70-byte write) until ``confirmLaunch()``. When `maximumUnconfirmedLaunches` attempts in a row of
    /// the same content came without a confirmation, this load hands out none (every module uses its embedded
    /// strings) and records an ``OTALaunchQuarantine``; so does every load while the installed content is one a record
    /// names. Other content (a newer publish, a rollback) is served and counted afresh. With `countsLaunch` false (a
    /// launch in the background, an app extension) a recorded quarantine is honoured but nothing is counted; with
    /// `maximumUnconfirmedLaunches` nil the guard is off (no counting, no quarantine honoured; values below 1 count as
    /// 1). The count, the quarantine records and a reader lease are all the read side ever writes: the lease
    /// (`<storageRoot>/<appVersion>/readers/<storage name of the bundle identifier>.<process id>.lease`) names the
    /// folders this process handed out, so that no update cycle, in this process or another sharing the storage root (an
    /// app and its extensions, through an App Group), deletes them within ``OTAStorageLayout/readerLeaseLifetimeSeconds``
    /// (24 hours) of the load. It is written before the folders are handed out, and a folder whose module's `current`
    /// changed in between is not handed out (its embedded bundle serves this session).
    ///
    /// With `maximumContentAgeSeconds` (a positive number of seconds; `OTALocalizationsSync` passes its configuration's
    /// `maximumContentAgeSeconds` and `channel`), the load reads the freshness record
    /// (``OTAStorageLayout/freshnessFileName``): when `channel`'s last fresh signed index (nil: production) is older
    /// than that at the device clock, or none is recorded, no module is handed out (``EmbeddedReason/contentTooOld``)
    /// and nothing is counted. Without it, nothing more is read.
    @MainActor
    public static func loadBundlesFromDisk(
        storageRoot: URL, appVersion: String, selection: OTALocalizationSelection = .device, trustedKeyIDs: Set<String> = [],
        maximumUnconfirmedLaunches: Int? = defaultMaximumUnconfirmedLaunches, countsLaunch: Bool = true,
        maximumContentAgeSeconds: TimeInterval? = nil, channel: String? = nil
    ) {
        let layout = OTAStorageLayout(storageRoot: storageRoot, appVersion: appVersion)
        var loaded = BundleDiskLoader.load(layout, selection: selection, trustedKeyIDs: trustedKeyIDs)
        if let maximumContentAgeSeconds, !loaded.folders.isEmpty,
           OTAStorageLayout.isContentTooOld(
               lastFreshAt: layout.lastFreshAt(channel: channel), maximumSeconds: maximumContentAgeSeconds, now: Date()) {
            for module in loaded.folders.keys { loaded.leftOut[module] = .contentTooOld }
            loaded.folders = [:]
        }
        let admitted = LaunchGuard.admit(
            loaded.folders, content: loaded.content, layout: layout, maximumUnconfirmedLaunches: maximumUnconfirmedLaunches,
            countsLaunch: countsLaunch)
        // Leased before it is handed out, so no update cycle collects a folder this process serves.
        let handedOut = ReaderLease.hold(layout, handingOut: admitted.folders)
        // Why each module found installed is not handed out, for servedContent(for:).
        var leftOut = loaded.leftOut
        for module in loaded.folders.keys where handedOut[module] == nil {
            leftOut[module] = admitted.refusal ?? .replacedDuringLoad
        }
        BundleRegistry.shared.replace(
            with: handedOut, leftOut: leftOut, otherwise: .notInstalled, override: LanguageOverride.next.map { ($0, layout) })
    }

    /// Empties the cache: every ``bundle(for:)`` returns nil (the embedded bundles) from now on.
    ///
    /// The kill switch calls this first, then `OTALocalizationService.deleteAllBundles()`.
    @MainActor
    public static func clearBundleCache() {
        BundleRegistry.shared.replace(with: [:], otherwise: .cleared)
    }

    /// The standardized paths of every bundle folder loaded in this process since launch, also after a clear.
    ///
    /// The service never deletes these while the process lives (docs/design.md, "On the device").
    package static func foldersLoadedThisProcess() -> Set<String> {
        BundleRegistry.shared.loadedFolderPaths()
    }
}
