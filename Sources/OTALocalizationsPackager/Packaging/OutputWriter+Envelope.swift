import Foundation
import OTALocalizationsCore

extension OutputWriter {
    /// Removes an envelope an earlier signed run left beside an unsigned manifest: it would vouch for an older manifest
    /// than the one beside it (docs/signing.md).
    ///
    /// - Throws: ``PackagerError`` `io` naming the file that could not be removed.
    static func removeStaleEnvelope(_ url: URL) throws {
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw PackagerError(code: .io, reason: "\(url.path): cannot remove the envelope of an earlier signed run (\(error.localizedDescription))")
        }
    }
}
