import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing

/// Staged-rollout manifests written with the Core model, and devices with known install IDs.
extension SyncFixture {
    /// The manifest entry of a published module.
    static func entry(_ module: PublishedModule) -> ManifestModule {
        ManifestModule(name: module.name, path: module.path, sha256: module.sha256, size: Int64(module.zip.count),
                       localizations: ["en", "fr"])
    }

    /// Serves the ZIPs of `stable` and `rollout` and what `package` writes for them (`manifest.json` and the
    /// published index, or the channel's files), with a rollout of `basisPoints` when `rolloutID` is set;
    /// `rawRolloutEntries` are raw JSON entries spliced into the rollout's base part.
    func publish(
        stable: [PublishedModule], rollout: [PublishedModule] = [], rolloutID: String? = nil, basisPoints: Int = 0,
        publishedAt: String = "2026-07-24T10:00:00Z", channel: String? = nil, rawRolloutEntries: [String] = []
    ) throws {
        for module in stable + rollout {
            transport.serve(Self.url("1.0", URLEncoding.component(module.path)), module.zip)
        }
        let manifest = Manifest(
            appVersion: "1.0", publishedAtTimestamp: try #require(ManifestDate.parseTimestamp(publishedAt)),
            developmentRegion: "en", channel: channel, modules: stable.map(Self.entry),
            rollout: rolloutID.map { ManifestRollout(id: $0, basisPoints: basisPoints, modules: rollout.map(Self.entry)) })
        try serve(manifest, rawRolloutEntries: rawRolloutEntries)
    }

    /// Writes `installID` as the storage root's install ID, as the service stores it (32 hex digits and "\n").
    func setInstallID(_ installID: String) throws {
        try Data((installID + "\n").utf8).write(to: root.appendingPathComponent(".ota-install-id"))
    }

    /// The rollout record beside `module`'s `current`, as text.
    func rolloutRecord(_ module: String) -> String? {
        read("1.0/modules/\(module)/rollout").map { String(decoding: $0, as: UTF8.self) }
    }
}

/// Install IDs whose buckets in the rollouts `copy-1` and `checkout-copy` sit on either side of 10% and 50%,
/// found by a search with Python's `hashlib`; ``bucket(_:_:)`` recomputes them the same way in each test.
enum KnownDevice {
    /// Buckets of `copy-1`: 999, 1000, 4999, 5000.
    static let copy1 = (b999: "4ebd5ef4b7f2f4dc31e33e0be1217de7", b1000: "062254799b143d908a5295c7dc399bb9",
                        b4999: "2762ccc8c4bc663749fdec28f618292b", b5000: "9c0593ab03a35a0c1a29c10ebb1abd19")

    /// `UInt32(first 4 bytes of SHA-256("<rolloutID>:<installID>"), big-endian) % 10000`, by Python's `hashlib`.
    static func bucket(_ rolloutID: String, _ installID: String) throws -> Int {
        let script = """
            import hashlib, sys
            print(int.from_bytes(hashlib.sha256(sys.argv[1].encode()).digest()[:4], 'big') % 10000)
            """
        let output = try ExternalTool.pythonBlocking(script, ["\(rolloutID):\(installID)"])
        return try #require(Int(output.trimmingCharacters(in: .whitespacesAndNewlines)))
    }
}
