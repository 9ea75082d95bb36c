import Foundation
import OTALocalizationsNames

extension OTAStorageLayout {
    /// The file name, at the storage root, of the freshness record: for the running app version and each release
    /// channel, the last time (device clock) the service held a signed index that was not expired
    /// (`OTALocalizationCycleReport.lastFreshAt`, docs/signing.md, "Freeze"). The read side reads it only with a
    /// maximum content age. Deleting every bundle deletes it too: no content is left whose age it would measure, and
    /// the next fresh cycle writes it again. It holds no text.
    public static let freshnessFileName = ".ota-freshness.json"

    /// `<storageRoot>/.ota-freshness.json` (see ``freshnessFileName``).
    package var freshnessFile: URL { storageRoot.appendingPathComponent(Self.freshnessFileName, isDirectory: false) }

    /// The record's key of `channel`: its name, `production` for nil.
    package static func freshnessKey(channel: String?) -> String { channel ?? "production" }

    /// The exact bytes of a freshness record: `{"formatVersion":1,"appVersion":"<version>","lastFreshAt":{"<channel>":
    /// "<RFC 3339 UTC, whole seconds>",…}}` and a line feed, the channels in byte order of their names.
    package static func freshnessContents(appVersion: String, lastFreshAt: [String: Date]) -> Data {
        let formatter = freshnessDateFormatter()
        let channels = UTF8ByteOrder.sorted(Array(lastFreshAt.keys))
        let entries = channels.map { "\(jsonString($0)):\(jsonString(formatter.string(from: lastFreshAt[$0]!)))" }
        return Data("{\"formatVersion\":1,\"appVersion\":\(jsonString(appVersion)),\"lastFreshAt\":{\(entries.joined(separator: ","))}}\n".utf8)
    }

    /// Each channel's last fresh time in a freshness record, or nil when `data` is not one, or is another app version's
    /// than `appVersion` (then it counts as absent). An entry whose date does not parse is left out.
    package static func parseFreshness(_ data: Data, appVersion: String) -> [String: Date]? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              object["formatVersion"] as? Int == 1, object["appVersion"] as? String == appVersion,
              let entries = object["lastFreshAt"] as? [String: Any]
        else { return nil }
        let formatter = freshnessDateFormatter()
        var result: [String: Date] = [:]
        for (channel, value) in entries {
            if let text = value as? String, let date = formatter.date(from: text) { result[channel] = date }
        }
        return result
    }

    /// The last fresh time recorded for this layout's app version and `channel` (nil: production); nil when none is.
    /// One small read, never through a symbolic link.
    package func lastFreshAt(channel: String?) -> Date? {
        SmallFile.read(freshnessFile.path, maximumBytes: 64 * 1024)
            .flatMap { Self.parseFreshness($0, appVersion: appVersion) }?[Self.freshnessKey(channel: channel)]
    }

    /// Whether content whose last fresh index is `lastFreshAt` is older than `maximumSeconds` at `now`: also when
    /// nothing is recorded (fail closed). A clock set back (`now` before `lastFreshAt`) counts as age 0.
    package static func isContentTooOld(lastFreshAt: Date?, maximumSeconds: TimeInterval, now: Date) -> Bool {
        guard let lastFreshAt else { return true }
        return now.timeIntervalSince(lastFreshAt) > maximumSeconds
    }

    private static func freshnessDateFormatter() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter
    }

    private static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
