import Foundation
import OTALocalizationsCore

// Writing an envelope is CI's: devices only decode one (`init(bytes:payloadType:maximumSignatures:)`).
extension ManifestEnvelope {
    /// The envelope as UTF-8 JSON in the order `payloadType`, `payload`, `signatures`, two-space indented, one
    /// signature per line, ending with a newline. Deterministic for the same payload and signatures.
    public func encoded() -> Data {
        var out = "{\n"
        out += "  \"payloadType\": \(JSONText.quoted(payloadType)),\n"
        out += "  \"payload\": \(JSONText.quoted(payload.base64EncodedString())),\n"
        if signatures.isEmpty {
            out += "  \"signatures\": []\n"
        } else {
            out += "  \"signatures\": [\n"
            let lines = signatures.map {
                "    { \"keyid\": \(JSONText.quoted($0.keyID)), \"sig\": \(JSONText.quoted(Data($0.signature).base64EncodedString())) }"
            }
            out += lines.joined(separator: ",\n") + "\n  ]\n"
        }
        out += "}\n"
        return Data(out.utf8)
    }
}
