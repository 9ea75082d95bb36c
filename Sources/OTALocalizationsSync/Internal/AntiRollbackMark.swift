import Foundation
import OTALocalizations
import OTALocalizationsCore

/// The anti-rollback record at the storage root (``OTAStorageLayout/antiRollbackFile``): for the running app version,
/// the newest `publishedAt` of any manifest a module was installed from, one per release channel.
///
/// Shape: `{"formatVersion":1,"appVersion":"<version>","newestPublishedAt":{"production":"<RFC 3339>",…}}`. Raised
/// (temp file, `fsync`, `rename(2)`) before the first commit step of a cycle that acts on a manifest, never lowered by
/// the cycle; kept by the kill switch and by `ota-localizations delete`, so that after them an older signed manifest
/// from a stale edge or a replay is still `stale`. One mark per channel: channels publish on their own schedules, so a
/// device that went production → staging → production compares production's manifests with production's mark only.
/// A missing, unreadable or other app version's record counts as absent; so does, for one channel, a missing entry.
/// The record `<appVersion>/installed-from.json` of earlier releases (one channel) is read too, the later mark wins.
struct AntiRollbackMark: Sendable, Equatable {
    var marks: [String: ManifestTimestamp]

    /// The record for `layout`'s app version (empty when absent).
    static func load(_ layout: OTAStorageLayout) -> AntiRollbackMark {
        var marks: [String: ManifestTimestamp] = [:]
        if let data = SmallFile.read(layout.antiRollbackFile.path, maximumBytes: 64 * 1024),
           let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
           object["formatVersion"] as? Int == 1, object["appVersion"] as? String == layout.appVersion,
           let channels = object["newestPublishedAt"] as? [String: Any] {
            for (channel, value) in channels {
                if let text = value as? String, let timestamp = ManifestDate.parseTimestamp(text) { marks[channel] = timestamp }
            }
        }
        if let legacy = legacyMark(layout) {
            marks[legacy.channel] = max(marks[legacy.channel] ?? legacy.timestamp, legacy.timestamp)
        }
        return AntiRollbackMark(marks: marks)
    }

    /// The mark of `channel` (nil: production).
    func newest(channel: String?) -> ManifestTimestamp? {
        marks[channel ?? ManifestChannel.production]
    }

    /// Writes the record with `channel`'s mark set to `timestamp`, atomically; anything but a regular file at its
    /// path is moved aside first.
    func saving(_ timestamp: ManifestTimestamp, channel: String?, in layout: OTAStorageLayout) throws(CycleFailure) {
        var marks = self.marks
        marks[channel ?? ManifestChannel.production] = timestamp
        let entries = marks.keys.sorted(by: ManifestSorting.byteOrder)
            .map { "\(JSONText.quoted($0)):\"\(ManifestDate.format(marks[$0]!))\"" }
        let text = "{\"formatVersion\":1,\"appVersion\":\(JSONText.quoted(layout.appVersion)),\"newestPublishedAt\":{"
            + entries.joined(separator: ",") + "}}\n"
        DurableFiles.clearForFile(layout.antiRollbackFile, layout: layout)
        try DurableFiles.replaceFile(
            layout.antiRollbackFile, with: Data(text.utf8), temporaryFolder: layout.temporaryFolder, flush: .toMedium)
    }

    /// `<appVersion>/installed-from.json`, written by earlier releases: `{"formatVersion":1,"newestPublishedAt":…}`
    /// plus `"channel"` for a channel other than production.
    private static func legacyMark(_ layout: OTAStorageLayout) -> (channel: String, timestamp: ManifestTimestamp)? {
        guard let data = SmallFile.read(layout.installedFromFile.path, maximumBytes: 4096),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              object["formatVersion"] as? Int == 1,
              let text = object["newestPublishedAt"] as? String,
              let timestamp = ManifestDate.parseTimestamp(text)
        else { return nil }
        return ((object["channel"] as? String) ?? ManifestChannel.production, timestamp)
    }
}
