import Foundation
import OTATestSupport
import Testing

@testable import OTALocalizationsCore
@testable import OTALocalizationsPublishing

/// The published index (format 2): built from a manifest, it says what the manifest says; its root names each part by
/// SHA-256; readers refuse a root they cannot trust as a whole and set aside a part's bad entry alone.
@Suite struct ManifestIndexTests {
    static func hex(_ character: Character) -> String { String(repeating: String(character), count: 64) }
    static func slice(_ name: String, _ character: Character, _ size: Int64) -> PublishedFile {
        PublishedFile(path: name, sha256: hex(character), size: size)
    }

    static let checkout = ManifestModule(
        name: "Checkout", path: "Checkout-1.zip", sha256: hex("1"), size: 100, localizations: ["de", "en", "fr"],
        slices: ManifestSlices(base: slice("Checkout-base.zip", "2", 40), localizations: ["de": slice("Checkout-de.zip", "3", 30), "fr": slice("Checkout-fr.zip", "4", 30)]))
    static let profile = ManifestModule(name: "Profile", path: "Profile-1.zip", sha256: hex("5"), size: 50, localizations: ["en"])
    static var manifest: Manifest {
        var manifest = Manifest(
            appVersion: "2.0", publishedAt: Date(timeIntervalSince1970: 1_800_000_000), developmentRegion: "en",
            modules: [checkout, profile])
        var copy = checkout
        copy.path = "Checkout-2.zip"
        copy.sha256 = hex("6")
        manifest.rollout = ManifestRollout(id: "copy-1", basisPoints: 1250, modules: [copy], removedModules: ["Profile"])
        return manifest
    }

    private func decoded(_ built: (index: ManifestIndex, files: [IndexPartFile])) throws -> (stable: IndexContents, rollout: IndexContents?) {
        let bytes = Dictionary(uniqueKeysWithValues: built.files.map { ($0.name, $0.bytes) })
        func contents(_ parts: IndexParts) throws -> IndexContents {
            func json(_ reference: PublishedFile) throws -> Data {
                let file = try #require(bytes[reference.path])
                #expect(SHA256Digest.hexString(file) == reference.sha256 && Int64(file.count) == reference.size)
                return try GzipMember.decompress(file, maximumBytes: 1 << 20)
            }
            var localizations: [String: IndexFilesPart] = [:]
            for (name, reference) in parts.localizations { localizations[name] = try IndexFilesPart(bytes: json(reference), kind: .localization(name)) }
            return IndexContents(base: try IndexBasePart(bytes: json(parts.base)), full: try IndexFilesPart(bytes: json(parts.full), kind: .full), localizations: localizations)
        }
        return (try contents(built.index.parts), try built.index.rollout.map { try contents($0.parts) })
    }

    @Test func theIndexOfAManifestSaysWhatTheManifestSays() throws {
        let built = try ManifestIndex.build(from: Self.manifest)
        let root = try ManifestIndex(bytes: built.index.encoded())
        #expect(root == built.index)
        #expect(root.parts.localizations.keys.sorted() == ["de", "fr"])
        #expect(root.rollout?.removedModules == ["Profile"] && root.rollout?.basisPoints == 1250)
        let (stable, rollout) = try decoded(built)
        #expect(root.manifest(stable: stable, rollout: rollout) == Self.manifest)
        // Every part's name is its kind and the first 16 hex digits of its SHA-256.
        for file in built.files {
            let digest = SHA256Digest.hexString(file.bytes)
            #expect(file.name.hasPrefix("index-") && file.name.hasSuffix("-\(digest.prefix(16)).json.gz"), "\(file.name)")
        }
    }

    @Test func aFixInOneLocalizationChangesTheRootAndThatPartOnly() throws {
        var fixed = Self.manifest
        fixed.rollout = nil
        let before = try ManifestIndex.build(from: fixed)
        fixed.modules[0].slices!.localizations["fr"] = Self.slice("Checkout-fr2.zip", "7", 31)
        fixed.modules[0].path = "Checkout-3.zip"
        fixed.modules[0].sha256 = Self.hex("8")
        let after = try ManifestIndex.build(from: fixed)
        #expect(after.index.parts.base == before.index.parts.base)
        #expect(after.index.parts.localizations["de"] == before.index.parts.localizations["de"])
        #expect(after.index.parts.localizations["fr"] != before.index.parts.localizations["fr"])
        #expect(after.index.parts.full != before.index.parts.full)
    }

