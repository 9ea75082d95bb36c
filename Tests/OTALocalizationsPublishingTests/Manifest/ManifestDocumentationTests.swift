import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing
import OTATestSupport
import Testing

/// docs/design.md defines the manifest format: its example and its field table must be what the code reads and writes.
@Suite struct ManifestDocumentationTests {
    private func manifestSection() throws -> String {
        let design = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/design.md"), encoding: .utf8)
        return try #require(MarkdownText.section("### The manifest (`manifest.json`, format version 1)", in: design))
    }

    @Test func exampleIsWhatTheEncoderWrites() throws {
        // Given: the section's JSON example.
        let block = try #require(MarkdownText.fencedBlocks("json", in: try manifestSection()).first)
        let text = block.joined(separator: "\n") + "\n"

        // When: decoded and encoded again.
        let manifest = try Manifest(bytes: Data(text.utf8))

        // Then: nothing rejected, the same bytes, and a ZIP name built as the published layout says.
        #expect(manifest.rejectedModules.isEmpty)
        #expect(String(decoding: manifest.encoded(), as: UTF8.self) == text)
        for module in manifest.modules {
            #expect(module.path == "\(module.name)-\(module.sha256.prefix(16)).zip")
        }
    }

    @Test func fieldTableListsEveryFieldTheEncoderWrites() throws {
        // Given: the first column of the field table (`formatVersion`, `modules[].name`, ...).
        var documented: [String] = []
        for line in try manifestSection().split(separator: "\n") where line.hasPrefix("| `") {
            let cell = line.dropFirst(3).prefix { $0 != "`" }
            documented.append(String(cell))
        }

        // When: the keys of a manifest the encoder writes with every optional field, module keys prefixed with
        // `modules[].`, rollout keys with `rollout.`.
        let hash = String(repeating: "0", count: 64)
        let slice = PublishedFile(path: "A-fr-0.zip", sha256: hash, size: 1)
        let entry = ManifestModule(
            name: "A", path: "A-0.zip", sha256: hash, size: 1, localizations: ["en", "fr"],
            slices: ManifestSlices(base: slice, localizations: ["fr": slice]))
        var manifest = Manifest(
            appVersion: "1.0", publishedAt: Date(timeIntervalSince1970: 0), developmentRegion: "en", channel: "staging",
            modules: [entry], rollout: ManifestRollout(id: "r1", basisPoints: 1000, modules: [entry], removedModules: ["B"]))
        manifest.expiresTimestamp = ManifestTimestamp(secondsSince1970: 604_800)
        let object = try #require(try JSONSerialization.jsonObject(with: manifest.encoded()) as? [String: Any])
        let module = try #require((object["modules"] as? [[String: Any]])?.first)
        let rollout = try #require(object["rollout"] as? [String: Any])
        var written = object.keys.map { $0 } + module.keys.map { "modules[].\($0)" } + rollout.keys.map { "rollout.\($0)" }
        // A manifest carries a rollout or an experiment: the experiment's keys come from a second one, its arms'
        // keys prefixed with `experiment.arms[].` (`control` is one row: `{"start", "percent"}`).
        var withExperiment = manifest
        withExperiment.rollout = nil
        withExperiment.experiment = ManifestExperiment(
            id: "e1", control: .init(start: 0, basisPoints: 1000),
            arms: [.init(name: "a", range: .init(start: 5000, basisPoints: 1000), modules: [entry], removedModules: ["B"])])
        let experimentObject = try #require(try JSONSerialization.jsonObject(with: withExperiment.encoded()) as? [String: Any])
        let experiment = try #require(experimentObject["experiment"] as? [String: Any])
        let arm = try #require((experiment["arms"] as? [[String: Any]])?.first)
        written += ["experiment"] + experiment.keys.map { "experiment.\($0)" } + arm.keys.map { "experiment.arms[].\($0)" }
        #expect((experiment["control"] as? [String: Any])?.keys.sorted() == ["percent", "start"])

        // Then: each written field has exactly one row, and no row documents a field that is not written.
        #expect(documented.sorted() == written.sorted())
    }
}
