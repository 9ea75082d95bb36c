import Foundation
import Testing
@testable import OTALocalizations
import OTALocalizationsCore
@testable import OTALocalizationsSync

/// The service and the crash-loop guard (docs/design.md, "The crash-loop guard"): quarantined content is reported on
/// every cycle and never installed again; other content is; the kill switch clears the quarantine.
@Suite struct LaunchQuarantineServiceTests {
    /// One launch as a new process makes it, in one turn of the main actor: the folder served for each module.
    @MainActor
    private func launch(_ fixture: SyncFixture) -> [String: String] {
        OTALocalizedString.forgetLaunchesCountedThisProcess()
        OTALocalizedString.loadBundlesFromDisk(storageRoot: fixture.root, appVersion: "1.0")
        defer { OTALocalizedString.clearBundleCache() }
        return ["Checkout", "Profile"].reduce(into: [:]) { served, module in
            served[module] = OTALocalizedString.bundle(for: module)?.bundleURL.lastPathComponent
        }
    }

    @Test func quarantinedContentIsReportedAndNeverInstalledAgain() async throws {
        let fixture = try SyncFixture()
        let crashing = try SyncFixture.module("Checkout", version: 1)
        let profile = try SyncFixture.module("Profile", version: 1)
        fixture.publish([crashing, profile], publishedAt: "2026-07-24T10:00:00Z")
        await fixture.makeService().start()
        #expect(fixture.reports.last?.quarantine == nil)

        // Two launches that never confirm, then the third: embedded strings and a quarantine.
        #expect(await launch(fixture) == ["Checkout": crashing.sha256, "Profile": profile.sha256])
        #expect(await launch(fixture) == ["Checkout": crashing.sha256, "Profile": profile.sha256])
        #expect(await launch(fixture) == [:])
        let quarantine = try #require(OTALocalizedString.launchQuarantine(storageRoot: fixture.root, appVersion: "1.0"))
        #expect(OTALocalizedString.launchQuarantines(storageRoot: fixture.root, appVersion: "1.0") == [quarantine])
        #expect(quarantine.modules == ["Checkout": crashing.sha256, "Profile": profile.sha256])
        #expect(quarantine.publishedAt == "2026-07-24T10:00:00Z")

        // The next cycle reports it (a `304`: the quarantined content is what is installed).
        await fixture.makeService().start()
        let reported = try #require(fixture.reports.last)
        #expect(reported.quarantine == quarantine)
        #expect(reported.manifest == .notModified)
        #expect(reported.jsonText().contains(",\"quarantine\":\(quarantine.jsonText()),\"updated\":0,"))

        // A rollback to other content is installed and served, with attempts of its own.
        let rollback = try SyncFixture.module("Checkout", version: 0)
        fixture.publish([rollback, profile], publishedAt: "2026-07-24T11:00:00Z")
        await fixture.makeService().start()
        #expect(fixture.reports.last?.modules.map(\.outcome) == [.updated, .skipped])
        #expect(fixture.reports.last?.quarantine == nil, "no longer in force: its content is not installed")
        #expect(await launch(fixture) == ["Checkout": rollback.sha256, "Profile": profile.sha256])
        #expect(OTALocalizedString.unconfirmedLaunches(storageRoot: fixture.root, appVersion: "1.0") == 1)
        await MainActor.run { OTALocalizedString.confirmLaunch(storageRoot: fixture.root, appVersion: "1.0") }

        // The quarantined content published again is not installed: the rollback stays.
        fixture.publish([crashing, profile], publishedAt: "2026-07-24T12:00:00Z")
        await fixture.makeService().start()
        let refused = try #require(fixture.reports.last)
        #expect(refused.modules.map(\.outcome) == [.failed, .skipped])
        #expect(refused.modules.first?.code == .quarantined)
        #expect(refused.modules.first?.reason?.contains("quarantined on this device at \(quarantine.sinceText) after 2 unconfirmed launches") == true)
        #expect(refused.stateSaved == false)
        #expect(fixture.read("1.0/modules/Checkout/current") == Data((rollback.sha256 + "\n").utf8))
        #expect(await launch(fixture) == ["Checkout": rollback.sha256, "Profile": profile.sha256])

        // Newer content is installed.
        let fixed = try SyncFixture.module("Checkout", version: 2)
        fixture.publish([fixed, profile], publishedAt: "2026-07-24T13:00:00Z")
        await fixture.makeService().start()
        #expect(fixture.reports.last?.modules.map(\.outcome) == [.updated, .skipped])
        #expect(fixture.reports.last?.quarantine == nil)
        #expect(OTALocalizedString.launchQuarantines(storageRoot: fixture.root, appVersion: "1.0") == [quarantine],
                "the record stays")

