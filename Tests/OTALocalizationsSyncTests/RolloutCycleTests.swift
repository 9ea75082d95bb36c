import Foundation
import OTALocalizations
import OTALocalizationsCore
@testable import OTALocalizationsSync
import OTATestSupport
import Testing

/// Staged rollouts in the update cycle (docs/rollouts.md): which entries a device installs, keeps and removes as the
/// percent moves, and what the report and the read side say about it.
@Suite struct RolloutCycleTests {
    typealias Rollout = OTALocalizationCycleReport.Rollout

    /// Stable `Checkout` v1 and `Profile` v1; the rollout's `Checkout` v2.
    struct Content {
        let checkout = try! SyncFixture.module("Checkout", version: 1)
        let profile = try! SyncFixture.module("Profile", version: 1)
        let checkoutCopy = try! SyncFixture.module("Checkout", version: 2)
    }

    private func device(_ installID: String) throws -> SyncFixture {
        let fixture = try SyncFixture()
        try fixture.setInstallID(installID)
        return fixture
    }

    @Test func theKnownDevicesHaveTheBucketsPythonComputes() throws {
        #expect(try KnownDevice.bucket("copy-1", KnownDevice.copy1.b999) == 999)
        #expect(try KnownDevice.bucket("copy-1", KnownDevice.copy1.b1000) == 1000)
        #expect(try KnownDevice.bucket("copy-1", KnownDevice.copy1.b4999) == 4999)
        #expect(try KnownDevice.bucket("copy-1", KnownDevice.copy1.b5000) == 5000)
    }

