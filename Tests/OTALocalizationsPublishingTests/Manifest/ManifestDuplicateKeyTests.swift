import Foundation
import OTATestSupport
import Testing

@testable import OTALocalizationsCore
@testable import OTALocalizationsPublishing

/// A manifest with a key written twice is refused as a whole (RFC 8259 section 4 leaves its meaning to each reader:
/// Python's json keeps the last, Foundation's decoder another), at the top level and inside a module entry.
@Suite struct ManifestDuplicateKeyTests {
    static let module = "{\"name\": \"A\", \"path\": \"A.zip\", \"sha256\": \"\(String(repeating: "a", count: 64))\", \"size\": 1, \"localizations\": [\"en\"]}"

    private func manifest(_ body: String) -> Data {
        Data("{\"formatVersion\": 1, \"appVersion\": \"1.0\", \"publishedAt\": \"2026-07-24T10:00:00Z\", \"developmentRegion\": \"en\", \(body)}".utf8)
    }

    @Test(arguments: [
        "\"modules\": [], \"modules\": [\(module)]",
        "\"modules\": [{\"name\": \"A\", \"name\": \"B\", \"path\": \"A.zip\", \"sha256\": \"\(String(repeating: "a", count: 64))\", \"size\": 1}]",
        "\"modules\": [\(module)], \"rollout\": {\"id\": \"r\", \"percent\": 5, \"percent\": 100, \"modules\": []}",
    ])
    func aKeyTwiceInAnyObjectRefusesTheManifest(_ body: String) throws {
        do {
            _ = try Manifest(bytes: manifest(body))
            Issue.record("accepted")
        } catch {
            #expect(error.code == .duplicateKey)
        }
        // The same text without the duplicate decodes (the test is about the duplicate alone).
        #expect((try? Manifest(bytes: manifest("\"modules\": [\(Self.module)]"))) != nil)
    }
}
