import Foundation

extension OTALocalizedString {
    /// Applies what is installed now under the default storage root, for the main bundle's `CFBundleShortVersionString`
    /// (see ``applyInstalledContent(storageRoot:appVersion:selection:trustedKeyIDs:maximumUnconfirmedLaunches:countsLaunch:)``);
    /// without an app version the cache is emptied, as ``loadBundlesFromDisk()`` does.
    @MainActor
    @discardableResult
    public static func applyInstalledContent() -> OTALocalizationApplyReport {
        guard let appVersion = OTAStorageLayout.mainBundleAppVersion else {
            let before = BundleRegistry.shared.servedContents()
            BundleRegistry.shared.replace(with: [:], otherwise: .notInstalled)
            return report(before: before, after: BundleRegistry.shared.servedContents())
        }
        return applyInstalledContent(storageRoot: OTAStorageLayout.defaultStorageRoot, appVersion: appVersion)
    }

    /// Serves what is installed now, at a point the app chooses where no text is on screen yet (before the root view,
    /// after onboarding, before a screen not shown yet): the opt-in way to show an update cycle's text in the same
    /// session. Returns what each module served before and serves now.
    ///
    /// It is the launch's load, run again with the same parameters and the same guarantees
    /// (``loadBundlesFromDisk(storageRoot:appVersion:selection:trustedKeyIDs:maximumUnconfirmedLaunches:countsLaunch:)``):
    /// only complete folders, only those a trusted key vouched for when `trustedKeyIDs` is not empty (else the module
    /// is `.embedded(.notVouched)`), only slices that cover `selection`, each folder named in this process's reader lease
    /// before it is handed out, the embedded bundle for everything else. Pass what the launch passed (the service's
    /// configuration does: `applyInstalledContent(configuration:)` in `OTALocalizationsSync`).
    ///
    /// The crash-loop guard counts it as a launch of the content it finds: content this process has not loaded before
    /// is one unconfirmed launch attempt (when `countsLaunch`), and content at `maximumUnconfirmedLaunches` or named by a
    /// quarantine record is refused, so every module then serves its embedded strings (`.embedded(.quarantined)`), as at
    /// a launch. Content this process already loaded is not counted again. Call ``confirmLaunch()`` again once the
    /// screens built after the apply have shown for a few seconds: a publish that crashes the app after an apply is
    /// quarantined after the same two unconfirmed attempts (this one and the next launch) as one that crashes it at
    /// launch.
    ///
    /// No `Bundle` ever changes: a new content is a new folder, opened as a new `Bundle` at the module's next
    /// ``bundle(for:)``; a `Bundle` handed out before keeps reading its own folder, which stays on disk while this
    /// process lives (its lease names it). So text already on screen, and any `Bundle` a view kept, does not change;
    /// views built after the call read the new one. The exposure handler (``reportExposures(to:)``) reports a module
    /// whose served content changed at its next first lookup.
    ///
    /// Call it on the main actor, where no lookup is building text that must stay consistent; ``bundle(for:)`` stays
    /// safe from every thread meanwhile. Costs what a launch's load costs (three small reads per module, the guard's
    /// locked write when the content is new, the lease) plus reading the `rollout` and `published` records of each served
    /// module, for the report. Running it while an update cycle installs may find some modules of the new publish
    /// installed and others not (each module is complete, old or new): call it after the cycle's report, or at the next
    /// safe point.
    @MainActor
    @discardableResult
    public static func applyInstalledContent(
        storageRoot: URL, appVersion: String, selection: OTALocalizationSelection = .device, trustedKeyIDs: Set<String> = [],
        maximumUnconfirmedLaunches: Int? = defaultMaximumUnconfirmedLaunches, countsLaunch: Bool = true
    ) -> OTALocalizationApplyReport {
        let before = BundleRegistry.shared.servedContents()
        loadBundlesFromDisk(
            storageRoot: storageRoot, appVersion: appVersion, selection: selection, trustedKeyIDs: trustedKeyIDs,
            maximumUnconfirmedLaunches: maximumUnconfirmedLaunches, countsLaunch: countsLaunch)
        return report(before: before, after: BundleRegistry.shared.servedContents())
    }

    /// Every module either snapshot knows, each side filled with that snapshot's reason for modules it does not know.
    private static func report(
        before: (modules: [String: ServedContent], otherwise: EmbeddedReason),
        after: (modules: [String: ServedContent], otherwise: EmbeddedReason)
    ) -> OTALocalizationApplyReport {
        let names = Set(before.modules.keys).union(after.modules.keys)
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return OTALocalizationApplyReport(modules: names.map { name in
            OTALocalizationApplyReport.Module(
                name: name, before: before.modules[name] ?? .embedded(before.otherwise),
                after: after.modules[name] ?? .embedded(after.otherwise))
        })
    }
}
