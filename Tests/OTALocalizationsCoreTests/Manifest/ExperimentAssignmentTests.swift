import Foundation
import OTATestSupport
import Testing
import OTALocalizationsCore

/// The arm assignment of a copy experiment (docs/rollouts.md, "Copy experiments"): the bucket is the rollout bucket of
/// the experiment id, an arm owns the buckets `[start, start + percent * 100)`, control is an arm that keeps the stable
/// modules. Checked against buckets and arms computed by Python's hashlib from the documented formula.
@Suite struct ExperimentAssignmentTests {
    typealias Range = ManifestExperiment.BucketRange

    /// Two arms and control in the equal slots `experiment start` gives (slot 10000 / 3 = 3333), at `basisPoints`.
    static func experiment(basisPoints: Int) -> ManifestExperiment {
        ManifestExperiment(
            id: "checkout-cta", control: Range(start: 0, basisPoints: basisPoints),
            arms: [
                .init(name: "short", range: Range(start: 3333, basisPoints: basisPoints), modules: []),
                .init(name: "long-2", range: Range(start: 6666, basisPoints: basisPoints), modules: []),
            ])
    }

    static func randomInstallIDs(_ count: Int) -> [String] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in String(format: "%016llx%016llx", generator.next() as UInt64, generator.next() as UInt64) }
    }

    @Test func armsAreAssignedExactlyByTheDocumentedFormula() throws {
        let installs = Self.randomInstallIDs(5_000)
        // Python computes each bucket with hashlib and the arm from the ranges as the design writes them.
        let python = try OTATestSupport.ExternalTool.pythonBlocking("""
            import hashlib, sys
            ranges = [("control", 0, 1250), ("short", 3333, 1250), ("long-2", 6666, 1250)]
            for install in sys.argv[1:]:
                d = hashlib.sha256(("checkout-cta:" + install).encode()).digest()
                b = int.from_bytes(d[:4], "big") % 10000
                arm = next((n for n, s, p in ranges if s <= b < s + p), "-")
                print(b, arm)
            """, installs)
        let experiment = Self.experiment(basisPoints: 1250)
        let ours = installs.map { install in
            let bucket = ManifestExperiment.bucket(experimentID: "checkout-cta", installID: install)
            return "\(bucket) \(experiment.assignment(installID: install).armName ?? "-")"
        }
        #expect(python == ours.joined(separator: "\n") + "\n")
        // 12.5% in each of the three: the shares are what the ranges say (5,000 devices, a wide margin).
        for name in ["control", "short", "long-2"] {
            let share = Double(ours.filter { $0.hasSuffix(" \(name)") }.count) / Double(installs.count)
            #expect(abs(share - 0.125) < 0.03, "\(name): \(share)")
        }
    }

    @Test func rangesAreHonouredExactlyAtTheirEdges() {
        let experiment = Self.experiment(basisPoints: 1250)
        let expected: [(Int, ManifestExperiment.Assignment)] = [
            (0, .control), (1249, .control), (1250, .outside), (3332, .outside), (3333, .arm("short")),
            (4582, .arm("short")), (4583, .outside), (6665, .outside), (6666, .arm("long-2")), (7915, .arm("long-2")),
            (7916, .outside), (9999, .outside),
        ]
        for (bucket, assignment) in expected {
            #expect(experiment.assignment(bucket: bucket) == assignment, "bucket \(bucket)")
        }
        // A range reaching the last bucket, and an empty one.
        let edge = ManifestExperiment(
            id: "e", control: Range(start: 5000, basisPoints: 0),
            arms: [.init(name: "last", range: Range(start: 9990, basisPoints: 10), modules: [])])
        #expect(edge.problem == nil)
        #expect(edge.assignment(bucket: 9989) == .outside && edge.assignment(bucket: 9990) == .arm("last"))
        #expect(edge.assignment(bucket: 9999) == .arm("last") && edge.assignment(bucket: 5000) == .outside)
        #expect(ManifestExperiment.Assignment.control.armName == "control")
        #expect(ManifestExperiment.Assignment.outside.armName == nil)
    }

    @Test func aDeviceKeepsItsArmWhileSharesGrow() {
        let installs = Self.randomInstallIDs(5_000)
        let ten = Self.experiment(basisPoints: 1000), twenty = Self.experiment(basisPoints: 2000)
        var inAtTen = 0
        for install in installs {
            let before = ten.assignment(installID: install), after = twenty.assignment(installID: install)
            if before != .outside {
                inAtTen += 1
                #expect(after == before, "\(install) moved from \(before) to \(after)")
            }
        }
        #expect(inAtTen > 1_000)
        // Growing one arm's share alone moves nobody out of another arm.
        var grown = ten
        grown.arms[0].range.basisPoints = 3333
        #expect(grown.problem == nil)
        for install in installs where ten.assignment(installID: install) != .outside {
            #expect(grown.assignment(installID: install) == ten.assignment(installID: install))
        }
    }

    @Test func overlapsAndLimitsAreRefused() {
        func problem(_ control: Range, _ arms: [(String, Range)], id: String = "x1") -> String? {
            ManifestExperiment.problem(id: id, control: control, arms: arms.map { (name: $0.0, range: $0.1) })
        }
        #expect(problem(Range(start: 0, basisPoints: 1000), [("a", Range(start: 1000, basisPoints: 1000))]) == nil)
        #expect(problem(Range(start: 0, basisPoints: 1001), [("a", Range(start: 1000, basisPoints: 1000))])
            == "arms \"control\" (buckets 0 to 1000) and \"a\" (buckets 1000 to 1999) overlap")
        #expect(problem(Range(start: 0, basisPoints: 100), [("a", Range(start: 500, basisPoints: 100)), ("b", Range(start: 550, basisPoints: 10))])
            == "arms \"a\" (buckets 500 to 599) and \"b\" (buckets 550 to 559) overlap")
        #expect(problem(Range(start: 0, basisPoints: 100), [("a", Range(start: 9999, basisPoints: 2))])
            == "arm \"a\" has the range 9999 + 2, which is not within the 10000 buckets (start 0 to 9999, percent 0 to 100, end at most 10000)")
        #expect(problem(Range(start: 10_000, basisPoints: 0), [("a", Range(start: 0, basisPoints: 1))]) != nil)
        #expect(problem(Range(start: 0, basisPoints: 1), [("a", Range(start: 1, basisPoints: 1)), ("a", Range(start: 2, basisPoints: 1))])
            == "names the arm \"a\" twice")
        #expect(problem(Range(start: 0, basisPoints: 1), [("control", Range(start: 1, basisPoints: 1))])?.hasPrefix("arm name \"control\" is not") == true)
        #expect(problem(Range(start: 0, basisPoints: 1), [("Short", Range(start: 1, basisPoints: 1))]) != nil)
        #expect(problem(Range(start: 0, basisPoints: 1), []) == "has 0 arms; an experiment has 1 to 8 arms besides control")
        let nine = (0..<9).map { ("a\($0)", Range(start: 100 * ($0 + 1), basisPoints: 10)) }
        #expect(problem(Range(start: 0, basisPoints: 1), nine) == "has 9 arms; an experiment has 1 to 8 arms besides control")
        #expect(problem(Range(start: 0, basisPoints: 1), Array(nine.prefix(8))) == nil)
        #expect(problem(Range(start: 0, basisPoints: 1), [("a", Range(start: 1, basisPoints: 1))], id: "bad id") != nil)
        // Empty ranges overlap nothing.
        #expect(problem(Range(start: 10, basisPoints: 0), [("a", Range(start: 0, basisPoints: 100))]) == nil)
    }

    @Test func anArmsEntriesAreMergedAsARolloutsAre() {
        func module(_ name: String, _ digit: Character) -> ManifestModule {
            ManifestModule(name: name, path: "\(name)-\(digit).zip", sha256: String(repeating: String(digit), count: 64), size: 1, localizations: ["en"])
        }
        var manifest = Manifest(
            appVersion: "1.0", publishedAt: Date(timeIntervalSince1970: 1_800_000_000), developmentRegion: "en",
            modules: [module("Checkout", "1"), module("Legacy", "2"), module("Profile", "3")])
        manifest.experiment = ManifestExperiment(
            id: "cta", control: Range(start: 0, basisPoints: 10),
            arms: [.init(name: "short", range: Range(start: 10, basisPoints: 10), modules: [module("Checkout", "4"), module("Promo", "5")], removedModules: ["Legacy"])])
        #expect(manifest.modules(inArm: "short").map(\.path) == ["Checkout-4.zip", "Profile-3.zip", "Promo-5.zip"])
        #expect(manifest.modules(inArm: "control") == manifest.modules)
        #expect(manifest.modules(inArm: nil) == manifest.modules)
        #expect(manifest.modules(inArm: "unknown") == manifest.modules)
    }
}
