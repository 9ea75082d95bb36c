import Foundation
import OTALocalizationsNames
import OTALocalizations
import OTALocalizationsCore

/// The anti-rollback record at the storage root (``OTAStorageLayout/antiRollbackFile``): for the running app version,
/// the newest `publishedAt` of any manifest a module was installed from, one per release channel, and what the kill
/// switch pulled.
///
/// Shape: `{"formatVersion":1,"appVersion":"<version>","newestPublishedAt":{"production":"<RFC 3339>",…}}`, plus
/// `"pulledThrough":{…}` once the kill switch ran. Raised (temp file, flushed to the medium, `rename(2)`) before the
/// first commit step of a cycle that acts on a manifest, never lowered by the cycle; kept by the kill switch and by
/// `ota-localizations delete`, so that after them an older signed manifest from a stale edge or a replay is still
/// `stale`. The kill switch also copies each channel's mark to `pulledThrough` (``pullEverything(storageRoot:)``): a
/// manifest published at or before it is `stale` too, so the very publish the switch was pulled for, served again by
/// an edge that still has it, stays pulled until something newer is published. One mark per channel: channels publish
/// on their own schedules, so a device that went production → staging → production compares production's manifests
/// with production's mark only. A missing, unreadable or other app version's record counts as absent; so does, for one
/// channel, a missing entry. It is the only record of the marks: no release kept them anywhere else.
package struct AntiRollbackMark: Sendable, Equatable {
    var marks: [String: ManifestTimestamp]
    /// Per channel, the newest `publishedAt` the kill switch pulled: nothing published at or before it is installed.
    var pulled: [String: ManifestTimestamp] = [:]

    /// The record for `layout`'s app version (empty when absent).
    static func load(_ layout: OTAStorageLayout) -> AntiRollbackMark {
        var record = Record.read(layout.antiRollbackFile)
        if record?.appVersion != layout.appVersion { record = nil }
        return AntiRollbackMark(marks: record?.marks ?? [:], pulled: record?.pulled ?? [:])
    }

    /// The mark of `channel` (nil: production).
    func newest(channel: String?) -> ManifestTimestamp? {
        marks[channel ?? ManifestChannel.production]
    }

    /// What the kill switch pulled on `channel` (nil: production).
    func pulled(channel: String?) -> ManifestTimestamp? {
        pulled[channel ?? ManifestChannel.production]
    }

    /// Writes the record with `channel`'s mark set to `timestamp`, atomically; anything but a regular file at its
    /// path is moved aside first.
    func saving(_ timestamp: ManifestTimestamp, channel: String?, in layout: OTAStorageLayout) throws(CycleFailure) {
        var record = Record(appVersion: layout.appVersion, marks: marks, pulled: pulled)
        record.marks[channel ?? ManifestChannel.production] = timestamp
        DurableFiles.clearForFile(layout.antiRollbackFile, layout: layout)
        try DurableFiles.replaceFile(
            layout.antiRollbackFile, with: record.encoded(), temporaryFolder: layout.temporaryFolder, flush: .toMedium)
    }

    /// The kill switch's first step: every channel's mark, whatever app version the record is for, becomes what is
    /// pulled, so that no manifest published at or before it is installed again. Written before anything is deleted
    /// (a switch killed after this step leaves the bundles, which the next delete removes); nothing to do without a
    /// record. The new record is written under a trash name at the storage root (which every cycle and delete removes,
    /// so a kill leaves nothing else there), flushed, and renamed onto the record.
    package static func pullEverything(storageRoot: URL) throws(CycleFailure) {
        let file = storageRoot.appendingPathComponent(OTAStorageLayout.antiRollbackFileName, isDirectory: false)
        guard var record = Record.read(file), !record.marks.isEmpty else { return }
        for (channel, mark) in record.marks { record.pulled[channel] = max(record.pulled[channel] ?? mark, mark) }
        let temporary = OTAStorageLayout.newTrashURL(in: storageRoot)
        do {
            try DurableFiles.writeNewFile(record.encoded(), to: temporary, flush: .toMedium)
            try DurableFiles.rename(temporary, to: file)
        } catch {
            DurableFiles.remove(temporary)
            throw error
        }
        DurableFiles.syncDirectory(storageRoot, flush: .toMedium)
    }

    /// The record's fields as written.
    private struct Record {
        var appVersion: String
        var marks: [String: ManifestTimestamp]
        var pulled: [String: ManifestTimestamp]

        static func read(_ file: URL) -> Record? {
            guard let data = SmallFile.read(file.path, maximumBytes: 64 * 1024),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  object["formatVersion"] as? Int == 1, let appVersion = object["appVersion"] as? String
            else { return nil }
            return Record(appVersion: appVersion, marks: timestamps(object["newestPublishedAt"]),
                          pulled: timestamps(object["pulledThrough"]))
        }

        private static func timestamps(_ value: Any?) -> [String: ManifestTimestamp] {
            var result: [String: ManifestTimestamp] = [:]
            for (channel, text) in value as? [String: Any] ?? [:] {
                if let text = text as? String, let timestamp = ManifestDate.parseTimestamp(text) { result[channel] = timestamp }
            }
            return result
        }

        func encoded() -> Data {
            func object(_ timestamps: [String: ManifestTimestamp]) -> String {
                "{" + UTF8ByteOrder.sorted(Array(timestamps.keys))
                    .map { "\(JSONText.quoted($0)):\"\(ManifestDate.format(timestamps[$0]!))\"" }
                    .joined(separator: ",") + "}"
            }
            var text = "{\"formatVersion\":1,\"appVersion\":\(JSONText.quoted(appVersion)),\"newestPublishedAt\":\(object(marks))"
            if !pulled.isEmpty { text += ",\"pulledThrough\":\(object(pulled))" }
            return Data((text + "}\n").utf8)
        }
    }
}
