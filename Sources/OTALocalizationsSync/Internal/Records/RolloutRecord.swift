import Foundation
import OTALocalizations

/// `modules/<storage name>/rollout`: the rollout a module's active content was installed for, beside `current`
/// and outside the bundle folder (a folder's content is the same in and out of a rollout and is never rewritten).
///
/// Written inside the commit gate with the pointer: before `current` moves for a rollout's content, removed after
/// it moves for stable content, so a process killed between the two leaves the record naming another SHA-256
/// than the active folder's, which readers treat as stable; every cycle that acts on a manifest sets it right
/// again, also for skipped modules (a rollout that finished makes the same content stable).
enum RolloutRecord {
    /// Makes the record of `module` say that its content `sha256` comes from `rolloutID` (nil: stable, the record
    /// is removed). Writes nothing when it already says so.
    static func set(_ layout: OTAStorageLayout, module: String, sha256: String, rolloutID: String?) throws(CycleFailure) {
        let file = layout.rolloutRecordFile(module: module)
        guard let rolloutID else {
            if DurableFiles.exists(file) {
                DurableFiles.discard(file, layout: layout)
                DurableFiles.syncDirectory(layout.moduleFolder(module))
            }
            return
        }
        let contents = OTAStorageLayout.rolloutRecordContents(sha256: sha256, rolloutID: rolloutID)
        if SmallFile.read(file.path, maximumBytes: 256) == contents { return }
        DurableFiles.clearForFile(file, layout: layout)
        try DurableFiles.replaceFile(file, with: contents, temporaryFolder: layout.temporaryFolder)
    }
}
