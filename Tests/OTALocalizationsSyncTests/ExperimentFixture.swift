import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing
import OTATestSupport
import Testing

/// Copy experiments written with the Core model, and devices with known buckets in them.
extension SyncFixture {
    /// Serves the ZIPs of `stable` and every arm and what `package` writes for them, with the experiment `cta`:
    /// control at `[0, control)`, then each arm of `arms` (name, start, share in basis points, entries, removed
    /// modules). Signed by `keys` when given.
    func publishExperiment(
        stable: [PublishedModule], control: Int = 1000,
        arms: [(name: String, start: Int, basisPoints: Int, modules: [PublishedModule], removed: [String])],
        publishedAt: String = "2026-07-24T10:00:00Z", signedBy keys: [ManifestSigningKey] = []
    ) throws {
        for module in stable + arms.flatMap(\.modules) {
            transport.serve(Self.url("1.0", URLEncoding.component(module.path)), module.zip)
        }
        let experiment = ManifestExperiment(
            id: "cta", control: .init(start: 0, basisPoints: control),
            arms: arms.map {
                .init(name: $0.name, range: .init(start: $0.start, basisPoints: $0.basisPoints), modules: $0.modules.map(Self.entry),
                      removedModules: $0.removed)
            })
        let manifest = Manifest(
            appVersion: "1.0", publishedAtTimestamp: try #require(ManifestDate.parseTimestamp(publishedAt)),
            developmentRegion: "en", modules: stable.map(Self.entry), experiment: experiment)
        try serve(manifest, signedBy: keys)
    }
}

/// Install IDs whose buckets in the experiment `cta` fall in known ranges, found by a search with Python's `hashlib`
/// over the documented formula (`UInt32(first 4 bytes of SHA-256("cta:<install ID>"), big-endian) % 10000`).
enum ExperimentDevice {
    /// Buckets in 0..<1000 (control at 10%), 3333..<4333 (arm `short` at 10%), 4333..<5333 (`short` only at 20%) and
    /// 6000..<10000 (in no arm).
    static let ids: [String] = {
        let output = try! ExternalTool.pythonBlocking("""
            import hashlib
            want = [(0, 1000), (3333, 4333), (4333, 5333), (6000, 10000)]
            found = {}
            i = 1
            while len(found) < len(want):
                iid = "%032x" % (i * 2654435761 * 40503 % 2**128)
                b = int.from_bytes(hashlib.sha256(("cta:" + iid).encode()).digest()[:4], "big") % 10000
                for k, (lo, hi) in enumerate(want):
                    if k not in found and lo <= b < hi:
                        found[k] = iid
                i += 1
            print(" ".join(found[k] for k in range(len(want))))
            """)
        return output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").map(String.init)
    }()
    static var control: String { ids[0] }
    static var short: String { ids[1] }
    static var shortAtTwenty: String { ids[2] }
    static var outside: String { ids[3] }
}
