import Foundation
import OTALocalizationsCore

/// The signed side of a stored state (docs/signing.md).
enum SignedManifest {
    /// Whether a stored state may be used with `trustedKeys`: always without keys; with keys, only when the
    /// key that vouched for it is still trusted (a state from an unsigned manifest or a retired key is not).
    static func isTrusted(_ state: InstalledState, trustedKeys: [ManifestPublicKey]) -> Bool {
        trustedKeys.isEmpty || trustedKeys.contains { $0.keyID == state.keyID }
    }
}
