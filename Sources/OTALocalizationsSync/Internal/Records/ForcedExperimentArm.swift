import Foundation
import OTALocalizations
import OTALocalizationsCore

/// The copy-experiment arm a debug build forced (``OTAStorageLayout/forcedExperimentArmFile``): the arm's name
/// (`control` included) and a line feed, written by ``OTALocalizationService/forceExperimentArm(_:)`` (temp file under a
/// trash name, then `rename(2)`), removed when it clears the choice. Read by the update cycle only when the
/// configuration allows debug actions, so a release build never acts on one. Deleted by the kill switch.
enum ForcedExperimentArm {
    /// The forced arm when `configuration` allows debug actions; nil otherwise, when none is forced, or when the file is
    /// not one arm name.
    static func read(_ configuration: OTALocalizationServiceConfiguration) -> String? {
        guard configuration.allowsDebugActions else { return nil }
        return read(configuration.layout)
    }

    /// The forced arm the file holds, whatever the configuration (for diagnostics).
    static func read(_ layout: OTAStorageLayout) -> String? {
        SmallFile.read(layout.forcedExperimentArmFile.path, maximumBytes: 64).flatMap(OTAStorageLayout.parseForcedExperimentArm)
    }

    /// Writes `arm` as the forced arm, or removes the file for nil.
    static func write(_ arm: String?, layout: OTAStorageLayout) throws(CycleFailure) {
        guard let arm else {
            if DurableFiles.exists(layout.forcedExperimentArmFile) {
                DurableFiles.discard(layout.forcedExperimentArmFile, layout: layout)
            }
            return
        }
        try DurableFiles.makeDirectory(layout.storageRoot, layout: layout)
        DurableFiles.clearForFile(layout.forcedExperimentArmFile, layout: layout)
        let temporary = OTAStorageLayout.newTrashURL(in: layout.storageRoot)
        do {
            try DurableFiles.writeNewFile(Data((arm + "\n").utf8), to: temporary)
            try DurableFiles.rename(temporary, to: layout.forcedExperimentArmFile)
        } catch {
            DurableFiles.remove(temporary)
            throw error
        }
    }
}
