import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing

/// docs/design.md defines the published index: its example, its field table and its part shapes must be what the code
/// reads and writes.
@Suite struct IndexDocumentationTests {
    private func indexSection() throws -> String {
        let design = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/design.md"), encoding: .utf8)
        return try #require(MarkdownText.section("### The published index (`index.json`, format version 2)", in: design))
    }

    private static let hash = String(repeating: "ab", count: 32)

    /// Module `A` with a slice of `fr`, in a manifest on channel `beta` with a rollout that also removes `B`: every
    /// optional field of the root is written.
    private func fullManifest() -> Manifest {
        let slice = PublishedFile(path: "A-fr-0.zip", sha256: Self.hash, size: 1)
        let entry = ManifestModule(
            name: "A", path: "A-0.zip", sha256: Self.hash, size: 1, localizations: ["en", "fr"],
            slices: ManifestSlices(base: slice, localizations: ["fr": slice]))
        var manifest = Manifest(
            appVersion: "1.0", publishedAt: Date(timeIntervalSince1970: 0), developmentRegion: "en", channel: "beta",
            modules: [entry],
            rollout: ManifestRollout(id: "r1", basisPoints: 1000, modules: [entry], removedModules: ["B"]))
        manifest.expiresTimestamp = ManifestTimestamp(secondsSince1970: 604_800)
        return manifest
    }

    @Test func exampleIsWhatTheEncoderWrites() throws {
        // Given: the section's JSON example.
        let block = try #require(MarkdownText.fencedBlocks("json", in: try indexSection()).first)
        let text = block.joined(separator: "\n") + "\n"

        // When: decoded and encoded again.
        let index = try ManifestIndex(bytes: Data(text.utf8))

        // Then: the same bytes, and each part named `index-<kind>-<first 16 hex digits of its SHA-256>.json.gz`.
        #expect(String(decoding: index.encoded(), as: UTF8.self) == text)
        #expect(index.parts.base.path == "index-base-\(index.parts.base.sha256.prefix(16)).json.gz")
        #expect(index.parts.full.path == "index-full-\(index.parts.full.sha256.prefix(16)).json.gz")
        #expect(index.parts.localizations.keys.sorted() == ["de", "fr"])
        for (name, part) in index.parts.localizations {
            #expect(part.path == "index-\(name)-\(part.sha256.prefix(16)).json.gz")
        }
    }

    @Test func fieldTableListsEveryFieldTheEncoderWrites() throws {
        // Given: the first column of the field table.
        var documented: [String] = []
        for line in try indexSection().split(separator: "\n") where line.hasPrefix("| `") {
            documented.append(String(line.dropFirst(3).prefix { $0 != "`" }))
        }

        // When: the root keys of an index built from a manifest with every optional field.
        let (index, _) = try ManifestIndex.build(from: fullManifest())
        let object = try #require(try JSONSerialization.jsonObject(with: index.encoded()) as? [String: Any])
        let rollout = try #require(object["rollout"] as? [String: Any])

        // Then: one row per root key, and the rollout cell names exactly the rollout's keys.
        let rolloutRow = try #require(try indexSection().split(separator: "\n").first { $0.hasPrefix("| `rollout`") })
        for key in rollout.keys {
            #expect(rolloutRow.contains("\"\(key)\""), "the rollout row does not name \(key)")
        }
        #expect(rollout.keys.sorted() == ["id", "parts", "percent", "removedModules"])

        // A root carries a rollout or an experiment: the experiment's row names its keys and its arms'.
        var manifest = fullManifest()
        manifest.rollout = nil
        manifest.experiment = ManifestExperiment(
            id: "e1", control: .init(start: 0, basisPoints: 1000),
            arms: [.init(name: "a", range: .init(start: 5000, basisPoints: 1000), modules: manifest.modules, removedModules: ["B"])])
        let withExperiment = try #require(
            try JSONSerialization.jsonObject(with: ManifestIndex.build(from: manifest).index.encoded()) as? [String: Any])
        let experiment = try #require(withExperiment["experiment"] as? [String: Any])
        let arm = try #require((experiment["arms"] as? [[String: Any]])?.first)
        let experimentRow = try #require(try indexSection().split(separator: "\n").first { $0.hasPrefix("| `experiment`") })
        for key in Set(experiment.keys).union(arm.keys) {
            #expect(experimentRow.contains("\"\(key)\""), "the experiment row does not name \(key)")
        }
        #expect(documented.sorted() == (Set(object.keys).union(["experiment"])).sorted())
    }

    @Test func partShapesAreWhatTheEncoderWrites() throws {
        // Given: the section's text block of part shapes.
        let shapes = try #require(MarkdownText.fencedBlocks("text", in: try indexSection()).first).joined(separator: "\n")

        // When: the parts built from a manifest with one sliced module, inflated.
        let (_, files) = try ManifestIndex.build(from: fullManifest())
        let documents = try files.map { String(decoding: try GzipMember.decompress($0.bytes, maximumBytes: 1 << 20), as: UTF8.self) }

        // Then: each part's first line (its header) and the base part's module line keys appear in the block.
        let headers = Set(documents.map { String($0.prefix { $0 != "\n" }) })
        #expect(headers == [
            "{\"formatVersion\": 2, \"part\": \"base\", \"modules\": [",
            "{\"formatVersion\": 2, \"part\": \"full\", \"modules\": [",
            "{\"formatVersion\": 2, \"part\": \"localization\", \"localization\": \"fr\", \"modules\": [",
        ])
        for header in headers {
            let shape = header.replacingOccurrences(of: "\"fr\"", with: "\"de\"")
            #expect(shapes.contains(shape), "the part shapes do not show \(shape)")
        }
        let base = try #require(documents.first { $0.contains("\"part\": \"base\"") })
        #expect(base.contains("{\"name\": \"A\", \"localizations\": [\"en\", \"fr\"], \"base\": {\"path\""))
        #expect(shapes.contains("{\"name\": \"Checkout\", \"localizations\": [\"de\", \"en\", \"fr\"], \"base\": {\"path\""))
    }
}
