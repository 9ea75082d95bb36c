import Foundation
import OTATestSupport
import Testing

@testable import OTALocalizationsCore
@testable import OTALocalizationsPublishing

/// `manifest.json` is read in one strict parse, as the device reads the index: the fields' types are JSON's own, a
/// `null` channel or rollout is absent, and a module entry that breaks a rule is set aside with its reason.
@Suite struct ManifestStrictReadTests {
    static let sha = String(repeating: "a", count: 64)

    private func manifest(_ body: String, head: String = "\"formatVersion\": 1") -> Data {
        Data("{\(head), \"appVersion\": \"1.0\", \"publishedAt\": \"2026-07-24T10:00:00Z\", \"developmentRegion\": \"en\", \(body)}".utf8)
    }

    private func error(_ bytes: Data) -> ManifestError? {
        do {
            _ = try Manifest(bytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func nullChannelAndRolloutAreAbsentAndEntriesKeepTheirValues() throws {
        let entry = "{\"name\": \"A\", \"path\": \"A-1.zip\", \"sha256\": \"\(Self.sha)\", \"size\": 120, \"localizations\": [\"en\", \"de\"], "
            + "\"slices\": {\"base\": {\"path\": \"A-b.zip\", \"sha256\": \"\(Self.sha)\", \"size\": 40}, "
            + "\"localizations\": {\"de\": {\"path\": \"A-de.zip\", \"sha256\": \"\(Self.sha)\", \"size\": 30}}}}"
        let decoded = try Manifest(bytes: manifest("\"channel\": null, \"rollout\": null, \"modules\": [\(entry)], \"extra\": {\"x\": [1]}"))

        #expect(decoded.channel == nil)
        #expect(decoded.rollout == nil)
        #expect(decoded.rejectedModules.isEmpty)
        let module = try #require(decoded.modules.first)
        #expect(module.name == "A" && module.path == "A-1.zip" && module.size == 120 && module.localizations == ["en", "de"])
        #expect(module.slices?.base == PublishedFile(path: "A-b.zip", sha256: Self.sha, size: 40))
        #expect(module.slices?.localizations == ["de": PublishedFile(path: "A-de.zip", sha256: Self.sha, size: 30)])
    }

    @Test func aTopLevelFieldOfTheWrongJSONTypeIsNamed() {
        let version = error(manifest("\"modules\": []", head: "\"formatVersion\": 1.0"))
        #expect(version?.code == .missingField)
        #expect(version?.reason == "manifest field 'formatVersion' has the wrong type")
        let modules = error(manifest("\"modules\": {}"))
        #expect(modules?.reason == "manifest field 'modules' has the wrong type")
        #expect(error(manifest("\"channel\": 7, \"modules\": []"))?.code == .badChannel)
        #expect(error(manifest("\"rollout\": [], \"modules\": []"))?.reason == "manifest 'rollout' is not a JSON object")
        #expect(error(Data("{\"formatVersion\": 1,}".utf8))?.code == .notJSON)
    }

    @Test func anEntryWhoseSizeIsNotAnIntegerIsSetAsideWithItsReason() throws {
        let entries = ["1.0", "1e3", "-1", "\"5\""].enumerated().map { index, size in
            "{\"name\": \"M\(index)\", \"path\": \"M\(index).zip\", \"sha256\": \"\(Self.sha)\", \"size\": \(size)}"
        }
        let decoded = try Manifest(bytes: manifest("\"modules\": [\(entries.joined(separator: ", ")), null]"))

        #expect(decoded.modules.isEmpty)
        #expect(decoded.rejectedModules.map(\.name) == ["M0", "M1", "M2", "M3", nil])
        #expect(decoded.rejectedModules.prefix(4).allSatisfy { $0.reason == "module 'size' is not a non-negative integer" })
        #expect(decoded.rejectedModules.last?.reason == "module entry is not a JSON object")
    }
}
