import Foundation
import Testing
@testable import OTALocalizations
import OTALocalizationsCore
@testable import OTALocalizationsSync

/// The service's side of the QA snapshot: the last cycles' reports kept across launches and bounded, the
/// anti-rollback marks and the publish's date, and the debug actions, refused without the configuration's opt-in.
@Suite struct DiagnosticsServiceTests {
    private var reportsFile: (SyncFixture) -> URL { { $0.root.appendingPathComponent(".ota-cycle-reports.json") } }

    @Test func reportsAreKeptAcrossLaunchesAndBoundedAndTheKillSwitchDeletesThem() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout", version: 1)
        fixture.publish([checkout], publishedAt: "2026-07-24T10:00:00Z")
        await fixture.makeService().start()

        // A new service on the same root, as after a relaunch, sees the first cycle's report. Its cycles end 61 s
        // apart, so that each 304 is kept.
        let clock = SteppingClock(stepSeconds: 61)
        let relaunched = fixture.makeService(deviceClock: clock.next)
        let first = await relaunched.diagnostics(modules: ["Search"])
        #expect(first.cycleReports.count == 1)
        let kept = try #require(first.cycleReports.first)
        #expect(kept.report == fixture.reports.all.first)
        #expect(kept.appVersion == "1.0" && kept.channel == "production" && kept.modulesOmitted == 0)
        #expect(kept.report.updated == 1 && kept.report.modules.map(\.name) == ["Checkout"])
        #expect(ManifestDate.parseTimestamp(kept.endedAt) != nil)
        #expect(first.antiRollback == [.init(channel: "production", newestPublishedAt: "2026-07-24T10:00:00Z", pulledThrough: nil)])
        // The installed entry names the publish it came from (the stored state's entry is this content).
        let installed = try #require(first.modules.first { $0.name == "Checkout" }?.installed)
        #expect(installed == .init(sha256: checkout.sha256, folderSHA256: checkout.sha256, rolloutID: nil,
                                   localizations: ["en", "fr"], publishedAt: "2026-07-24T10:00:00Z"))
        #expect(first.modules.map(\.name) == ["Checkout", "Search"])

        // More cycles than the cap: the newest 20 stay, oldest first.
        for _ in 0..<(CycleReportHistory.maximumReports + 3) { await relaunched.start() }
        let bounded = await fixture.makeService().diagnostics()
        #expect(bounded.cycleReports.count == 20)
        // Each is a 304 (Checkout skipped), kept without its skipped module and counting it in modulesOmitted.
        #expect(fixture.reports.all.suffix(20).allSatisfy { $0.manifest == .notModified && $0.modules.map(\.outcome) == [.skipped] })
        #expect(bounded.cycleReports.map(\.report) == Array(fixture.reports.all.suffix(20)).map { report in
            var kept = report
            kept.modules = []
            return kept
        })
        #expect(bounded.cycleReports.allSatisfy { $0.modulesOmitted == 1 })
        let bytes = try Data(contentsOf: reportsFile(fixture))
        #expect(bytes.count <= 128 * 1024)
        #expect(String(decoding: bytes.prefix(30), as: UTF8.self) == "{\"formatVersion\":1,\"reports\":[")

        // The kill switch deletes the file with everything that is not kept; the marks stay, pulled.
        await relaunched.deleteAllBundles()
        #expect(!FileManager.default.fileExists(atPath: reportsFile(fixture).path))
        let afterKill = await relaunched.diagnostics()
        #expect(afterKill.cycleReports.isEmpty)
        #expect(afterKill.antiRollback == [
            .init(channel: "production", newestPublishedAt: "2026-07-24T10:00:00Z", pulledThrough: "2026-07-24T10:00:00Z"),
        ])
    }

    @Test func aServiceKeepsTheReportsAnotherWriterAppendedMeanwhile() async throws {
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Checkout", version: 1)], publishedAt: "2026-07-24T10:00:00Z")
        let clock = SteppingClock(stepSeconds: 61)
        let first = fixture.makeService(deviceClock: clock.next)
        await first.start()
        // Another service on the same root (another process: a command-line tool) appends its report.
        await fixture.makeService(deviceClock: clock.next).start()
        // The first one's next cycle appends to the file as it is now, not to what it wrote last.
        await first.start()
        let kept = await fixture.makeService().diagnostics().cycleReports.map(\.report)
        #expect(kept.count == 3)
        #expect(kept.first == fixture.reports.all.first)
        #expect(kept.map(\.manifest) == [.updated, .notModified, .notModified])
        // A file replaced since its last write (here emptied) is read again, not overwritten with what it remembers.
        try Data("{\"formatVersion\":1,\"reports\":[]}\n".utf8).write(to: reportsFile(fixture))
        await first.start()
        #expect(await fixture.makeService().diagnostics().cycleReports.count == 1)
    }

    @Test func aRepeated304IsKeptOnlyAMinuteAfterTheLastKeptOne() async throws {
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Checkout", version: 1)], publishedAt: "2026-07-24T10:00:00Z")
        let clock = SteppingClock(stepSeconds: 0)
        let service = fixture.makeService(deviceClock: clock.next)
        await service.start()   // updated
        await service.start()   // 304, kept: the newest entry is another report
        clock.advance(seconds: 59)
        await service.start()   // the same 304, 59 s later: not kept
        #expect(await service.diagnostics().cycleReports.map(\.report.manifest) == [.updated, .notModified])
        clock.advance(seconds: 1)
        await service.start()   // 60 s after the kept one: kept
        let kept = await service.diagnostics().cycleReports
        #expect(kept.map(\.report.manifest) == [.updated, .notModified, .notModified])
        let seconds = kept.compactMap { ManifestDate.parseTimestamp($0.endedAt)?.secondsSince1970 }
        #expect(seconds.count == 3 && seconds[2] - seconds[1] == 60)
        #expect(fixture.reports.all.count == 4)
    }

    @Test func aFailedCycleKeepsItsReportButAnUnusableAppVersionWritesNothing() async throws {
        let fixture = try SyncFixture()
        await fixture.makeService().start()
        #expect(fixture.reports.last?.manifest == .failed)
        #expect(await fixture.makeService().diagnostics().cycleReports.map(\.report) == fixture.reports.all)

        let unusable = try SyncFixture()
        await unusable.makeService(appVersion: "..").start()
        #expect(unusable.reports.last?.manifest == .failed)
        #expect(try FileManager.default.contentsOfDirectory(atPath: unusable.root.path).isEmpty)
    }

    @Test func aReportLargerThanTheCapKeepsItsFailedModulesFirst() throws {
        // Given: one report of 3,000 skipped modules with long names and one failure, far over 128 KiB.
        var modules = (0..<3_000).map {
            OTALocalizationCycleReport.Module(name: "Module\($0)" + String(repeating: "x", count: 60), outcome: .skipped)
        }
        modules.append(.init(name: "Checkout", outcome: .failed, reason: "HTTP 404", code: .transport))
        let report = OTALocalizationCycleReport(manifest: .updated, error: nil, stateSaved: false, modules: modules)
        let entry = OTALocalizationDiagnostics.CycleEntry(
            endedAt: "2026-07-24T10:00:00Z", appVersion: "1.0", channel: "production", modulesOmitted: 0, report: report)

        let data = CycleReportHistory.encoded([entry, entry])

        #expect(data.count <= CycleReportHistory.maximumBytes)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let reports = try #require(object["reports"] as? [[String: Any]])
        #expect(reports.count == 1)
        #expect(reports[0]["modulesOmitted"] as? Int == 3_000)
        let kept = try #require((reports[0]["report"] as? [String: Any])?["modules"] as? [[String: Any]])
        #expect(kept.map { $0["name"] as? String } == ["Checkout"])
    }

    @Test func debugActionsAreRefusedWithoutTheOptIn() async throws {
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Checkout", version: 1)])
        let service = fixture.makeService()
        await #expect(throws: OTALocalizationDebugActionError.self) { _ = try await service.runCycleNow() }
        do {
            try await service.chooseChannelForNextLaunch("staging")
            Issue.record("chose a channel without the opt-in")
        } catch {
            #expect(error.code == .notAllowed)
        }
        do {
            try await service.clearLaunchQuarantines()
            Issue.record("cleared quarantines without the opt-in")
        } catch {
            #expect(error.code == .notAllowed)
        }
        // Nothing ran and nothing was written.
        #expect(fixture.reports.all.isEmpty)
        #expect(fixture.tree().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: reportsFile(fixture).path))
        #expect(OTALocalizationServiceConfiguration.channelChosenForNextLaunch(storageRoot: fixture.root) == nil)
    }

    @Test func debugActionsRunWithTheOptIn() async throws {
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Checkout", version: 1)])
        let service = fixture.makeService(debugActions: true)

        let report = try await service.runCycleNow()
        #expect(report != nil && report == fixture.reports.all.last)
        #expect(report?.updated == 1)

        try await service.chooseChannelForNextLaunch("staging")
        #expect(OTALocalizationServiceConfiguration.channelChosenForNextLaunch(storageRoot: fixture.root) == "staging")
        #expect(try String(contentsOf: fixture.root.appendingPathComponent(".ota-next-launch-channel"), encoding: .utf8) == "staging\n")
        #expect(await service.diagnostics().nextLaunchChannel == "staging")
        try await service.chooseChannelForNextLaunch(nil)
        #expect(OTALocalizationServiceConfiguration.channelChosenForNextLaunch(storageRoot: fixture.root) == "production")
        do {
            try await service.chooseChannelForNextLaunch("Staging")
            Issue.record("accepted a name that is not a channel name")
        } catch {
            #expect(error.code == .channel)
        }

        // A quarantine written as the guard writes it, and a count at the limit: both go.
        let layout = OTAStorageLayout(storageRoot: fixture.root, appVersion: "1.0")
        let installed = BundleDiskLoader.installedContent(layout)
        let record = OTALaunchQuarantine(modules: installed, publishedAt: nil, since: Date(timeIntervalSince1970: 1_800_000_000), launches: 2)
        try OTALaunchQuarantine.encoded([record]).write(to: layout.quarantineFile)
        try OTAStorageLayout.launchAttemptsContents(fingerprint: record.fingerprint, count: 2).write(to: layout.launchAttemptsFile)
        #expect(await service.diagnostics().quarantineInForce == record)

        #expect(try await service.clearLaunchQuarantines() == 1)

        #expect(!FileManager.default.fileExists(atPath: layout.quarantineFile.path))
        #expect(try Data(contentsOf: layout.launchAttemptsFile) == Data("\(record.fingerprint) 0000\n".utf8))
        let after = await service.diagnostics()
        #expect(after.quarantines.isEmpty && after.quarantineInForce == nil)
        #expect(try await service.clearLaunchQuarantines() == 0)
    }
}

/// A device clock for the service that moves only when told: each reading adds `stepSeconds` to the last one.
private final class SteppingClock: @unchecked Sendable {
    private let lock = NSLock()
    private var now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    private let stepSeconds: TimeInterval

    init(stepSeconds: TimeInterval) { self.stepSeconds = stepSeconds }

    /// The time now, then moves on by the step.
    @Sendable func next() -> Date {
        lock.withLock {
            defer { now += stepSeconds }
            return now
        }
    }

    func advance(seconds: TimeInterval) { lock.withLock { now += seconds } }
}
