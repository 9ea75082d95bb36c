import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTALocalizationsPublishing
import OTATestSupport
import Testing
@testable import OTALocalizationsSync

/// What the device keeps across the kill switch and across channels, and what a build with trusted keys serves
/// (docs/design.md, "On the device": the anti-rollback record, per-channel marks, vouch records, the slice record checked by the read side).
@Suite struct TrustChainDeviceTests {
    static let key = ManifestSigningKey.generate()

    private func service(_ fixture: SyncFixture, channel: String? = nil, keys: [ManifestPublicKey] = []) -> OTALocalizationService {
        let reports = fixture.reports
        return OTALocalizationService(configuration: OTALocalizationServiceConfiguration(
            baseURL: URL(string: SyncFixture.base)!, appVersion: "1.0", storageRoot: fixture.root, transport: fixture.transport,
            trustedKeys: keys, channel: channel, reportHandler: { reports.append($0) }
        ).withManualDeadlines())
    }

    @Test func afterTheKillSwitchAnOlderSignedManifestIsStillStale() async throws {
        // Given: v2 installed from a signed publish, then the kill switch on the app's own path.
        let fixture = try SyncFixture()
        let v1Envelope = fixture.publishSigned([try SyncFixture.module("Checkout", version: 1)], by: [Self.key], publishedAt: "2026-07-24T10:00:00Z")
        fixture.publishSigned([try SyncFixture.module("Checkout", version: 2)], by: [Self.key], publishedAt: "2026-07-25T10:00:00Z")
        let app = service(fixture, keys: [Self.key.publicKey])
        await app.start()
        #expect(fixture.reports.last?.stateSaved == true)
        await app.deleteAllBundles()
        #expect(fixture.tree() == [SyncFixture.antiRollbackFileName, SyncFixture.installIDFileName])

        // When: a stale edge (or a replay) serves the older signed manifest.
        fixture.transport.serve(SyncFixture.url("1.0", "index.dsse.json"), v1Envelope)
        await app.start()

        // Then: it is ignored; nothing of v1 comes back.
        #expect(fixture.reports.last?.manifest == .stale)
        #expect(!fixture.exists("1.0/modules/Checkout/current"))
    }

    @Test func eachChannelKeepsItsOwnMarkSoGoingBackToProductionKeepsProductionsMark() async throws {
        // Given: production v2 installed, then the device moves to staging and back.
        let fixture = try SyncFixture()
        try fixture.publish(stable: [try SyncFixture.module("Checkout", version: 1)], publishedAt: "2026-07-24T10:00:00Z")
        let oldProduction = fixture.transport.body(SyncFixture.url("1.0", "index.json"))
        try fixture.publish(stable: [try SyncFixture.module("Checkout", version: 2)], publishedAt: "2026-07-25T10:00:00Z")
        await service(fixture).start()
        try fixture.publish(stable: [try SyncFixture.module("Checkout", version: 3)], publishedAt: "2026-07-20T10:00:00Z", channel: "staging")
        await service(fixture, channel: "staging").start()
        #expect(fixture.reports.last?.manifest == .updated)

        // When: back on production, a stale edge serves production's older manifest.
        fixture.transport.serve(SyncFixture.url("1.0", "index.json"), oldProduction)
        await service(fixture).start()

        // Then: production's own mark (v2's date) makes it stale; staging's older date did not replace it.
        #expect(fixture.reports.last?.manifest == .stale, "\(fixture.reports.last?.jsonText() ?? "")")
        let record = try #require(fixture.read(SyncFixture.antiRollbackFileName))
        let marks = try #require(try JSONSerialization.jsonObject(with: record) as? [String: Any])
        #expect(marks["newestPublishedAt"] as? [String: String] == ["production": "2026-07-25T10:00:00Z", "staging": "2026-07-20T10:00:00Z"])
    }

