import Foundation
import OTALocalizationsCore

/// A channel's published manifest as `promote` and `rollout` read it before they sign anything: with trusted keys,
/// only through its envelope, verified (docs/signing.md, "Every command that signs verifies first"); without, the
/// unsigned file.
enum ChannelManifest {
    /// The channel's manifest, or nil when the folder has none (neither the manifest nor its envelope).
    ///
    /// - Parameter trustedKeys: the keys whose signature counts; empty reads `manifest.<channel>.json` unsigned.
    /// - Throws: ``PackagerError`` `signature` when trusted keys are given and the envelope is missing, malformed,
    ///   signed by no trusted key, or its signature does not verify; `refused` when the manifest does not decode or is
    ///   for another app version or channel.
    static func read(
        _ channel: String?, from store: any VersionFolderStore, listed: [String: StoredObject], trustedKeys: [ManifestPublicKey]
    ) throws(PackagerError) -> Manifest? {
        let manifestName = ManifestChannel.manifestFileName(channel: channel)
        guard !trustedKeys.isEmpty else {
            return listed[manifestName] == nil ? nil : try ManifestFiles.read(manifestName, channel: channel, from: store)?.manifest
        }
        let envelopeName = ManifestChannel.envelopeFileName(channel: channel)
        guard listed[envelopeName] != nil, let envelope = try store.read(envelopeName) else {
            if listed[manifestName] == nil { return nil }
            throw PackagerError(
                code: .signature,
                reason: "\(store.location.display(manifestName)) has no signed envelope (\(envelopeName)); with a signing or trusted key, only a manifest a trusted key signed is read. Publish the channel signed (package --signing-key)")
        }
        let payload: Data
        do {
            payload = try ManifestEnvelope(bytes: envelope).verifiedPayload(trustedKeys: trustedKeys).payload
        } catch {
            throw PackagerError(
                code: .signature,
                reason: "\(store.location.display(envelopeName)) is refused (\(error.code)): \(error.reason); nothing was signed or written")
        }
        let shown = store.location.display(envelopeName)
        let manifest = try ManifestFiles.decode(payload, shownAs: shown)
        try ManifestFiles.check(manifest, shownAs: shown, appVersion: store.location.lastComponent, channel: channel)
        return manifest
    }
}
