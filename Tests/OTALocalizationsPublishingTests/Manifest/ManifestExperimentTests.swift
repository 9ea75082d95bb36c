import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizationsCore
@testable import OTALocalizationsPublishing

/// `experiment` in `manifest.json` and `index.json`: written in the designed shape, read back to the same value, and
/// refused as a whole when it cannot be used (like a malformed rollout).
@Suite struct ManifestExperimentTests {
    static func hex(_ character: Character) -> String { String(repeating: String(character), count: 64) }
    static func module(_ name: String, _ digit: Character) -> ManifestModule {
        ManifestModule(name: name, path: "\(name)-\(digit).zip", sha256: hex(digit), size: 10, localizations: ["de", "en"])
    }

    static var manifest: Manifest {
        var manifest = Manifest(
            appVersion: "3.0", publishedAt: Date(timeIntervalSince1970: 1_800_000_000), developmentRegion: "en",
            modules: [module("Checkout", "1"), module("Legacy", "2")])
        manifest.experiment = ManifestExperiment(
            id: "checkout-cta", control: .init(start: 0, basisPoints: 1000),
            arms: [
                .init(name: "short", range: .init(start: 3333, basisPoints: 1250), modules: [module("Checkout", "3")], removedModules: ["Legacy"]),
                .init(name: "long", range: .init(start: 6666, basisPoints: 5), modules: []),
            ])
        return manifest
    }

    @Test func theManifestRoundTripsInTheDesignedShape() throws {
        let bytes = Self.manifest.encoded()
        #expect(try Manifest(bytes: bytes) == Self.manifest)
        // Python's json module is the independent reader of the shape.
        let python = try OTATestSupport.ExternalTool.pythonBlocking("""
            import json, sys
            e = json.loads(sys.argv[1])["experiment"]
            print(e["id"], e["control"], [(a["name"], a["start"], a["percent"], [m["path"] for m in a["modules"]], a.get("removedModules")) for a in e["arms"]])
            """, [String(decoding: bytes, as: UTF8.self)])
        #expect(python == "checkout-cta {'start': 0, 'percent': 10} [('short', 3333, 12.5, ['Checkout-3.zip'], ['Legacy']), ('long', 6666, 0.05, [], None)]\n")
        // Without an experiment the bytes are those of before.
        var plain = Self.manifest
        plain.experiment = nil
        #expect(!String(decoding: plain.encoded(), as: UTF8.self).contains("experiment"))
    }

