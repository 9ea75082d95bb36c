import Foundation

extension OTALocalizedString {
    /// What a launch that loads now would serve for each module installed for `appVersion` under `storageRoot`,
    /// read without writing anything: no launch is counted, no reader lease is written, this process's cache is
    /// untouched (the `status` command's view of a device).
    ///
    /// The reasons are the load's (``EmbeddedReason``): `notVouched`, `unreadable`, `languagesNotCovered`, and
    /// `quarantined` when a quarantine record names the installed content or its unconfirmed launches reached
    /// `maximumUnconfirmedLaunches` (the next counted launch quarantines it), `contentTooOld` past
    /// `maximumContentAgeSeconds` (as ``loadBundlesFromDisk(storageRoot:appVersion:selection:trustedKeyIDs:maximumUnconfirmedLaunches:countsLaunch:maximumContentAgeSeconds:channel:)``
    /// decides it). Modules without a `current` pointer are absent.
    package static func servedAtNextLaunch(
        storageRoot: URL, appVersion: String, selection: OTALocalizationSelection, trustedKeyIDs: Set<String> = [],
        maximumUnconfirmedLaunches: Int? = defaultMaximumUnconfirmedLaunches, maximumContentAgeSeconds: TimeInterval? = nil,
        channel: String? = nil, now: Date = Date()
    ) -> [String: ServedContent] {
        let layout = OTAStorageLayout(storageRoot: storageRoot, appVersion: appVersion)
        guard layout.hasUsableAppVersion else { return [:] }
        let loaded = BundleDiskLoader.load(layout, selection: selection, trustedKeyIDs: trustedKeyIDs)
        var served = loaded.leftOut.mapValues { ServedContent.embedded($0) }
        if let maximumContentAgeSeconds, !loaded.folders.isEmpty,
           OTAStorageLayout.isContentTooOld(
               lastFreshAt: layout.lastFreshAt(channel: channel), maximumSeconds: maximumContentAgeSeconds, now: now) {
            for module in loaded.folders.keys { served[module] = .embedded(.contentTooOld) }
            return served
        }
        if let maximum = maximumUnconfirmedLaunches.map({ max(1, $0) }), !loaded.folders.isEmpty,
           isRefused(loaded.content, layout: layout, maximum: maximum) {
            for module in loaded.folders.keys { served[module] = .embedded(.quarantined) }
            return served
        }
        for (module, path) in loaded.folders {
            let name = (path as NSString).lastPathComponent
            served[module] = .overTheAir(InstalledContent(
                recordsBesideFolder: path, folderSHA256: OTAStorageLayout.folderHash(ofInstallFolderName: name) ?? name))
        }
        return served
    }

    /// Whether the crash-loop guard refuses `content` at the next counted launch: a record names it, or its count is
    /// at the limit.
    private static func isRefused(_ content: [String: String], layout: OTAStorageLayout, maximum: Int) -> Bool {
        let fingerprint = OTALaunchQuarantine.fingerprint(of: content)
        if OTALaunchQuarantine.loadAll(layout).contains(where: { $0.fingerprint == fingerprint }) { return true }
        guard let data = SmallFile.prefix(layout.launchAttemptsFile.path, count: OTAStorageLayout.launchAttemptsRecordBytes + 1),
              let record = OTAStorageLayout.parseLaunchAttempts(data)
        else { return false }
        return record.fingerprint == fingerprint && record.count >= maximum
    }
}
