import Foundation
import OTALocalizations
import OTALocalizationsCore

/// `state.json`: the manifest of the last cycle in which every module succeeded, with its ETag.
///
/// Shape: `{"formatVersion":1,"etag":string|null,"manifest":{...manifest.json as Manifest.encoded() writes it}}`,
/// plus `"keyid":string` (the trusted key whose signature vouched for the manifest) when it came signed.
/// Written only as a whole (temp file in `tmp/`, `fsync`, `rename(2)`), so the ETag never exists without the
/// complete state it vouches for.
struct InstalledState: Sendable, Equatable {
    var manifest: Manifest
    var etag: String?
    /// The ``ManifestPublicKey/keyID`` that signed the manifest; nil for an unsigned one.
    var keyID: String? = nil

    /// The stored state, or nil when it is missing or cannot be decoded (then no `If-None-Match` is sent).
    static func load(_ layout: OTAStorageLayout) -> InstalledState? {
        guard let data = DurableFiles.readRegularFile(layout.stateFile, maximumBytes: 16 * 1024 * 1024),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              object["formatVersion"] as? Int == 1,
              let manifestObject = object["manifest"] as? [String: Any],
              let manifestData = try? JSONSerialization.data(withJSONObject: manifestObject),
              let manifest = try? Manifest(bytes: manifestData),
              manifest.rejectedModules.isEmpty
        else { return nil }
        return InstalledState(manifest: manifest, etag: object["etag"] as? String, keyID: object["keyid"] as? String)
    }

    /// Writes the state through a temporary file in `tmp/` and an atomic rename onto `state.json` (anything but a
    /// regular file found there is moved aside first). The manifest keeps its `publishedAt` exactly, fraction included.
    func save(_ layout: OTAStorageLayout) throws(InstallFailure) {
        guard let manifestObject = try? JSONSerialization.jsonObject(with: manifest.encoded()) else {
            throw InstallFailure(.storage, "manifest cannot be re-encoded")
        }
        var object: [String: Any] = ["formatVersion": 1, "etag": etag ?? NSNull(), "manifest": manifestObject]
        if let keyID { object["keyid"] = keyID }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            throw InstallFailure(.storage, "state cannot be encoded")
        }
        DurableFiles.clearForFile(layout.stateFile, layout: layout)
        try DurableFiles.replaceFile(layout.stateFile, with: data, temporaryFolder: layout.temporaryFolder)
    }
}