    @Test func theIndexRoundTripsAndSaysWhatTheManifestSays() throws {
        let built = try ManifestIndex.build(from: Self.manifest)
        let root = try ManifestIndex(bytes: built.index.encoded())
        #expect(root == built.index)
        let experiment = try #require(root.experiment)
        #expect(experiment.id == "checkout-cta" && experiment.control == .init(start: 0, basisPoints: 1000))
        #expect(experiment.arms.map(\.name) == ["short", "long"] && experiment.arms[0].removedModules == ["Legacy"])
        #expect(experiment.arms[0].range == .init(start: 3333, basisPoints: 1250))
        // Every part the root names is a built file; decoded, they give back the manifest.
        let files = Dictionary(uniqueKeysWithValues: built.files.map { ($0.name, $0.bytes) })
        #expect(Set(root.referencedParts.map(\.path)) == Set(files.keys))
        func contents(_ parts: IndexParts) throws -> IndexContents {
            func json(_ reference: PublishedFile) throws -> Data {
                try GzipMember.decompress(try #require(files[reference.path]), maximumBytes: 1 << 20)
            }
            return IndexContents(
                base: try IndexBasePart(bytes: json(parts.base)), full: try IndexFilesPart(bytes: json(parts.full), kind: .full),
                localizations: [:])
        }
        var arms: [String: IndexContents] = [:]
        for arm in experiment.arms { arms[arm.name] = try contents(arm.parts) }
        #expect(root.manifest(stable: try contents(root.parts), rollout: nil, arms: arms) == Self.manifest)
        #expect(String(decoding: built.index.encoded(), as: UTF8.self).contains("\"control\": {\"start\": 0, \"percent\": 10},\n"))
    }

    /// Replaces `"experiment": {...}` of the sample manifest's text by `experiment` (`rollout` adds a rollout too).
    static func manifestText(experiment: String, rollout: Bool = false) -> Data {
        let rolloutText = rollout ? ",\n  \"rollout\": {\"id\": \"r1\", \"percent\": 5, \"modules\": []}" : ""
        return Data("""
            {"formatVersion": 1, "appVersion": "3.0", "publishedAt": "2027-01-15T08:00:00Z", "developmentRegion": "en",
             "modules": [], "experiment": \(experiment)\(rolloutText)}
            """.utf8)
    }

    @Test(arguments: [
        (#"{"id": "x", "control": {"start": 0, "percent": 10}, "arms": [{"name": "a", "start": 999, "percent": 1, "modules": []}]}"#,
         "manifest 'experiment' arms \"control\" (buckets 0 to 999) and \"a\" (buckets 999 to 1098) overlap"),
        (#"{"id": "x", "control": {"start": 0, "percent": 10}, "arms": [{"name": "a", "start": 9999, "percent": 0.02, "modules": []}]}"#,
         "manifest 'experiment' arm \"a\" has the range 9999 + 2, which is not within the 10000 buckets (start 0 to 9999, percent 0 to 100, end at most 10000)"),
        (#"{"id": "x", "control": {"start": 0, "percent": 10}, "arms": [{"name": "a", "start": 10000, "percent": 0, "modules": []}]}"#,
         "manifest 'experiment' arm \"a\" needs an integer 'start' from 0 to 9999 and a 'percent' from 0 to 100 with at most two decimals"),
        (#"{"id": "x", "control": {"start": 0, "percent": 1.005}, "arms": [{"name": "a", "start": 500, "percent": 1, "modules": []}]}"#,
         "manifest 'experiment' arm \"control\" needs an integer 'start' from 0 to 9999 and a 'percent' from 0 to 100 with at most two decimals"),
        (#"{"id": "x", "control": {"start": 0, "percent": 1}, "arms": [{"name": "a", "start": 500, "percent": 1, "modules": []}, {"name": "a", "start": 700, "percent": 1, "modules": []}]}"#,
         "manifest 'experiment' names the arm \"a\" twice"),
        (#"{"id": "x", "control": {"start": 0, "percent": 1}, "arms": [{"name": "a", "start": 500, "percent": 1}]}"#,
         "manifest 'experiment' arm \"a\" has no 'modules' array"),
        (#"{"id": "x", "control": {"start": 0, "percent": 1}, "arms": []}"#,
         "manifest 'experiment' has 0 arms; an experiment has 1 to 8 arms besides control"),
        (#"{"id": "x", "control": {"start": 0, "percent": 1}, "arms": [{"name": "a", "start": 500, "percent": 1, "modules": [], "removedModules": ["L", "L"]}]}"#,
         "manifest 'experiment' arm \"a\" has a 'removedModules' that is not an array of distinct module names"),
        (#"{"id": "", "control": {"start": 0, "percent": 1}, "arms": []}"#,
         "manifest 'experiment' has no 'id' of 1 to 64 ASCII letters, digits, '-' or '_'"),
    ])
    func aManifestWithAnUnusableExperimentIsRefused(experiment: String, reason: String) {
        #expect(throws: ManifestError(code: .badExperiment, reason: reason)) { try Manifest(bytes: Self.manifestText(experiment: experiment)) }
    }

    @Test func moreThanEightArmsAreRefused() throws {
        let arms = (0..<9).map { #"{"name": "a\#($0)", "start": \#(1000 * ($0 + 1)), "percent": 1, "modules": []}"# }
        let nine = #"{"id": "x", "control": {"start": 0, "percent": 1}, "arms": ["# + arms.joined(separator: ", ") + "]}"
        #expect(throws: ManifestError(code: .badExperiment, reason: "manifest 'experiment' has 9 arms; an experiment has 1 to 8 arms besides control")) {
            try Manifest(bytes: Self.manifestText(experiment: nine))
        }
        let eight = #"{"id": "x", "control": {"start": 0, "percent": 1}, "arms": ["# + arms.prefix(8).joined(separator: ", ") + "]}"
        #expect(try Manifest(bytes: Self.manifestText(experiment: eight)).experiment?.arms.count == 8)
    }

    @Test func aRolloutAndAnExperimentTogetherAreRefused() throws {
        let experiment = #"{"id": "x", "control": {"start": 0, "percent": 1}, "arms": [{"name": "a", "start": 500, "percent": 1, "modules": []}]}"#
        #expect(throws: ManifestError(code: .badExperiment, reason: "manifest has both a 'rollout' and an 'experiment'; a manifest may carry a rollout or an experiment, not both")) {
            try Manifest(bytes: Self.manifestText(experiment: experiment, rollout: true))
        }
        // The index refuses it too.
        var both = try ManifestIndex.build(from: Self.manifest).index
        both.rollout = ManifestIndex.Rollout(id: "r1", basisPoints: 5, parts: both.parts)
        #expect(throws: ManifestError(code: .badExperiment, reason: "index has both a 'rollout' and an 'experiment'; a manifest may carry a rollout or an experiment, not both")) {
            try ManifestIndex(bytes: both.encoded())
        }
        // So does it an index whose arms overlap.
        var overlapping = try ManifestIndex.build(from: Self.manifest).index
        overlapping.experiment!.arms[1].range.start = 3334
        #expect(throws: ManifestError(code: .badExperiment, reason: "index 'experiment' arms \"short\" (buckets 3333 to 4582) and \"long\" (buckets 3334 to 3338) overlap")) {
            try ManifestIndex(bytes: overlapping.encoded())
        }
    }
}
