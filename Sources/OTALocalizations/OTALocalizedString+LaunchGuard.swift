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
    /// Call it once the app has shown its first screen for a few seconds (docs/integration.md, "Confirm the launch");
    /// each process that loads bundles (an extension too) confirms its own launches. One `open`, `flock` and
    /// `ftruncate` of a 70-byte file; creates nothing when no launch was counted. A quarantine already recorded stays:
    /// its content is not served again (``OTALaunchQuarantine``).
    @MainActor
    public static func confirmLaunch(storageRoot: URL, appVersion: String) {
        let layout = OTAStorageLayout(storageRoot: storageRoot, appVersion: appVersion)
        guard layout.hasUsableAppVersion else { return }
        LaunchGuard.confirm(layout)
    }

    /// The quarantine recorded for `appVersion` under `storageRoot`, or nil (docs/design.md, "The crash-loop guard").
    ///
    /// Reads one small file; safe from any thread.
    public static func launchQuarantine(storageRoot: URL, appVersion: String) -> OTALaunchQuarantine? {
        let layout = OTAStorageLayout(storageRoot: storageRoot, appVersion: appVersion)
        return layout.hasUsableAppVersion ? OTALaunchQuarantine.load(layout) : nil
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
