import Foundation

extension OTALocalizedString {
    /// The unconfirmed launches in a row after which the crash-loop guard quarantines the content they were handed: 2.
    public static let defaultMaximumUnconfirmedLaunches = 2

    /// Confirms this launch under the default storage root, for the main bundle's `CFBundleShortVersionString`
    /// (see ``confirmLaunch(storageRoot:appVersion:)``); does nothing without one.
    @MainActor
    public static func confirmLaunch() {
        guard let appVersion = OTAStorageLayout.mainBundleAppVersion else { return }
        confirmLaunch(storageRoot: OTAStorageLayout.defaultStorageRoot, appVersion: appVersion)
    }

    /// Tells the crash-loop guard that this launch works: the count of unconfirmed launches starts again at zero.
    ///
    /// Call it once the app has shown its first screen for a few seconds (docs/integration.md, "Confirm the launch").
    /// The count is shared by every process on the storage root: an extension that loads with `countsLaunch` false
    /// neither counts nor confirms. One `open`, `flock`, `pread` and `pwrite` of a 70-byte file (waiting at most about
    /// 2 s for a lock another process holds); creates nothing when no launch was counted. A launch that was refused its
    /// content because the count was at the limit confirms nothing, and a quarantine already recorded stays: its
    /// content is not served again (``OTALaunchQuarantine``).
    @MainActor
    public static func confirmLaunch(storageRoot: URL, appVersion: String) {
        let layout = OTAStorageLayout(storageRoot: storageRoot, appVersion: appVersion)
        guard layout.hasUsableAppVersion else { return }
        LaunchGuard.confirm(layout)
    }

    /// The quarantine in force for `appVersion` under `storageRoot`: the record whose content is what is installed now
    /// (so every launch serves embedded strings), or nil (docs/design.md, "The crash-loop guard").
    ///
    /// Reads the quarantine file and each module's `current` pointer, `Info.plist` and seal; safe from any thread.
    public static func launchQuarantine(storageRoot: URL, appVersion: String) -> OTALaunchQuarantine? {
        let layout = OTAStorageLayout(storageRoot: storageRoot, appVersion: appVersion)
        guard layout.hasUsableAppVersion else { return nil }
        let records = OTALaunchQuarantine.loadAll(layout)
        return records.isEmpty ? nil : OTALaunchQuarantine.matching(BundleDiskLoader.installedContent(layout), in: records)
    }

    /// Every quarantine recorded for `appVersion` under `storageRoot`, oldest first: content that is never served nor
    /// installed again on this device. Reads one small file; safe from any thread.
    public static func launchQuarantines(storageRoot: URL, appVersion: String) -> [OTALaunchQuarantine] {
        let layout = OTAStorageLayout(storageRoot: storageRoot, appVersion: appVersion)
        return layout.hasUsableAppVersion ? OTALaunchQuarantine.loadAll(layout) : []
    }

    /// The unconfirmed launches the record counts (of whatever content it names), 0 when there is none.
    package static func unconfirmedLaunches(storageRoot: URL, appVersion: String) -> Int {
        let layout = OTAStorageLayout(storageRoot: storageRoot, appVersion: appVersion)
        guard layout.hasUsableAppVersion,
              let data = SmallFile.prefix(layout.launchAttemptsFile.path, count: OTAStorageLayout.launchAttemptsRecordBytes + 1)
        else { return 0 }
        return OTAStorageLayout.parseLaunchAttempts(data)?.count ?? 0
    }

    /// Forgets which launches this process counted, as a new process would: for tests of the guard in one process.
    @MainActor
    package static func forgetLaunchesCountedThisProcess() {
        LaunchGuard.forget()
    }
}

extension OTALocalizedString {
    /// Removes every quarantine record of `appVersion` under `storageRoot` and sets the unconfirmed launches back to 0
    /// (a QA action: `OTALocalizationService.clearLaunchQuarantines()`); returns how many records went, nil when the
    /// records could not be changed. Takes the count's lock (at most about 2 s); the running session keeps what it
    /// serves, the next launch serves the installed content again.
    @MainActor
    package static func clearLaunchQuarantines(storageRoot: URL, appVersion: String) -> Int? {
        let layout = OTAStorageLayout(storageRoot: storageRoot, appVersion: appVersion)
        guard layout.hasUsableAppVersion else { return 0 }
        return LaunchGuard.clearQuarantines(layout)
    }
}
