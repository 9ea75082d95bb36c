import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTALocalizationsPublishing
@testable import OTALocalizationsSync
import Testing

/// Release channels and the install ID on the device (docs/rollouts.md).
@Suite struct ChannelAndInstallIDTests {
    private func service(_ fixture: SyncFixture, channel: String?, trustedKeys: [ManifestPublicKey] = []) -> OTALocalizationService {
        let reports = fixture.reports
        return OTALocalizationService(configuration: OTALocalizationServiceConfiguration(
            baseURL: URL(string: SyncFixture.base)!, appVersion: "1.0", storageRoot: fixture.root,
            transport: fixture.transport, trustedKeys: trustedKeys, channel: channel, reportHandler: { reports.append($0) }
        ).withManualDeadlines())
    }

    // MARK: Channels

    @Test func theStagingChannelReadsItsOwnIndexFile() async throws {
        let fixture = try SyncFixture()
        let staging = try SyncFixture.module("Checkout", version: 2)
        try fixture.publish(stable: [try SyncFixture.module("Checkout", version: 1)])
        try fixture.publish(stable: [staging], channel: "staging")

        await service(fixture, channel: "staging").start()

        #expect(fixture.transport.requestedURLs.prefix(2) == [SyncFixture.url("1.0", "index.staging.json"), try fixture.basePartURL("index.staging.json")])
        #expect(!fixture.transport.requestedURLs.contains { $0.hasSuffix("manifest.json") || $0.hasSuffix("manifest.staging.json") })
        #expect(!fixture.transport.requestedURLs.contains(SyncFixture.url("1.0", "index.json")))
        #expect(fixture.reports.last?.manifest == .updated && fixture.reports.last?.stateSaved == true)
        #expect(fixture.read("1.0/modules/Checkout/current") == Data((staging.sha256 + "\n").utf8))
    }

    @Test func productionIsTheDefaultAndItsNameIsStoredAsNil() {
        let url = URL(string: SyncFixture.base)!
        #expect(OTALocalizationServiceConfiguration(baseURL: url).channel == nil)
        #expect(OTALocalizationServiceConfiguration(baseURL: url, channel: "production").channel == nil)
        #expect(OTALocalizationServiceConfiguration(baseURL: url, channel: "staging").channel == "staging")
    }

    @Test(arguments: [(configured: String?.none, served: String?.some("staging")), (configured: "staging", served: nil),
                      (configured: "beta", served: "staging")])
    func aManifestNamingAnotherChannelIsRefusedAndNothingChanges(_ pair: (configured: String?, served: String?)) async throws {
        let fixture = try SyncFixture()
        let installed = try SyncFixture.module("Checkout", version: 1)
        try fixture.publish(stable: [installed], channel: pair.configured)
        await service(fixture, channel: pair.configured).start()
        #expect(fixture.reports.last?.stateSaved == true)
        let before = fixture.snapshot()

        // The configured channel's file now holds a manifest that names another channel (a copy of it).
        let other = try SyncFixture.module("Checkout", version: 2)
        try fixture.publish(stable: [other], publishedAt: "2026-07-25T10:00:00Z", channel: pair.served)
        let copied = fixture.transport.body(SyncFixture.url("1.0", ManifestChannel.indexFileName(channel: pair.served)))
        fixture.transport.serve(SyncFixture.url("1.0", ManifestChannel.indexFileName(channel: pair.configured)), copied)
        await service(fixture, channel: pair.configured).start()

        let report = try #require(fixture.reports.last)
        #expect(report.manifest == .failed && report.errorCode == .channel && report.modules.isEmpty)
        let named = pair.served.map { "\"\($0)\"" } ?? "production"
        let reads = pair.configured.map { "\"\($0)\"" } ?? "production"
        #expect(report.error == "\(ManifestChannel.indexFileName(channel: pair.configured)) names the channel \(named), but this app reads the channel \(reads); nothing was installed")
        #expect(fixture.snapshot() == before)
    }

