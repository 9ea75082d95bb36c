import Foundation
import OTALocalizationsDigest
import OTALocalizationsNames

/// Content the crash-loop guard stopped serving: the over-the-air content that was installed during
/// ``OTALocalizedString/defaultMaximumUnconfirmedLaunches`` launches in a row, none of which confirmed
/// (``OTALocalizedString/confirmLaunch()``). While the installed content is one a record names, launches use every
/// module's embedded strings; the service never installs a record's content again (docs/design.md, "The crash-loop
/// guard").
///
/// Stored, newest last and at most ``maximumRecords``, as `<storageRoot>/<appVersion>/quarantine.json`:
/// `{"formatVersion":1,"quarantines":[{"launches":n,"modules":{"<module>":"<sha256>",…},"publishedAt":string|null,
/// "since":"<RFC 3339>"},…]}` (keys sorted). Deleting every bundle (the kill switch) deletes it with the app-version
/// folder.
public struct OTALaunchQuarantine: Sendable, Equatable, Codable {
    /// Module name to the SHA-256 (64 lowercase hex digits) that names its installed folder (without a `.<n>`
    /// suffix): for a module installed from its full ZIP, the manifest entry's `sha256`; for one assembled from slices,
    /// the SHA-256 of its slice record (docs/design.md, "Slices"), which differs between devices of different
    /// languages. ``publishedAt`` names the publish either way.
    public var modules: [String: String]
    /// The `publishedAt` of the manifest the last complete update cycle installed from (as `state.json` writes it,
    /// RFC 3339), nil when none was readable.
    public var publishedAt: String?
    /// When the guard quarantined the content (whole seconds, UTC).
    public var since: Date
    /// The unconfirmed launches in a row that were handed this content before the quarantine.
    public var launches: Int

    /// Creates a quarantine record.
    public init(modules: [String: String], publishedAt: String?, since: Date, launches: Int) {
        self.modules = modules
        self.publishedAt = publishedAt
        self.since = since
        self.launches = launches
    }

    /// The largest quarantine file read, in bytes (about 100 per module and record).
    static let maximumBytes = 4 << 20
    /// The most records the file keeps; the oldest go first.
    public static let maximumRecords = 32

    /// The fingerprint of ``modules``: see ``fingerprint(of:)``.
    public var fingerprint: String { Self.fingerprint(of: modules) }

    /// The SHA-256 (64 lowercase hex digits) of `<module>` NUL `<sha256>` LF for each entry of `modules`, in the byte
    /// order of the module names: the same content always has the same fingerprint.
    public static func fingerprint(of modules: [String: String]) -> String {
        let lines = UTF8ByteOrder.sorted(Array(modules.keys)).map { "\($0)\u{0}\(modules[$0, default: ""])\n" }.joined()
        return OTASHA256.hexString(Data(lines.utf8))
    }

    /// The quarantine records of `layout`, oldest first; none when there is no file or it does not parse (a file that
    /// does not parse quarantines nothing: the guard writes a new one if the content goes on failing).
    public static func loadAll(_ layout: OTAStorageLayout) -> [OTALaunchQuarantine] {
        SmallFile.read(layout.quarantineFile.path, maximumBytes: maximumBytes).flatMap(parseAll) ?? []
    }

    /// The record whose content is `content` (module name to folder SHA-256, what is installed), if any.
    public static func matching(_ content: [String: String], in records: [OTALaunchQuarantine]) -> OTALaunchQuarantine? {
        let fingerprint = fingerprint(of: content)
        return records.last { $0.fingerprint == fingerprint }
    }

    /// Parses the bytes of a quarantine file; nil unless they are the documented shape with `formatVersion` 1.
    public static func parseAll(_ data: Data) -> [OTALaunchQuarantine]? {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              (root["formatVersion"] as? NSNumber)?.intValue == 1, let list = root["quarantines"] as? [Any]
        else { return nil }
        var records: [OTALaunchQuarantine] = []
        for item in list {
            guard let object = item as? [String: Any], let record = OTALaunchQuarantine(object) else { return nil }
            records.append(record)
        }
        return records
    }

    private init?(_ object: [String: Any]) {
        guard let launches = (object["launches"] as? NSNumber)?.intValue, launches >= 0,
              let modules = object["modules"] as? [String: String], !modules.isEmpty,
              modules.values.allSatisfy({ OTAStorageLayout.folderHash(ofInstallFolderName: $0) == $0 }),
              let sinceText = object["since"] as? String, let since = Self.dateFormatter().date(from: sinceText)
        else { return nil }
        let publishedAt = object["publishedAt"] as? String
        guard publishedAt != nil || object["publishedAt"] is NSNull else { return nil }
        self.init(modules: modules, publishedAt: publishedAt, since: since, launches: launches)
    }

    /// The bytes of a quarantine file holding the newest ``maximumRecords`` of `records`, keys sorted, and fewer (the
    /// oldest dropped) when they would not fit the ``maximumBytes`` that ``loadAll(_:)`` reads.
    public static func encoded(_ records: [OTALaunchQuarantine]) -> Data {
        var kept = Array(records.suffix(maximumRecords))
        var data = encodedWhole(kept)
        while data.count > maximumBytes, kept.count > 1 {
            kept.removeFirst()
            data = encodedWhole(kept)
        }
        return data
    }

    private static func encodedWhole(_ records: [OTALaunchQuarantine]) -> Data {
        let list: [[String: Any]] = records.map { record in
            [
                "launches": record.launches, "modules": record.modules,
                "publishedAt": record.publishedAt.map { $0 as Any } ?? NSNull(), "since": record.sinceText,
            ]
        }
        // Only strings, integers, arrays, dictionaries and null: serialization cannot fail.
        return (try? JSONSerialization.data(withJSONObject: ["formatVersion": 1, "quarantines": list], options: [.sortedKeys])) ?? Data()
    }

    private enum CodingKeys: String, CodingKey { case since, launches, publishedAt, modules }

    /// Decodes `{"since":"<RFC 3339>","launches":n,"publishedAt":string|null,"modules":{"<module>":"<sha256>",…}}`,
    /// the cycle report's and `status --json`'s `quarantine`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .since)
        guard let since = Self.dateFormatter().date(from: text) else {
            throw DecodingError.dataCorruptedError(forKey: .since, in: container, debugDescription: "not an RFC 3339 date: \(text)")
        }
        self.init(
            modules: try container.decode([String: String].self, forKey: .modules),
            publishedAt: try container.decodeIfPresent(String.self, forKey: .publishedAt), since: since,
            launches: try container.decode(Int.self, forKey: .launches))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sinceText, forKey: .since)
        try container.encode(launches, forKey: .launches)
        try container.encode(publishedAt, forKey: .publishedAt)
        try container.encode(modules, forKey: .modules)
    }

    /// ``since`` in RFC 3339 (`2026-12-02T06:00:00Z`).
    public var sinceText: String { Self.dateFormatter().string(from: since) }

    private static func dateFormatter() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter
    }
}
