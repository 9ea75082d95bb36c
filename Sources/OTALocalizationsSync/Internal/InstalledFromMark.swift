import Foundation
import OTALocalizations
import OTALocalizationsCore

/// `installed-from.json`: the newest `publishedAt` of any manifest a module was installed from, the anti-rollback
/// reference that survives a partly failed cycle (the complete state, `state.json`, is then not saved).
///
/// Shape: `{"formatVersion":1,"newestPublishedAt":"<RFC 3339>"}`, plus `"channel":"<name>"` for a channel other than
/// production. Raised (temp file, `fsync`, `rename(2)`) before the first commit step of a cycle that acts on a
/// manifest, never lowered; a missing or unreadable file counts as absent, and so does the mark of another channel
/// (channels publish on their own schedules: a staging manifest newer than production's must not make production's
/// stale when an app changes channel), which the next manifest acted on replaces.
struct InstalledFromMark: Sendable, Equatable {
    var newestPublishedAt: ManifestTimestamp
    /// The channel of the manifests the mark is for; nil for production.
    var channel: String? = nil

    /// The mark, when it is for `channel` (nil: production).
    static func load(_ layout: OTAStorageLayout, channel: String?) -> InstalledFromMark? {
        guard let data = DurableFiles.readRegularFile(layout.installedFromFile, maximumBytes: 4096),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              object["formatVersion"] as? Int == 1,
              let text = object["newestPublishedAt"] as? String,
              let timestamp = ManifestDate.parseTimestamp(text),
              object["channel"] as? String == channel
        else { return nil }
        return InstalledFromMark(newestPublishedAt: timestamp, channel: channel)
    }

    /// Writes the mark atomically; anything but a regular file at its path is moved aside first.
    func save(_ layout: OTAStorageLayout) throws(InstallFailure) {
        let channelField = channel.map { ",\"channel\":\(JSONText.quoted($0))" } ?? ""
        let text = "{\"formatVersion\":1,\"newestPublishedAt\":\"\(ManifestDate.format(newestPublishedAt))\"\(channelField)}\n"
        DurableFiles.clearForFile(layout.installedFromFile, layout: layout)
        try DurableFiles.replaceFile(layout.installedFromFile, with: Data(text.utf8), temporaryFolder: layout.temporaryFolder)
    }
}
