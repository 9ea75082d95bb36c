import Foundation
import OTATestSupport
import Testing
import OTALocalizationsCore

/// The rollout bucket rule (docs/design.md, `rollout.id`), checked against an independent implementation and for its
/// statistical promise.
@Suite struct RolloutBucketTests {
    @Test func bucketsMatchPythonsHashlib() throws {
        let ids = (0..<20).map { String(format: "%032x", $0 &* 2_654_435_761) }
        let python = try OTATestSupport.ExternalTool.pythonBlocking("""
            import hashlib, sys
            for install in sys.argv[2:]:
                d = hashlib.sha256((sys.argv[1] + ":" + install).encode()).digest()
                print(int.from_bytes(d[:4], "big") % 10000)
            """, ["spring-copy"] + ids)
        let ours = ids.map { "\(ManifestRollout.bucket(rolloutID: "spring-copy", installID: $0))" }
        #expect(python == ours.joined(separator: "\n") + "\n")
    }

    @Test func tenPercentIsTenPercentAndGrowingOnlyAddsDevices() {
        var generator = SystemRandomNumberGenerator()
        let installs = (0..<100_000).map { _ in
            String(format: "%016llx%016llx", generator.next() as UInt64, generator.next() as UInt64)
        }
        let ten = ManifestRollout(id: "r1", basisPoints: 1000, modules: [])
        let fifty = ManifestRollout(id: "r1", basisPoints: 5000, modules: [])
        let inTen = installs.filter(ten.includes(installID:))
        let share = Double(inTen.count) / Double(installs.count)
        #expect(abs(share - 0.10) <= 0.003, "share \(share)")
        #expect(inTen.allSatisfy(fifty.includes(installID:)))
        #expect(installs.filter { ManifestRollout(id: "r1", basisPoints: 0, modules: []).includes(installID: $0) }.isEmpty)
        #expect(installs.allSatisfy(ManifestRollout(id: "r1", basisPoints: 10_000, modules: []).includes(installID:)))
        // A new id reshuffles: the devices in a second 10% rollout are mostly others.
        let other = ManifestRollout(id: "r2", basisPoints: 1000, modules: [])
        let overlap = inTen.filter(other.includes(installID:)).count
        #expect(Double(overlap) / Double(inTen.count) < 0.2)
    }
}
