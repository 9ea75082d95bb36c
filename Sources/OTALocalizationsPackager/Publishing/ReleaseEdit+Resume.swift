import Foundation
import OTALocalizationsCore

extension ReleaseEdit {
    /// Runs `edit` on the manifest of `channel` and writes the result, after finishing what a run stopped between its
    /// commit points left (docs/hosting.md, "A killed promote or rollout").
    ///
    /// Every run writes the manifest (with keys, its envelope) first and the index after it, so a run killed between
    /// them leaves the manifest of its publish and the index of the one before (``ChannelManifest/Unfinished``).
    /// Devices may already have read that manifest, so its publish is finished, never undone: its other commit points
    /// are written from it. When that publish is what `edit` makes of the one before (the same command run again:
    /// equal but for `publishedAt` and, with `newRolloutID`, the random id of a new rollout), that is all, and a new
    /// rollout keeps the id devices may already have been placed by. Otherwise `edit` runs on it, checked before
    /// anything is written, so a refused edit writes nothing. A run whose edit of a finished publish is that publish
    /// again (the command run twice) keeps its rollout's id too.
    ///
    /// - Parameters:
    ///   - vouchers: besides the channel's own commit points, those whose files need no `head-object` (``HeaderCheck``).
    ///   - edit: the new manifest for the channel's current one (nil when it has none).
    static func apply(
        to channel: String?, in store: any VersionFolderStore, listed: [String: StoredObject], _ options: ReleaseEditOptions,
        newRolloutID: Bool, vouchers: [HeaderCheck.Voucher] = [], _ edit: (Manifest?) throws(PackagerError) -> Manifest
    ) throws(PackagerError) -> ReleaseEditResult {
        let state = try ChannelManifest.state(channel, from: store, listed: listed, trustedKeys: options.verifyingKeys)
        let current = try HeaderCheck.voucher(for: state?.manifest, channel: channel, listed: listed, in: store)
        let vouchers = vouchers + (current.map { [$0] } ?? [])
        guard let state, let unfinished = state.unfinished else {
            var next = try edit(state?.manifest)
            // The same command run again after it finished (a CI job retried, a kill after the last commit point): the
            // rollout it started keeps its id, so no device is moved between groups.
            if newRolloutID, let current = state?.manifest, let id = current.rollout?.id, var rollout = next.rollout,
               sameEdit(next, current, newRolloutID: true) {
                rollout.id = id
                next.rollout = rollout
            }
            return try write(next, replacing: state?.manifest, in: store, listed: listed, options, vouchers: vouchers)
        }
        var before: Manifest?
        if case .olderIndex(let previous) = unfinished { before = previous }
        let stopped = state.manifest
        if let intended = try? edit(before), sameEdit(intended, stopped, newRolloutID: newRolloutID) {
            let finished = try write(stopped, replacing: stopped, in: store, listed: listed, options, vouchers: vouchers)
            return ReleaseEditResult(
                manifestName: finished.manifestName, envelopeName: finished.envelopeName, previous: before, manifest: stopped,
                written: finished.written)
        }
        let next = try edit(stopped)
        guard !options.dryRun else {
            return try write(next, replacing: stopped, in: store, listed: listed, options, vouchers: vouchers)
        }
        _ = try write(stopped, replacing: stopped, in: store, listed: listed, options, vouchers: vouchers)
        return try write(next, replacing: stopped, in: store, listed: try store.list(), options, vouchers: vouchers)
    }

    /// Whether `made` and `written` are one edit: equal but for `publishedAt` and `expires` when both have one (each
    /// run dates its own) and, when the edit starts a rollout, its random id.
    static func sameEdit(_ made: Manifest, _ written: Manifest, newRolloutID: Bool) -> Bool {
        var made = made
        made.publishedAtTimestamp = written.publishedAtTimestamp
        if made.expiresTimestamp != nil, written.expiresTimestamp != nil { made.expiresTimestamp = written.expiresTimestamp }
        if newRolloutID, var rollout = made.rollout, let id = written.rollout?.id {
            rollout.id = id
            made.rollout = rollout
        }
        return made == written
    }
}
