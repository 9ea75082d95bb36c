import Foundation
import OTALocalizations

/// The kill switch's deletion, for the app's service and `ota-localizations delete`: everything published so far
/// marked as pulled in the anti-rollback record (``AntiRollbackMark/pullEverything(storageRoot:)``), then every
/// entry of the storage root deleted but what the switch keeps.
///
/// The mark is written first, so that a switch killed midway never leaves text deleted but not pulled. When it cannot
/// be written then (a full disk: the new record needs a block), the deletion still runs, since the text must go now,
/// and the mark is written again once the deletion has freed space; only when that fails too is the switch left
/// without its mark, which the caller reports.
package enum KillSwitchDeletion {
    /// What one deletion left: the paths it could not delete, and why nothing was marked as pulled (nil when it was,
    /// or when there was nothing to mark).
    package struct Outcome: Sendable, Equatable {
        package var undeleted: [String]
        package var notPulled: String?
    }

    package static func run(
        storageRoot: URL, pull: (URL) throws(CycleFailure) -> Void = AntiRollbackMark.pullEverything
    ) -> Outcome {
        var failure: CycleFailure?
        do { try pull(storageRoot) } catch { failure = error }
        let undeleted = DurableFiles.deleteContents(
            of: storageRoot, keeping: OTAStorageLayout.keptByDeletion,
            keepingInFolders: OTAStorageLayout.keptInVersionFolderByDeletion)
        if failure != nil {
            do {
                try pull(storageRoot)
                failure = nil
            } catch {
                failure = error
            }
        }
        return Outcome(undeleted: undeleted, notPulled: failure?.reason)
    }
}
