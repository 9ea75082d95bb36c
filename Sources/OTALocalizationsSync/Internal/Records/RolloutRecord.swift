import Foundation
import OTALocalizations

/// `modules/<storage name>/rollout`: the rollout a module's active content was installed for, beside `current`
/// and outside the bundle folder (a folder's content is the same in and out of a rollout and is never rewritten).
///
/// Written inside the commit gate with the pointer: before `current` moves for a rollout's content, removed after
/// it moves for stable content, so a process killed between the two leaves the record naming another SHA-256
/// than the active folder's, which readers treat as stable; every cycle that acts on a manifest sets it right
/// again, also for skipped modules (a rollout that finished makes the same content stable).
///
/// For a device in a copy experiment (an arm or control) the record names the experiment and arm instead
/// (``OTAStorageLayout/ExperimentRecord``): `<sha256> <experiment id> <arm>[ forced]`. Readers of the older shape find
/// no rollout id in it and treat the content as stable.
enum RolloutRecord {
    /// Makes the record of `module` say that its content `sha256` was installed in `experiment`'s arm (when it has
    /// one), else that it comes from `rolloutID` (nil: stable, the record is removed). Writes nothing when it already
    /// says so.
    static func set(
        _ layout: OTAStorageLayout, module: String, sha256: String, rolloutID: String?,
        experiment: OTALocalizationCycleReport.Experiment? = nil
    ) throws(CycleFailure) {
        let file = layout.rolloutRecordFile(module: module)
        if let experiment, let arm = experiment.arm {
            let record = OTAStorageLayout.ExperimentRecord(sha256: sha256, experimentID: experiment.id, arm: arm, forced: experiment.forced)
            return try write(record.contents, to: file, layout: layout)
        }
        guard let rolloutID else {
            if DurableFiles.exists(file) {
                DurableFiles.discard(file, layout: layout)
                DurableFiles.syncDirectory(layout.moduleFolder(module))
            }
            return
        }
        try write(OTAStorageLayout.rolloutRecordContents(sha256: sha256, rolloutID: rolloutID), to: file, layout: layout)
    }

    private static func write(_ contents: Data, to file: URL, layout: OTAStorageLayout) throws(CycleFailure) {
        if SmallFile.read(file.path, maximumBytes: 256) == contents { return }
        DurableFiles.clearForFile(file, layout: layout)
        try DurableFiles.replaceFile(file, with: contents, temporaryFolder: layout.temporaryFolder)
    }
}