    @Test func aValidlySignedStagingManifestServedAsProductionsIsRefused() async throws {
        let key = ManifestSigningKey.generate()
        let staging = try SyncFixture(), production = try SyncFixture()
        let module = try SyncFixture.module("Checkout", version: 2)
        for fixture in [staging, production] {
            try fixture.publish(stable: [module], channel: "staging")
            let payload = fixture.transport.body(SyncFixture.url("1.0", "index.staging.json"))
            let envelope = ManifestEnvelope(signing: payload, with: [key], payloadType: ManifestEnvelope.indexPayloadType).encoded()
            // Production's envelope is a copy of staging's: the signature is valid, the channel is not production.
            let name = fixture === staging ? "index.staging.dsse.json" : "index.dsse.json"
            fixture.transport.serve(SyncFixture.url("1.0", name), envelope)
        }

        await service(staging, channel: "staging", trustedKeys: [key.publicKey]).start()
        await service(production, channel: nil, trustedKeys: [key.publicKey]).start()

        #expect(staging.transport.requestedURLs.prefix(2) == [SyncFixture.url("1.0", "index.staging.dsse.json"), try staging.basePartURL("index.staging.json")])
        #expect(staging.reports.last?.manifest == .updated && staging.reports.last?.stateSaved == true)
        #expect(production.transport.requestedURLs == [SyncFixture.url("1.0", "index.dsse.json")])
        let refused = try #require(production.reports.last)
        #expect(refused.manifest == .failed && refused.errorCode == .channel)
        #expect(refused.error == "index.dsse.json names the channel \"staging\", but this app reads the channel production; nothing was installed")
        #expect(production.tree().isEmpty)
    }

    @Test func switchingChannelNeverSendsTheOtherChannelsETag() async throws {
        let fixture = try SyncFixture()
        let production = try SyncFixture.module("Checkout", version: 1)
        let staging = try SyncFixture.module("Checkout", version: 2)
        try fixture.publish(stable: [production])
        try fixture.publish(stable: [staging], channel: "staging")
        // Both files carry the same ETag, as two files of one size and mtime can on some hosts.
        for name in ["index.json", "index.staging.json"] {
            let url = SyncFixture.url("1.0", name)
            fixture.transport.set(url, .file(fixture.transport.body(url), etag: "\"same\""))
        }
        await service(fixture, channel: "staging").start()
        #expect(fixture.read("1.0/modules/Checkout/current") == Data((staging.sha256 + "\n").utf8))
        fixture.transport.clearLog()

        await service(fixture, channel: nil).start()

        // The staging state is not production's: no If-None-Match, the index, then its base part.
        #expect(fixture.transport.requests.prefix(2).map(\.url) == [SyncFixture.url("1.0", "index.json"), try fixture.basePartURL()])
        #expect(fixture.transport.requests.allSatisfy { $0.headers["If-None-Match"] == nil })
        #expect(fixture.reports.last?.manifest == .updated && fixture.reports.last?.stateSaved == true)
        #expect(fixture.read("1.0/modules/Checkout/current") == Data((production.sha256 + "\n").utf8))
        // Back on production, its own state's ETag is sent.
        fixture.transport.clearLog()
        await service(fixture, channel: nil).start()
        #expect(fixture.transport.requests.first?.headers["If-None-Match"] == "\"same\"")
        #expect(fixture.reports.last?.manifest == .notModified)
    }

    @Test func switchingChannelIsNotHeldBackByTheOtherChannelsNewerPublishedAt() async throws {
        let fixture = try SyncFixture()
        let production = try SyncFixture.module("Checkout", version: 1)
        try fixture.publish(stable: [production], publishedAt: "2026-07-24T10:00:00Z")
        try fixture.publish(stable: [try SyncFixture.module("Checkout", version: 2)], publishedAt: "2026-07-25T10:00:00Z", channel: "qa")
        await service(fixture, channel: "qa").start()

        await service(fixture, channel: nil).start()

        #expect(fixture.reports.last?.manifest == .updated)
        #expect(fixture.read("1.0/modules/Checkout/current") == Data((production.sha256 + "\n").utf8))
    }

