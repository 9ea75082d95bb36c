import Foundation
import OTALocalizationsCore

extension OutputWriter {
    /// Writes the channel's envelope (`manifest.dsse.json`, or `manifest.<channel>.dsse.json`; docs/signing.md)
    /// signing exactly `manifestBytes` with each key, or, without keys, removes one an earlier signed run left (it
    /// would vouch for an older manifest than the one beside it).
    ///
    /// - Throws: ``PackagerError`` `io` naming the file that could not be written or removed.
    static func writeEnvelope(
        of manifestBytes: Data, signedBy keys: [ManifestSigningKey], channel: String? = nil, in folder: URL
    ) throws {
        let url = folder.appendingPathComponent(ManifestChannel.envelopeFileName(channel: channel))
        guard !keys.isEmpty else {
            guard FileManager.default.fileExists(atPath: url.path) else { return }
            do {
                try FileManager.default.removeItem(at: url)
            } catch {
                throw PackagerError(code: .io, reason: "\(url.path): cannot remove the envelope of an earlier signed run (\(error.localizedDescription))")
            }
            return
        }
        try atomicWrite(ManifestEnvelope(signing: manifestBytes, with: keys).encoded(), to: url)
    }
}