    @Test @MainActor func aBuildThatTrustsKeysServesOnlyFoldersATrustedKeyVouchedFor() async throws {
        // Given: a build without keys installed Checkout from the unsigned manifest.
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        fixture.publishSigned([checkout], by: [Self.key])
        await service(fixture).start()
        #expect(fixture.exists("1.0/modules/Checkout/current"))
        let keyIDs: Set<String> = [Self.key.publicKey.keyID]

        // Then: the next build, which trusts the key, serves none of it, offline included (no cycle yet).
        OTALocalizedString.loadBundlesFromDisk(storageRoot: fixture.root, appVersion: "1.0", trustedKeyIDs: keyIDs)
        #expect(OTALocalizedString.bundle(for: "Checkout") == nil)
        OTALocalizedString.loadBundlesFromDisk(storageRoot: fixture.root, appVersion: "1.0")
        #expect(OTALocalizedString.bundle(for: "Checkout") != nil, "a build without keys still serves it")

        // When: its first cycle verifies the signed manifest, which names the same ZIP: skipped, and vouched for.
        await service(fixture, keys: [Self.key.publicKey]).start()
        #expect(fixture.reports.last?.modules.map(\.outcome) == [.skipped])
        let vouch = String(decoding: try #require(fixture.read("1.0/modules/Checkout/vouched")), as: UTF8.self)
        #expect(vouch == "\(checkout.sha256) \(Self.key.publicKey.keyID)\n")
        OTALocalizedString.loadBundlesFromDisk(storageRoot: fixture.root, appVersion: "1.0", trustedKeyIDs: keyIDs)
        #expect(OTALocalizedString.bundle(for: "Checkout") != nil)
        // A record naming another key, or another folder, is no vouch.
        OTALocalizedString.loadBundlesFromDisk(storageRoot: fixture.root, appVersion: "1.0", trustedKeyIDs: [String(repeating: "0", count: 64)])
        #expect(OTALocalizedString.bundle(for: "Checkout") == nil)
        OTALocalizedString.clearBundleCache()
    }

    @Test @MainActor func anEditedSliceRecordIsNotTrustedByTheReadSide() async throws {
        let fixture = try SyncFixture()
        try fixture.publishIndexed([try SlicedModule.make("Checkout", ["en": "Hello", "de": "Hallo", "fr": "Bonjour"])])
        let german = OTALocalizationSelection(preferredLanguages: ["de"])
        await fixture.makeService(selection: german).start()
        let folder = String(decoding: try #require(fixture.read("1.0/modules/Checkout/current")).dropLast(), as: UTF8.self)
        OTALocalizedString.loadBundlesFromDisk(storageRoot: fixture.root, appVersion: "1.0", selection: german)
        #expect(OTALocalizedString.bundle(for: "Checkout") != nil)
        // A record edited to claim French: a French user would see English (no fr.lproj) if it were believed.
        let recordURL = fixture.url("1.0/modules/Checkout/\(folder)/.ota-slices")
        let record = String(decoding: try Data(contentsOf: recordURL), as: UTF8.self)
        let claim = record + "fr \(String(repeating: "a", count: 64))\n"
        try Data(claim.utf8).write(to: recordURL)
        let french = OTALocalizationSelection(preferredLanguages: ["fr"])
        OTALocalizedString.loadBundlesFromDisk(storageRoot: fixture.root, appVersion: "1.0", selection: french)
        #expect(OTALocalizedString.bundle(for: "Checkout") == nil, "its SHA-256 is not the folder's name any more")
        OTALocalizedString.loadBundlesFromDisk(storageRoot: fixture.root, appVersion: "1.0", selection: german)
        #expect(OTALocalizedString.bundle(for: "Checkout") == nil)
        OTALocalizedString.clearBundleCache()
        // The next cycle finds the folder damaged and installs it again.
        await fixture.makeService(selection: german).start()
        #expect(fixture.reports.last?.modules.map(\.outcome) == [.updated])
    }
}
