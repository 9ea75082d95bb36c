import Foundation

extension OTALocalizedString {
    /// Which copy of a module's text is installed: the publish's identity for it, the staged rollout or the copy
    /// experiment's arm it was installed for, and the installed folder's own name.
    ///
    /// Attach ``sha256`` and ``rolloutID``, or ``experimentID`` and ``arm``, to analytics events to attribute them to
    /// the text a user saw (a copy experiment, docs/rollouts.md).
    public struct InstalledContent: Sendable, Equatable {
        /// The manifest entry's `sha256` (the module's full ZIP, 64 lowercase hex digits) of the publish the installed
        /// text came from: the same value on every device that installed the module from that publish, whatever its
        /// languages, in and out of a rollout. The key to join analytics with the published manifests.
        ///
        /// A device installs from slices only the localizations its languages choose; a later publish that changes
        /// only other localizations is skipped and keeps this value. A folder whose record a killed process left
        /// without it gives ``folderSHA256`` until the next cycle that installs the module.
        public var sha256: String
        /// The `rollout.id` of the manifest whose rollout entry this content was installed from; nil when it is the
        /// stable entry (also after the rollout finished and the same content became stable).
        public var rolloutID: String?
        /// The installed folder's SHA-256, its name without a `.<n>` suffix: the full ZIP's SHA-256 (then equal to
        /// ``sha256``) or, for a folder assembled from slices, the SHA-256 of its slice record, which differs from one
        /// set of languages to another (docs/design.md, "Slices").
        public var folderSHA256: String
        /// The `experiment.id` of the manifest this content was installed under, when the device was in that copy
        /// experiment (an arm or control); nil outside an experiment.
        public var experimentID: String?
        /// The device's arm in ``experimentID``: an arm's name, or `control` (the stable content); nil outside an
        /// experiment. Every module a device installs while in an arm carries it, also those the arm does not change.
        public var arm: String?
        /// Whether ``arm`` was forced by a debug action (`OTALocalizationService.forceExperimentArm(_:)`) rather than
        /// chosen by the device's bucket: leave such devices out of an experiment's analysis.
        public var armForced: Bool

        /// Content installed from the full ZIP: `folderSHA256` is `sha256`.
        public init(sha256: String, rolloutID: String?) {
            self.init(sha256: sha256, rolloutID: rolloutID, folderSHA256: sha256)
        }

        /// - Parameters:
        ///   - experimentID: nil outside a copy experiment (then `arm` must be nil and `armForced` false).
        public init(
            sha256: String, rolloutID: String?, folderSHA256: String, experimentID: String? = nil, arm: String? = nil,
            armForced: Bool = false
        ) {
            self.sha256 = sha256
            self.rolloutID = rolloutID
            self.folderSHA256 = folderSHA256
            self.experimentID = experimentID
            self.arm = arm
            self.armForced = armForced
        }
    }

    /// Returns the content installed for `moduleName` under the default storage root for the main bundle's
    /// `CFBundleShortVersionString` (see ``installedContent(for:storageRoot:appVersion:)``); nil without one.
    public static func installedContent(for moduleName: String) -> InstalledContent? {
        guard let appVersion = OTAStorageLayout.mainBundleAppVersion else { return nil }
        return installedContent(for: moduleName, storageRoot: OTAStorageLayout.defaultStorageRoot, appVersion: appVersion)
    }

    /// Returns the content that module `moduleName`'s `current` pointer names for `appVersion` under
    /// `storageRoot`, or nil when the module has no installed folder (its embedded strings are used).
    ///
    /// This is what ``loadBundlesFromDisk()`` opens at the next launch: the update cycle installs in the
    /// background, so call this right after ``loadBundlesFromDisk()``, before the first cycle, and keep the value
    /// for the session to describe the text the user sees. Reads three small files (the pointer and the records
    /// beside it, `modules/<storage name>/rollout` and `published`) and one `stat`; no hashing, no lock, safe from
    /// any thread. A rollout record that names another SHA-256 than the active folder's (a process killed between
    /// the two writes) counts as stable and outside any experiment; the next cycle writes it again.
    public static func installedContent(for moduleName: String, storageRoot: URL, appVersion: String) -> InstalledContent? {
        let layout = OTAStorageLayout(storageRoot: storageRoot, appVersion: appVersion)
        guard layout.hasUsableAppVersion, OTAStorageLayout.isPlainFileName(moduleName),
              let folder = layout.activeInstallFolder(module: moduleName),
              let sha256 = OTAStorageLayout.folderHash(ofInstallFolderName: folder.lastPathComponent),
              StorageEntry(atPath: folder.path) == .directory
        else { return nil }
        return InstalledContent(recordsBesideFolder: folder.path, folderSHA256: sha256)
    }
}

extension OTALocalizedString.InstalledContent {
    /// The content of the installed folder at `folderPath` (named `<folderSHA256>[.<n>]`), from the
    /// rollout (or experiment arm) and published-content records in its module folder: two small reads.
    init(recordsBesideFolder folderPath: String, folderSHA256 sha256: String) {
        let modulePath = (folderPath as NSString).deletingLastPathComponent + "/"
        let data = SmallFile.read(modulePath + OTAStorageLayout.rolloutRecordFileName, maximumBytes: 256)
        let record = data.flatMap(OTAStorageLayout.parseRolloutRecord)
        let arm = record == nil ? data.flatMap(OTAStorageLayout.ExperimentRecord.init).flatMap { $0.sha256 == sha256 ? $0 : nil } : nil
        let published = SmallFile.read(modulePath + OTAStorageLayout.publishedRecordFileName, maximumBytes: 512)
            .flatMap(OTAStorageLayout.parsePublishedRecord)?[sha256]
        self.init(
            sha256: published ?? sha256, rolloutID: record?.sha256 == sha256 ? record?.rolloutID : nil, folderSHA256: sha256,
            experimentID: arm?.experimentID, arm: arm?.arm, armForced: arm?.forced ?? false)
    }
}
