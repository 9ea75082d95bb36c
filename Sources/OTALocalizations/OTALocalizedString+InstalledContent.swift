import Foundation

extension OTALocalizedString {
    /// Which copy of a module's text is installed: the content's SHA-256 and the staged rollout it was installed for.
    ///
    /// Attach it to analytics events to attribute them to the text a user saw (a copy experiment, docs/rollouts.md).
    public struct InstalledContent: Sendable, Equatable {
        /// SHA-256 of the module's ZIP, 64 lowercase hex digits: the manifest entry's `sha256`, which names the
        /// installed folder. The same text always has the same SHA-256, in and out of a rollout.
        public var sha256: String
        /// The `rollout.id` of the manifest whose rollout entry this content was installed from; nil when it is the
        /// stable entry (also after the rollout finished and the same content became stable).
        public var rolloutID: String?

        public init(sha256: String, rolloutID: String?) {
            self.sha256 = sha256
            self.rolloutID = rolloutID
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
    /// for the session to describe the text the user sees. Reads two small files (the pointer and the rollout
    /// record beside it, `modules/<storage name>/rollout`) and one `stat`; no hashing, no lock, safe from any
    /// thread. A rollout record that names another SHA-256 than the active folder's (a process killed between the
    /// two writes) counts as stable; the next cycle writes it again.
    public static func installedContent(for moduleName: String, storageRoot: URL, appVersion: String) -> InstalledContent? {
        let layout = OTAStorageLayout(storageRoot: storageRoot, appVersion: appVersion)
        guard layout.hasUsableAppVersion, OTAStorageLayout.isPlainFileName(moduleName),
              let folder = layout.activeInstallFolder(module: moduleName),
              let sha256 = OTAStorageLayout.sha256(ofInstallFolderName: folder.lastPathComponent),
              isDirectory(folder.path)
        else { return nil }
        let record = SmallFile.read(layout.rolloutRecordFile(module: moduleName).path, maximumBytes: 256)
            .flatMap(OTAStorageLayout.parseRolloutRecord)
        return InstalledContent(sha256: sha256, rolloutID: record?.sha256 == sha256 ? record?.rolloutID : nil)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}