    @Test func atTenPercentTheDeviceInBucket999TakesTheRolloutEntryAndBucket1000KeepsTheStableOne() async throws {
        let content = Content()
        let inside = try device(KnownDevice.copy1.b999)
        let outside = try device(KnownDevice.copy1.b1000)
        for fixture in [inside, outside] {
            try fixture.publish(stable: [content.checkout, content.profile], rollout: [content.checkoutCopy],
                                rolloutID: "copy-1", basisPoints: 1000)
            await fixture.makeService().start()
        }

        #expect(inside.reports.last == OTALocalizationCycleReport(
            manifest: .updated, stateSaved: true, rollout: Rollout(id: "copy-1", basisPoints: 1000, includesThisDevice: true),
            modules: [.init(name: "Checkout", outcome: .updated, bytes: Int64(content.checkoutCopy.zip.count)),
                      .init(name: "Profile", outcome: .updated, bytes: Int64(content.profile.zip.count))]))
        #expect(outside.reports.last == OTALocalizationCycleReport(
            manifest: .updated, stateSaved: true, rollout: Rollout(id: "copy-1", basisPoints: 1000, includesThisDevice: false),
            modules: [.init(name: "Checkout", outcome: .updated, bytes: Int64(content.checkout.zip.count)),
                      .init(name: "Profile", outcome: .updated, bytes: Int64(content.profile.zip.count))]))
        #expect(inside.read("1.0/modules/Checkout/current") == Data((content.checkoutCopy.sha256 + "\n").utf8))
        #expect(outside.read("1.0/modules/Checkout/current") == Data((content.checkout.sha256 + "\n").utf8))
        #expect(inside.read("1.0/modules/Checkout/\(content.checkoutCopy.sha256)/en.lproj/Localizable.strings")
            == content.checkoutCopy.files["en.lproj/Localizable.strings"])
        // Only the rollout's content carries a record; the folder itself is the same as anywhere else.
        #expect(inside.rolloutRecord("Checkout") == "\(content.checkoutCopy.sha256) copy-1\n")
        #expect(inside.rolloutRecord("Profile") == nil && outside.rolloutRecord("Checkout") == nil)
        let moduleFolder = "1.0/modules/\(InstalledLayout.storageName("Checkout"))"
        #expect(inside.tree().filter { $0.hasPrefix(moduleFolder) }
            == (SyncFixture.installedTree(content.checkoutCopy) + ["\(moduleFolder)/rollout"]).sorted())

        // The read side: what is installed, and for which rollout.
        #expect(OTALocalizedString.installedContent(for: "Checkout", storageRoot: inside.root, appVersion: "1.0")
            == .init(sha256: content.checkoutCopy.sha256, rolloutID: "copy-1"))
        #expect(OTALocalizedString.installedContent(for: "Checkout", storageRoot: outside.root, appVersion: "1.0")
            == .init(sha256: content.checkout.sha256, rolloutID: nil))
        #expect(OTALocalizedString.installedContent(for: "Profile", storageRoot: inside.root, appVersion: "1.0")
            == .init(sha256: content.profile.sha256, rolloutID: nil))
        #expect(OTALocalizedString.installedContent(for: "Search", storageRoot: inside.root, appVersion: "1.0") == nil)
    }

    @Test func aDeviceGrowsIntoTheRolloutAndFallsOutToTheStableTextWithoutBeingStale() async throws {
        let content = Content()
        let fixture = try device(KnownDevice.copy1.b4999)
        // 10%: out.
        try fixture.publish(stable: [content.checkout], rollout: [content.checkoutCopy], rolloutID: "copy-1", basisPoints: 1000)
        await fixture.makeService().start()
        #expect(fixture.reports.last?.rollout?.includesThisDevice == false)
        #expect(fixture.read("1.0/modules/Checkout/current") == Data((content.checkout.sha256 + "\n").utf8))
        // 50%: in; the same publishedAt is not stale.
        try fixture.publish(stable: [content.checkout], rollout: [content.checkoutCopy], rolloutID: "copy-1", basisPoints: 5000)
        await fixture.makeService().start()
        #expect(fixture.reports.last?.manifest == .updated && fixture.reports.last?.rollout?.includesThisDevice == true)
        #expect(fixture.reports.last?.modules == [.init(name: "Checkout", outcome: .updated, bytes: Int64(content.checkoutCopy.zip.count))])
        #expect(fixture.read("1.0/modules/Checkout/current") == Data((content.checkoutCopy.sha256 + "\n").utf8))
        #expect(fixture.rolloutRecord("Checkout") == "\(content.checkoutCopy.sha256) copy-1\n")
        // Lowered to 0: out again, the stable text comes back at the next cycle.
        try fixture.publish(stable: [content.checkout], rollout: [content.checkoutCopy], rolloutID: "copy-1", basisPoints: 0,
                            publishedAt: "2026-07-24T11:00:00Z")
        await fixture.makeService().start()
        #expect(fixture.reports.last == OTALocalizationCycleReport(
            manifest: .updated, stateSaved: true, rollout: Rollout(id: "copy-1", basisPoints: 0, includesThisDevice: false),
            modules: [.init(name: "Checkout", outcome: .updated, bytes: Int64(content.checkout.zip.count))]))
        #expect(fixture.read("1.0/modules/Checkout/current") == Data((content.checkout.sha256 + "\n").utf8))
        #expect(fixture.rolloutRecord("Checkout") == nil)
        #expect(OTALocalizedString.installedContent(for: "Checkout", storageRoot: fixture.root, appVersion: "1.0")
            == .init(sha256: content.checkout.sha256, rolloutID: nil))
    }

    @Test func finishingTheRolloutMakesTheSameContentStableWithoutADownload() async throws {
        let content = Content()
        let fixture = try device(KnownDevice.copy1.b999)
        try fixture.publish(stable: [content.checkout], rollout: [content.checkoutCopy], rolloutID: "copy-1", basisPoints: 1000)
        await fixture.makeService().start()
        #expect(fixture.rolloutRecord("Checkout") != nil)
        let zipRequests = fixture.transport.requestedURLs.filter { $0.hasSuffix(".zip") }.count

        try fixture.publish(stable: [content.checkoutCopy], publishedAt: "2026-07-24T12:00:00Z")
        await fixture.makeService().start()

        #expect(fixture.reports.last == OTALocalizationCycleReport(
            manifest: .updated, stateSaved: true, modules: [.init(name: "Checkout", outcome: .skipped)]))
        #expect(fixture.transport.requestedURLs.filter { $0.hasSuffix(".zip") }.count == zipRequests)
        #expect(fixture.rolloutRecord("Checkout") == nil)
        #expect(OTALocalizedString.installedContent(for: "Checkout", storageRoot: fixture.root, appVersion: "1.0")
            == .init(sha256: content.checkoutCopy.sha256, rolloutID: nil))
    }

    @Test func aModuleTheRolloutAddsIsInstalledOnlyInsideAndRemovedWhenTheDeviceFallsOut() async throws {
        let content = Content()
        let search = try SyncFixture.module("Search", version: 1)
        let inside = try device(KnownDevice.copy1.b999)
        let outside = try device(KnownDevice.copy1.b1000)
        for fixture in [inside, outside] {
            try fixture.publish(stable: [content.checkout], rollout: [search], rolloutID: "copy-1", basisPoints: 1000)
            await fixture.makeService().start()
        }
        #expect(inside.reports.last?.modules.map(\.name) == ["Checkout", "Search"])
        #expect(inside.exists("1.0/modules/Search/current"))
        #expect(outside.reports.last?.modules.map(\.name) == ["Checkout"])
        #expect(!outside.exists("1.0/modules/Search"))

        try inside.publish(stable: [content.checkout], rollout: [search], rolloutID: "copy-1", basisPoints: 500,
                           publishedAt: "2026-07-24T11:00:00Z")
        await inside.makeService().start()
        #expect(inside.reports.last?.modules == [.init(name: "Checkout", outcome: .skipped), .init(name: "Search", outcome: .removed)])
        #expect(!inside.exists("1.0/modules/Search/current"))
        #expect(OTALocalizedString.installedContent(for: "Search", storageRoot: inside.root, appVersion: "1.0") == nil)
    }

    @Test func aRejectedRolloutEntryFailsOnlyOnDevicesInTheRollout() async throws {
        let content = Content()
        let bad = #"{"name": "Checkout", "path": "Checkout-bad.zip", "sha256": "not-a-hash", "size": 10, "localizations": []}"#
        let inside = try device(KnownDevice.copy1.b999)
        let outside = try device(KnownDevice.copy1.b1000)
        for fixture in [inside, outside] {
            try fixture.publish(stable: [content.checkout], rollout: [], rolloutID: "copy-1", basisPoints: 1000, rawRolloutEntries: [bad])
            await fixture.makeService().start()
        }
        let failed = try #require(inside.reports.last)
        #expect(failed.manifest == .updated && !failed.stateSaved)
        #expect(failed.modules.map(\.name) == ["Checkout"] && failed.modules.first?.outcome == .failed)
        #expect(failed.modules.first?.code == .manifest)
        #expect(!inside.exists("1.0/modules/Checkout/current"))
        #expect(outside.reports.last == OTALocalizationCycleReport(
            manifest: .updated, stateSaved: true, rollout: Rollout(id: "copy-1", basisPoints: 1000, includesThisDevice: false),
            modules: [.init(name: "Checkout", outcome: .updated, bytes: Int64(content.checkout.zip.count))]))
    }

    @Test func aNotModifiedCycleKeepsTheDevicesEntriesAndReportsTheRollout() async throws {
        let content = Content()
        let fixture = try device(KnownDevice.copy1.b999)
        try fixture.publish(stable: [content.checkout, content.profile], rollout: [content.checkoutCopy],
                            rolloutID: "copy-1", basisPoints: 1000)
        await fixture.makeService().start()
        let before = fixture.snapshot()
        fixture.transport.clearLog()

        await fixture.makeService().start()

        #expect(fixture.transport.requests.count == 1)
        #expect(fixture.reports.last == OTALocalizationCycleReport(
            manifest: .notModified, rollout: Rollout(id: "copy-1", basisPoints: 1000, includesThisDevice: true),
            modules: [.init(name: "Checkout", outcome: .skipped), .init(name: "Profile", outcome: .skipped)]))
        #expect(fixture.snapshot() == before)
    }

    @Test func aNotModifiedRolloutManifestWithoutAnInstallIDIsFetchedAgainAndGivesTheDeviceOne() async throws {
        let content = Content()
        let fixture = try device(KnownDevice.copy1.b999)
        try fixture.publish(stable: [content.checkout], rollout: [content.checkoutCopy], rolloutID: "copy-1", basisPoints: 1000)
        await fixture.makeService().start()
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent(".ota-install-id"))
        fixture.transport.clearLog()

        await fixture.makeService().start()

        let manifestURL = SyncFixture.url("1.0", "index.json")
        let manifestRequests = fixture.transport.requests.filter { $0.url == manifestURL }
        #expect(manifestRequests.map { $0.headers["If-None-Match"] != nil } == [true, false])
        #expect(fixture.reports.last?.manifest == .updated)
        let installID = try #require(fixture.read(".ota-install-id"))
        #expect(installID.count == 33 && installID != Data((KnownDevice.copy1.b999 + "\n").utf8))
    }

    @Test func theModuleLimitCountsTheModulesARolloutAddsOnDevicesInTheRollout() async throws {
        let content = Content()
        let search = try SyncFixture.module("Search", version: 1)
        let inside = try device(KnownDevice.copy1.b999)
        let outside = try device(KnownDevice.copy1.b1000)
        for fixture in [inside, outside] {
            try fixture.publish(stable: [content.checkout, content.profile], rollout: [content.checkoutCopy, search],
                                rolloutID: "copy-1", basisPoints: 1000)
            await fixture.makeService(manifestModules: 2).start()
        }

        // Inside, the stable entries and the module the rollout adds: 3. Outside, the rollout's part is never read.
        #expect(inside.reports.last == OTALocalizationCycleReport(
            manifest: .failed, error: "the index lists 3 module entries, more than the 2 accepted (maximumManifestModules)", errorCode: .limit))
        #expect(!inside.transport.requestedURLs.contains { $0.hasSuffix(".zip") })
        #expect(outside.reports.last?.manifest == .updated && outside.reports.last?.stateSaved == true)
        await inside.makeService(manifestModules: 3).start()
        #expect(inside.reports.last?.manifest == .updated && inside.reports.last?.stateSaved == true)
    }

    @Test func theInstallIDIsNeverSentInAnyRequest() async throws {
        let content = Content()
        let fixture = try SyncFixture()
        try fixture.publish(stable: [content.checkout], rollout: [content.checkoutCopy], rolloutID: "copy-1", basisPoints: 5000)
        await fixture.makeService().start()
        await fixture.makeService().start()
        let installID = String(decoding: try #require(fixture.read(".ota-install-id")), as: UTF8.self).dropLast()
        #expect(installID.count == 32)
        #expect(fixture.transport.requests.count >= 3)
        for request in fixture.transport.requests {
            #expect(!request.url.lowercased().contains(installID))
            for (name, value) in request.headers {
                #expect(!name.lowercased().contains(installID) && !value.lowercased().contains(installID), "\(name)")
            }
        }
    }
}