    @Test(arguments: ["Staging", "dsse", "-x", "", String(repeating: "a", count: 33)])
    func anInvalidConfiguredChannelFailsEveryCycleWithoutARequest(_ name: String) async throws {
        let fixture = try SyncFixture()
        try fixture.publish(stable: [try SyncFixture.module("Checkout")])
        await service(fixture, channel: name).start()
        #expect(fixture.transport.requests.isEmpty)
        #expect(fixture.reports.last?.manifest == .failed && fixture.reports.last?.errorCode == .channel)
        #expect(fixture.reports.last?.error?.hasPrefix("channel \"\(name)\" is not a valid channel name") == true)
        #expect(fixture.tree().isEmpty)
    }

    // MARK: The install ID

    @Test func theFirstCycleCreatesA128BitInstallIDThatLaterCyclesKeep() async throws {
        let first = try SyncFixture(), second = try SyncFixture()
        for fixture in [first, second] {
            try fixture.publish(stable: [try SyncFixture.module("Checkout")])
            await fixture.makeService().start()
        }
        let data = try #require(first.read(".ota-install-id"))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.count == 33 && text.hasSuffix("\n"))
        #expect(text.dropLast().allSatisfy { "0123456789abcdef".contains($0) })
        #expect(first.read(".ota-install-id") != second.read(".ota-install-id"))
        // A changed manifest and a 304 both keep it.
        try first.publish(stable: [try SyncFixture.module("Checkout", version: 2)], publishedAt: "2026-07-25T10:00:00Z")
        await first.makeService().start()
        await first.makeService().start()
        #expect(first.reports.all.map(\.manifest) == [.updated, .updated, .notModified])
        #expect(first.read(".ota-install-id") == data)
    }

    @Test(arguments: ["0123", "0123456789ABCDEF0123456789ABCDEF\n", "0123456789abcdef0123456789abcdef", "folder"])
    func aDamagedInstallIDIsReplacedByAValidOne(_ damage: String) async throws {
        let fixture = try SyncFixture()
        let file = fixture.root.appendingPathComponent(".ota-install-id")
        if damage == "folder" {
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        } else {
            try Data(damage.utf8).write(to: file)
        }
        try fixture.publish(stable: [try SyncFixture.module("Checkout")])
        await fixture.makeService().start()
        let text = String(decoding: try #require(fixture.read(".ota-install-id")), as: UTF8.self)
        #expect(text.count == 33 && text.last == "\n" && text.dropLast().allSatisfy { "0123456789abcdef".contains($0) })
        #expect(fixture.reports.last?.stateSaved == true)
    }

    @Test func theKillSwitchKeepsTheInstallIDAndTheAntiRollbackRecordAndDeletesEverythingElse() async throws {
        let fixture = try SyncFixture()
        try fixture.publish(stable: [try SyncFixture.module("Checkout")])
        let service = fixture.makeService()
        await service.start()
        let installID = try #require(fixture.read(".ota-install-id"))
        let marks = try #require(fixture.read(".ota-anti-rollback.json"))

        await service.deleteAllBundles()

        #expect(fixture.tree() == [".ota-anti-rollback.json", ".ota-install-id"])
        #expect(fixture.read(".ota-install-id") == installID)
        // The marks stay, and what they reached is marked as pulled (docs/operations.md, "The kill switch").
        let before = try #require(try JSONSerialization.jsonObject(with: marks) as? [String: Any])
        let record = try #require(fixture.read(".ota-anti-rollback.json"))
        let after = try #require(try JSONSerialization.jsonObject(with: record) as? [String: Any])
        let newest = try #require(before["newestPublishedAt"] as? [String: String])
        #expect(after["newestPublishedAt"] as? [String: String] == newest)
        #expect(after["pulledThrough"] as? [String: String] == newest)
        #expect(after["appVersion"] as? String == before["appVersion"] as? String)
    }
}
