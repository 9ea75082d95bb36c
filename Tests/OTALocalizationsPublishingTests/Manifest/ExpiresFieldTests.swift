import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing
import Testing

/// `expires` in `manifest.json` and `index.json` (docs/design.md, docs/signing.md "Freeze"): written right after
/// `publishedAt` only when set, read with `publishedAt`'s rules, and carried from the manifest to its index.
@Suite struct ExpiresFieldTests {
    private static let hash = String(repeating: "ab", count: 32)

    private func manifest(expires: String?) -> Manifest {
        var manifest = Manifest(
            appVersion: "1.0", publishedAtTimestamp: ManifestDate.parseTimestamp("2026-12-01T00:00:00Z")!, developmentRegion: "en",
            modules: [ManifestModule(name: "A", path: "A-0.zip", sha256: Self.hash, size: 1, localizations: ["en"])])
        manifest.expiresTimestamp = expires.flatMap(ManifestDate.parseTimestamp)
        return manifest
    }

    @Test func theManifestWritesExpiresAfterPublishedAtAndReadsItBack() throws {
        let bytes = manifest(expires: "2026-12-08T00:00:00Z").encoded()
        let expected = """
            {
              "formatVersion": 1,
              "appVersion": "1.0",
              "publishedAt": "2026-12-01T00:00:00Z",
              "expires": "2026-12-08T00:00:00Z",
              "developmentRegion": "en",
              "modules": [
                { "name": "A", "path": "A-0.zip", "sha256": "\(Self.hash)", "size": 1, "localizations": ["en"] }
              ]
            }

            """
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
        #expect(try Manifest(bytes: bytes).expiresTimestamp == ManifestTimestamp(secondsSince1970: 1_796_688_000))
        // Without it, the bytes are those of a manifest from before the field existed.
        #expect(!String(decoding: manifest(expires: nil).encoded(), as: UTF8.self).contains("expires"))
        #expect(try Manifest(bytes: manifest(expires: nil).encoded()).expiresTimestamp == nil)
    }

    @Test func theIndexCarriesTheManifestsExpiresAndRefusesABadOne() throws {
        let built = try ManifestIndex.build(from: manifest(expires: "2026-12-08T00:00:00.500Z"))
        let text = String(decoding: built.index.encoded(), as: UTF8.self)
        #expect(text.contains("  \"publishedAt\": \"2026-12-01T00:00:00Z\",\n  \"expires\": \"2026-12-08T00:00:00.500Z\",\n"))
        #expect(try ManifestIndex(bytes: built.index.encoded()).expiresTimestamp
            == ManifestTimestamp(secondsSince1970: 1_796_688_000, nanoseconds: 500_000_000))
        for bad in ["\"2026-12-08\"", "7", "null", "\"2026-02-30T00:00:00Z\""] {
            let edited = text.replacingOccurrences(of: "\"2026-12-08T00:00:00.500Z\"", with: bad)
            #expect(throws: ManifestError.self) { try ManifestIndex(bytes: Data(edited.utf8)) }
            do {
                _ = try ManifestIndex(bytes: Data(edited.utf8))
            } catch {
                #expect(error.code == .badDate, "\(bad)")
            }
            let manifestText = String(decoding: manifest(expires: "2026-12-08T00:00:00Z").encoded(), as: UTF8.self)
                .replacingOccurrences(of: "\"2026-12-08T00:00:00Z\"", with: bad)
            do {
                _ = try Manifest(bytes: Data(manifestText.utf8))
                Issue.record("manifest with expires \(bad) accepted")
            } catch {
                #expect(error.code == .badDate, "\(bad)")
            }
        }
    }
}
