import Foundation
import OTALocalizations

/// `modules/<storage name>/vouched`: which installed folder of the module a trusted signing key vouched for
/// (``OTAStorageLayout/vouchRecordFile(module:)``). With trusted keys, the read side serves a module only when this
/// record names its active folder and one of the keys (``OTALocalizedString/loadBundlesFromDisk(storageRoot:appVersion:selection:trustedKeyIDs:maximumUnconfirmedLaunches:countsLaunch:maximumContentAgeSeconds:channel:)``),
/// so text installed by a build that trusted no key is never served by one that does, offline included.
///
/// Written inside the commit gate: before `current` moves to a new folder (a kill between the two leaves them
/// disagreeing, which reads as not vouched until the next cycle writes the record again), and for a skipped module
/// whose folder a newly verified manifest names. An install from an unsigned manifest removes it.
enum VouchRecord {
    /// Makes the record of `module` name `folderName` and `keyID`; with a nil `keyID`, removes it. Writes nothing when
    /// it already says so.
    static func set(_ layout: OTAStorageLayout, module: String, folderName: String, keyID: String?) throws(CycleFailure) {
        let file = layout.vouchRecordFile(module: module)
        guard let keyID else {
            if DurableFiles.exists(file) { DurableFiles.discard(file, layout: layout) }
            return
        }
        let contents = OTAStorageLayout.vouchRecordContents(folderName: folderName, keyID: keyID)
        if SmallFile.read(file.path, maximumBytes: 256) == contents { return }
        DurableFiles.clearForFile(file, layout: layout)
        try DurableFiles.replaceFile(file, with: contents, temporaryFolder: layout.temporaryFolder)
    }
}
