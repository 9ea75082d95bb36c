import Foundation
import OTALocalizationsDigest

/// Content the crash-loop guard stopped serving: the over-the-air bundles that were handed to
/// ``OTALocalizedString/defaultMaximumUnconfirmedLaunches`` launches in a row, none of which confirmed
/// (``OTALocalizedString/confirmLaunch()``). While the installed content is this content, launches use every module's
/// embedded strings; the service does not install it again (docs/design.md, "The crash-loop guard").
///
/// Stored as `<storageRoot>/<appVersion>/quarantine.json`:
/// `{"formatVersion":1,"launches":n,"modules":{"<module>":"<sha256>",…},"publishedAt":string|null,"since":"<RFC 3339>"}`
/// (keys sorted). Deleting every bundle (the kill switch) deletes it with the app-version folder.
public struct OTALaunchQuarantine: Sendable, Equatable, Codable {
    /// Module name to the SHA-256 (64 lowercase hex digits) of the content that was served: the manifest entry's
    /// `sha256`, the installed folder's name without its `.<n>` suffix.
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

    /// The largest quarantine record read, in bytes (about 100 per module).
    static let maximumBytes = 1 << 20

    /// The fingerprint of ``modules``: see ``fingerprint(of:)``.
    public var fingerprint: String { Self.fingerprint(of: modules) }

    /// The SHA-256 (64 lowercase hex digits) of `<module>` NUL `<sha256>` LF for each entry of `modules`, in the byte
    /// order of the module names: the same content always has the same fingerprint.
    public static func fingerprint(of modules: [String: String]) -> String {
        let lines = modules.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            .map { "\($0.key)\u{0}\($0.value)\n" }.joined()
        return OTASHA256.hexString(Data(lines.utf8))
    }

    /// Reads the quarantine record of `layout`, or nil when there is none or it does not parse (a record that does not
    /// parse quarantines nothing: the guard writes a new one if the content goes on failing).
    public static func load(_ layout: OTAStorageLayout) -> OTALaunchQuarantine? {
        SmallFile.read(layout.quarantineFile.path, maximumBytes: maximumBytes).flatMap(OTALaunchQuarantine.init(parsing:))
    }

    /// Parses the bytes of a quarantine record; nil unless they are the documented shape with `formatVersion` 1.
    public init?(parsing data: Data) {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              (root["formatVersion"] as? NSNumber)?.intValue == 1,
              let launches = (root["launches"] as? NSNumber)?.intValue, launches >= 0,
              let modules = root["modules"] as? [String: String], !modules.isEmpty,
              modules.values.allSatisfy({ OTAStorageLayout.sha256(ofInstallFolderName: $0) == $0 }),
              let sinceText = root["since"] as? String, let since = Self.dateFormatter().date(from: sinceText)
        else { return nil }
        let publishedAt = root["publishedAt"] as? String
        guard publishedAt != nil || root["publishedAt"] is NSNull else { return nil }
        self.init(modules: modules, publishedAt: publishedAt, since: since, launches: launches)
    }

    /// The record's bytes, keys sorted.
    public func encoded() -> Data {
        let root: [String: Any] = [
            "formatVersion": 1, "launches": launches, "modules": modules,
            "publishedAt": publishedAt.map { $0 as Any } ?? NSNull(), "since": sinceText,
        ]
        // Only strings, integers and null: serialization cannot fail.
        return (try? JSONSerialization.data(withJSONObject: root, options: [.sortedKeys])) ?? Data()
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