    @Test(arguments: [
        ("formatVersion 1", "\"formatVersion\": 2", "\"formatVersion\": 1", ManifestError.Code.unsupportedVersion),
        ("a duplicate key", "\"appVersion\": \"2.0\",", "\"appVersion\": \"2.0\", \"appVersion\": \"3.0\",", .duplicateKey),
        ("a part without a SHA-256", "\"sha256\": \"", "\"sha\": \"", .missingField),
        ("a Base part", "\"de\": {", "\"Base\": {", .missingField),
        ("a future channel name", "\"developmentRegion\": \"en\",", "\"developmentRegion\": \"en\", \"channel\": \"Prod\",", .badChannel),
        ("a development region that starts with a digit", "\"developmentRegion\": \"en\",", "\"developmentRegion\": \"419\",", .badDevelopmentRegion),
        ("a bad rollout", "\"percent\": 12.5", "\"percent\": 12.345", .badRollout),
    ])
    func aRootThatCannotBeTrustedAsAWholeIsRefused(_ name: String, _ original: String, _ replacement: String, _ code: ManifestError.Code) throws {
        let text = String(decoding: try ManifestIndex.build(from: Self.manifest).index.encoded(), as: UTF8.self)
        #expect(text.contains(original), "\(name)")
        let broken = text.replacingOccurrences(of: original, with: replacement)
        do {
            _ = try ManifestIndex(bytes: Data(broken.utf8))
            Issue.record("\(name): accepted")
        } catch {
            #expect(error.code == code, "\(name): \(error.reason)")
        }
    }

    @Test func aPartsBadEntryIsSetAsideAlone() throws {
        let base = Data("""
            {"formatVersion": 2, "part": "base", "modules": [
            {"name": "A", "localizations": ["en"], "full": {"path": "A.zip", "sha256": "\(Self.hex("a"))", "size": 1}},
            {"name": "../B", "localizations": ["en"], "full": {"path": "B.zip", "sha256": "\(Self.hex("b"))", "size": 1}},
            {"name": "C", "localizations": ["en"], "base": {"path": "C.zip", "sha256": "\(Self.hex("c"))", "size": 1}, "full": {"path": "C.zip", "sha256": "\(Self.hex("c"))", "size": 1}},
            {"name": "checkout", "localizations": ["en"], "full": {"path": "D.zip", "sha256": "\(Self.hex("d"))", "size": 1}},
            {"name": "Checkout", "localizations": ["en"], "full": {"path": "E.zip", "sha256": "\(Self.hex("e"))", "size": 1}}
            ]}
            """.utf8)
        let part = try IndexBasePart(bytes: base)
        #expect(part.modules.map(\.name) == ["A"])
        #expect(part.rejectedModules.map(\.name) == ["../B", "C", "checkout", "Checkout"])
        let files = Data("""
            {"formatVersion": 2, "part": "localization", "localization": "de", "modules": [
            {"name": "A", "path": "A-de.zip", "sha256": "\(Self.hex("a"))", "size": 1},
            {"name": "A", "path": "A-de2.zip", "sha256": "\(Self.hex("b"))", "size": 1},
            {"name": "B", "path": "B/de.zip", "sha256": "\(Self.hex("c"))", "size": 1}
            ]}
            """.utf8)
        let localization = try IndexFilesPart(bytes: files, kind: .localization("de"))
        #expect(localization.files.isEmpty)
        #expect(localization.rejectedModules.map(\.name) == ["B", "A"])
        do {
            _ = try IndexFilesPart(bytes: files, kind: .localization("fr"))
            Issue.record("a part for another localization was accepted")
        } catch {
            #expect(error.code == .missingField)
        }
    }
}
