/// Release channels: several manifests for one app version, sharing its ZIPs (docs/rollouts.md).
///
/// The production channel is `manifest.json` (what every installed app reads) and has no `channel` field; another
/// channel `c` is `manifest.c.json`, whose manifest says `"channel": "c"`, and, signed, `manifest.c.dsse.json`. A
/// client configured for one channel refuses a manifest that names another, so a signed staging manifest copied over
/// production's is refused too.
public enum ManifestChannel {
    /// The name the production channel is given on command lines; it is written as no `channel` field at all.
    public static let production = "production"

    /// Whether `name` can name a channel other than production: 1 to 32 characters, lowercase ASCII letters, digits
    /// and `-`, starting with a letter, and not `dsse` (which would make `manifest.dsse.json` ambiguous).
    public static func isValidName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...32).contains(bytes.count), name != "dsse", name != production,
              let first = bytes.first, (0x61...0x7A).contains(first)
        else { return false }
        return bytes.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") }
    }

    /// The channel as the manifest records it: nil for `production` (or nil), else `name` unchanged.
    public static func recorded(_ name: String?) -> String? {
        name == production ? nil : name
    }

    /// `manifest.json` for production (nil), else `manifest.<channel>.json`.
    public static func manifestFileName(channel: String?) -> String {
        recorded(channel).map { "manifest.\($0).json" } ?? "manifest.json"
    }

    /// `manifest.dsse.json` for production (nil), else `manifest.<channel>.dsse.json`.
    public static func envelopeFileName(channel: String?) -> String {
        recorded(channel).map { "manifest.\($0).dsse.json" } ?? "manifest.dsse.json"
    }

    /// `index.json` for production (nil), else `index.<channel>.json`: the published index's root (format 2).
    public static func indexFileName(channel: String?) -> String {
        recorded(channel).map { "index.\($0).json" } ?? "index.json"
    }

    /// `index.dsse.json` for production (nil), else `index.<channel>.dsse.json`.
    public static func indexEnvelopeFileName(channel: String?) -> String {
        recorded(channel).map { "index.\($0).dsse.json" } ?? "index.dsse.json"
    }
}
