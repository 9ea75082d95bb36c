import Foundation
import OTALocalizationsCore

/// The signed side of a manifest fetch (docs/signing.md): which file to GET and how its body becomes the bytes of
/// `manifest.json`, verified before anything is decoded.
enum SignedManifest {
    /// The published file name of the production channel's DSSE envelope beside `manifest.json`
    /// (`ManifestChannel.envelopeFileName(channel:)` names every channel's).
    static let fileName = ManifestChannel.envelopeFileName(channel: nil)
    /// The largest envelope accepted, in bytes: the largest manifest in base64, plus room for signatures.
    static let maximumEnvelopeBytes: Int64 = 6 * 1024 * 1024

    /// The `manifest.json` bytes inside `envelope` and the keyid that vouched for them.
    /// - Throws: ``ManifestSignatureError`` from decoding the envelope or from verifying it against `trustedKeys`.
    static func verifiedPayload(_ envelope: Data, trustedKeys: [ManifestPublicKey]) throws(ManifestSignatureError) -> (payload: Data, keyID: String) {
        try ManifestEnvelope(bytes: envelope).verifiedPayload(trustedKeys: trustedKeys)
    }

    /// Whether a stored state may be used with `trustedKeys`: always without keys; with keys, only when the
    /// key that vouched for it is still trusted (a state from an unsigned manifest or a retired key is not).
    static func isTrusted(_ state: InstalledState, trustedKeys: [ManifestPublicKey]) -> Bool {
        trustedKeys.isEmpty || trustedKeys.contains { $0.keyID == state.keyID }
    }
}
