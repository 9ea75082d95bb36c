import Foundation
import OTALocalizations

/// The freshness record at the storage root (``OTAStorageLayout/freshnessFile``): for the running app version, per
/// release channel, the last time (device clock, whole seconds) the service held a signed index that was not expired
/// (``OTALocalizationCycleReport/lastFreshAt``; docs/signing.md, "Freeze").
///
/// Kept only with trusted keys: an unsigned index's `expires` can be rewritten by whoever freezes the device, so it
/// proves nothing. Written (temp file, `rename(2)`) by a cycle that admits a fresh index or gets a `304` for a stored
/// one that is not expired, at most once a minute per service (``rewriteAfterSeconds``), so that a `304` cycle
/// writes nothing in the common case; not flushed: a power cut that loses the newest write leaves an older time (or
/// no record), which only makes the content-age limit stricter. A record of another app version, or one that does not
/// decode, counts as absent and is replaced. Deleted with everything else by the kill switch and
/// `ota-localizations delete` (no content is left whose age it measures; the anti-rollback mark is what must survive).
enum FreshnessRecord {
    /// A service rewrites its channel's entry only when the recorded time is at least this old (or later than now):
    /// the record, and the age the read side measures from it, lag by less than a minute.
    static let rewriteAfterSeconds: TimeInterval = 60

    /// `date` without its fraction of a second: the record and the report keep whole seconds.
    static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    /// Records that the service of `layout` held a fresh signed index of `channel` at `now`, unless `recorded` (the
    /// entry as this service last read or wrote it) is less than ``rewriteAfterSeconds`` older. Returns the entry now
    /// on disk (`now` when written, else `recorded`). Inside the commit gate; a failed write changes nothing else.
    static func record(
        _ now: Date, channel: String?, recorded: Date?, layout: OTAStorageLayout, gate: CommitGate
    ) -> Date? {
        if let recorded, recorded <= now, now.timeIntervalSince(recorded) < rewriteAfterSeconds { return recorded }
        var written = recorded
        gate.attempt {
            var entries = SmallFile.read(layout.freshnessFile.path, maximumBytes: 64 * 1024)
                .flatMap { OTAStorageLayout.parseFreshness($0, appVersion: layout.appVersion) } ?? [:]
            entries[OTAStorageLayout.freshnessKey(channel: channel)] = now
            DurableFiles.clearForFile(layout.freshnessFile, layout: layout)
            do {
                try DurableFiles.replaceFile(
                    layout.freshnessFile, with: OTAStorageLayout.freshnessContents(appVersion: layout.appVersion, lastFreshAt: entries),
                    temporaryFolder: layout.temporaryFolder, flush: .none)
                written = now
            } catch {
                // Left as it was: the age only looks older.
            }
        }
        return written
    }
}
