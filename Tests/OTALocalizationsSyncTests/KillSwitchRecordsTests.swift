import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTATestSupport
import Testing
@testable import OTALocalizationsSync

/// What the kill switch keeps so that what it pulled stays pulled (docs/operations.md, "The kill switch"): the
/// anti-rollback record, in which it marks everything published so far as pulled, and the crash-loop guard's
/// quarantine records.
@Suite struct KillSwitchRecordsTests {
    /// An edge still serving the very publish the switch was pulled for: an equal `publishedAt` is stale after the
    /// switch, so the text does not come back; the next publish installs.
    @Test func theSamePublishServedAgainStaysPulledUntilANewerOne() async throws {
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Checkout", version: 1)])
        let service = fixture.makeService()
        await service.start()
        #expect(fixture.reports.last?.manifest == .updated)

        await service.deleteAllBundles()
        await service.start()

        let report = try #require(fixture.reports.last)
        #expect(report.manifest == .stale)
        #expect(report.error == "manifest publishedAt 2026-07-24T10:00:00Z was pulled by the kill switch "
            + "(everything published until 2026-07-24T10:00:00Z); only a newer publish installs")
        #expect(fixture.tree() == [SyncFixture.antiRollbackFileName, SyncFixture.installIDFileName])
        let record = try #require(fixture.read(SyncFixture.antiRollbackFileName))
        #expect(String(decoding: record, as: UTF8.self) == #"{"formatVersion":1,"appVersion":"1.0","newestPublishedAt":{"production":"2026-07-24T10:00:00Z"},"pulledThrough":{"production":"2026-07-24T10:00:00Z"}}"# + "\n")

        // A new service (the next launch) reads the same record.
        await fixture.makeService().start()
        #expect(fixture.reports.last?.manifest == .stale)

        let checkout2 = try SyncFixture.module("Checkout", version: 2)
        fixture.publish([checkout2], publishedAt: "2026-07-24T10:00:01Z")
        await fixture.makeService().start()
        #expect(fixture.reports.last?.manifest == .updated)
        #expect(Set(SyncFixture.installedTree(checkout2)).isSubset(of: fixture.tree()))
        // Raising the mark keeps what was pulled.
        let raised = String(decoding: try #require(fixture.read(SyncFixture.antiRollbackFileName)), as: UTF8.self)
        #expect(raised.contains(#""newestPublishedAt":{"production":"2026-07-24T10:00:01Z"},"pulledThrough":{"production":"2026-07-24T10:00:00Z"}"#))
    }

    /// A publish that crashed the app keeps its quarantine through the switch: brought back by the next cycle, it is
    /// not handed to two more launches.
    @Test func theQuarantineRecordsSurviveTheSwitch() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout", version: 1)
        fixture.publish([checkout])
        let service = fixture.makeService()
        await service.start()
        let quarantine = OTALaunchQuarantine(
            modules: ["Checkout": checkout.sha256], publishedAt: "2026-07-24T10:00:00Z",
            since: Date(timeIntervalSince1970: 1_780_000_000), launches: 2)
        let records = OTALaunchQuarantine.encoded([quarantine])
        try records.write(to: fixture.url("1.0/quarantine.json"))

        await service.deleteAllBundles()

        #expect(fixture.read("1.0/quarantine.json") == records)
        #expect(fixture.tree() == [
            SyncFixture.antiRollbackFileName, SyncFixture.installIDFileName, ".ota-localizations-root.json", "1.0",
            "1.0/quarantine.json",
        ])
        let layout = OTAStorageLayout(storageRoot: fixture.root, appVersion: "1.0")
        #expect(OTALocalizedString.launchQuarantines(storageRoot: layout.storageRoot, appVersion: "1.0") == [quarantine])
    }

    /// On a full disk the new anti-rollback record cannot be written before the deletion: the text still goes, and the
    /// mark is written once the deletion freed space; when it cannot be written even then, the caller is told.
    @Test func aMarkThatCannotBeWrittenFirstIsWrittenAfterTheDeletionOrReported() throws {
        let folder = try TemporaryDirectory("kill-switch-pull")
        defer { folder.remove() }
        try folder.write("1.0/modules/Checkout/current", "x\n")
        let attempts = Attempts()

        let second = KillSwitchDeletion.run(storageRoot: folder.url) { _ throws(CycleFailure) in
            attempts.count += 1
            if attempts.count == 1 { throw CycleFailure(.storage, "cannot create .ota-trash-1: No space left on device") }
        }
        #expect(attempts.count == 2, "tried again after the deletion")
        #expect(second == KillSwitchDeletion.Outcome(undeleted: [], notPulled: nil))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("1.0").path))

        try folder.write("1.0/modules/Checkout/current", "x\n")
        let never = KillSwitchDeletion.run(storageRoot: folder.url) { _ throws(CycleFailure) in
            throw CycleFailure(.storage, "cannot create .ota-trash-2: No space left on device")
        }
        #expect(never.notPulled == "cannot create .ota-trash-2: No space left on device")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("1.0").path), "the text went anyway")
    }
}

private final class Attempts: @unchecked Sendable {
    var count = 0
}