        // The kill switch keeps it: the crashing content published again is refused at once, never handed to two
        // more launches.
        let service = fixture.makeService()
        await service.deleteAllBundles()
        #expect(OTALocalizedString.launchQuarantines(storageRoot: fixture.root, appVersion: "1.0") == [quarantine])
        fixture.publish([crashing, profile], publishedAt: "2026-07-24T14:00:00Z")
        await service.start()
        let afterSwitch = try #require(fixture.reports.last)
        #expect(afterSwitch.modules.map(\.outcome) == [.failed, .failed])
        #expect(afterSwitch.modules.map(\.code) == [.quarantined, .quarantined])
        #expect(await launch(fixture) == [:])
    }

    @Test func aSecondQuarantineKeepsTheFirstOneOut() async throws {
        let fixture = try SyncFixture()
        let first = try SyncFixture.module("Checkout", version: 1)
        fixture.publish([first], publishedAt: "2026-07-24T10:00:00Z")
        await fixture.makeService().start()
        for _ in 0..<3 { _ = await launch(fixture) }
        let second = try SyncFixture.module("Checkout", version: 2)
        fixture.publish([second], publishedAt: "2026-07-24T11:00:00Z")
        await fixture.makeService().start()
        for _ in 0..<3 { _ = await launch(fixture) }
        #expect(OTALocalizedString.launchQuarantines(storageRoot: fixture.root, appVersion: "1.0").map(\.modules)
            == [["Checkout": first.sha256], ["Checkout": second.sha256]])
        #expect(fixture.reports.last?.quarantine == nil, "the report is written before the launches")

        fixture.publish([first], publishedAt: "2026-07-24T12:00:00Z")
        await fixture.makeService().start()
        #expect(fixture.reports.last?.modules.first?.code == .quarantined)
        #expect(fixture.reports.last?.quarantine?.modules == ["Checkout": second.sha256], "the installed content is in force")
        #expect(fixture.read("1.0/modules/Checkout/current") == Data((second.sha256 + "\n").utf8))
    }

    /// The quarantined publish read again for other languages is still that publish; a publish whose content is not a
    /// quarantined one is installed, even when some of its modules were part of one.
    @Test func thePublishItselfIsRefusedAndOtherContentIsNot() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout", version: 1)
        let profile = try SyncFixture.module("Profile", version: 1)
        fixture.publish([checkout, profile], publishedAt: "2026-07-24T10:00:00Z")
        await fixture.makeService().start()
        for _ in 0..<3 { _ = await launch(fixture) }
        #expect(OTALocalizedString.launchQuarantines(storageRoot: fixture.root, appVersion: "1.0").count == 1)
        // The same publish read again with other folders to install (as another language choice gives for sliced
        // modules: other folders, the same text): refused, whatever the folders are.
        let otherFolder = try SyncFixture.module("Checkout", version: 7)
        fixture.publish([otherFolder, profile], publishedAt: "2026-07-24T10:00:00Z")
        await fixture.makeService().start()
        let again = try #require(fixture.reports.last)
        #expect(again.modules.map(\.outcome) == [.failed, .skipped], "\(again.jsonText())")
        #expect(again.modules.first?.code == .quarantined)
        #expect(again.modules.first?.reason?.hasPrefix("the publish of 2026-07-24T10:00:00Z was quarantined on this device") == true)
        #expect(fixture.read("1.0/modules/Checkout/current") == Data((checkout.sha256 + "\n").utf8))
        // New Checkout text beside the quarantined Profile: other content, installed and counted afresh.
        let fixed = try SyncFixture.module("Checkout", version: 2)
        fixture.publish([fixed, profile], publishedAt: "2026-07-24T11:00:00Z")
        await fixture.makeService().start()
        #expect(fixture.reports.last?.modules.map(\.outcome) == [.updated, .skipped], "\(fixture.reports.last?.jsonText() ?? "")")
        #expect(await launch(fixture) == ["Checkout": fixed.sha256, "Profile": profile.sha256])
    }

    @Test func aCycleMovesAsideWhatWouldKeepTheGuardFromCounting() async throws {
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Checkout")])
        await fixture.makeService().start()
        try FileManager.default.createDirectory(at: fixture.url("1.0/launch-attempts/x"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fixture.url("1.0/quarantine.json").path, withDestinationPath: "/dev/zero")
        _ = await launch(fixture)
        #expect(OTALocalizedString.unconfirmedLaunches(storageRoot: fixture.root, appVersion: "1.0") == 0, "a folder cannot be counted in")
        await fixture.makeService().start()
        #expect(!fixture.exists("1.0/launch-attempts") && !fixture.exists("1.0/quarantine.json"))
        _ = await launch(fixture)
        #expect(OTALocalizedString.unconfirmedLaunches(storageRoot: fixture.root, appVersion: "1.0") == 1)
    }

    /// A hard link planted at the count (a regular file, so the usual check lets it be): the read side fails closed,
    /// and the next cycle moves it aside, the linked file untouched, so launches are counted again.
    @Test func aCycleMovesAsideAHardLinkAtTheCount() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        fixture.publish([checkout])
        await fixture.makeService().start()
        let other = fixture.url("elsewhere")
        try Data("elsewhere".utf8).write(to: other)
        #expect(link(other.path, fixture.url("1.0/launch-attempts").path) == 0)
        #expect(await launch(fixture) == [:], "the guard fails closed")
        await fixture.makeService().start()
        var status = stat()
        #expect(lstat(fixture.url("1.0/launch-attempts").path, &status) != 0, "moved aside")
        #expect(try Data(contentsOf: other) == Data("elsewhere".utf8))
        #expect(await launch(fixture) == ["Checkout": checkout.sha256])
        #expect(OTALocalizedString.unconfirmedLaunches(storageRoot: fixture.root, appVersion: "1.0") == 1)
    }

    @Test func theReportDecodesWhatItEncodes() throws {
        let quarantine = OTALaunchQuarantine(
            modules: ["Checkout": String(repeating: "a", count: 64)], publishedAt: "2026-07-24T10:00:00Z",
            since: Date(timeIntervalSince1970: 1_790_000_000), launches: 2)
        let report = OTALocalizationCycleReport(manifest: .notModified, stateSaved: false, quarantine: quarantine)
        let decoded = try JSONDecoder().decode(OTALocalizationCycleReport.self, from: Data(report.jsonText().utf8))
        #expect(decoded == report)
        #expect(quarantine.jsonText() == #"{"since":"2026-09-21T14:13:20Z","launches":2,"publishedAt":"2026-07-24T10:00:00Z","modules":{"Checkout":"\#(String(repeating: "a", count: 64))"}}"#)
    }
}
