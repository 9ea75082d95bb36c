import Foundation
import OTALocalizationsCore

// Signing is CI's: devices only check envelopes (`verifiedPayload(trustedKeys:)` in OTALocalizationsCore).
extension ManifestEnvelope {
    /// Signs `payload` of type `payloadType` with each of `keys`, in order (one signature per key).
    public init(signing payload: Data, with keys: [ManifestSigningKey], payloadType: String = ManifestEnvelope.payloadType) {
        let message = Self.preAuthenticationEncoding(payloadType: payloadType, payload: payload)
        self.init(
            payloadType: payloadType, payload: payload,
            signatures: keys.map { Signature(keyID: $0.publicKey.keyID, signature: $0.signature(for: message)) })
    }
}
