import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizationsSync

/// `start()` joining, and the kill switch against a slow download (scripted gates, no clocks).
@Suite struct ServiceTests {
    @Test func concurrentStartCallsShareOneCycle() async throws {
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Checkout"), try SyncFixture.module("Profile")])
        let gate = Gate()
        fixture.transport.gate(SyncFixture.url("1.0", "index.json"), gate)
        let service = fixture.makeService()

        let first = Task { await service.start() }
        await gate.waitForArrivals(1)
        let joiners = (0..<5).map { _ in Task { await service.start() } }
        while await service.joinedCallers < 5 { await Task.yield() }
        gate.open()
        await first.value
        for joiner in joiners { await joiner.value }

        #expect(fixture.transport.requestedURLs.filter { $0.hasSuffix("index.json") }.count == 1)
        // index.json, its base part, two ZIPs.
        #expect(fixture.transport.requestedURLs.count == 4)
        #expect(fixture.reports.all.count == 1)
        #expect(fixture.reports.last?.updated == 2)
    }

    @Test func startAfterACycleEndedRunsANewCycle() async throws {
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Checkout")])
        let service = fixture.makeService()
        await service.start()
        await service.start()
        #expect(fixture.reports.all.map(\.manifest) == [.updated, .notModified])
    }

    @Test func deleteAllBundlesRacingASlowDownloadLeavesNothing() async throws {
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Checkout", version: 1), try SyncFixture.module("Profile", version: 1)])
        await fixture.makeService().start()
        let checkout2 = try SyncFixture.module("Checkout", version: 2)
        let profile2 = try SyncFixture.module("Profile", version: 2)
        fixture.publish([checkout2, profile2], publishedAt: "2026-07-25T10:00:00Z")
        let gate = Gate()
        fixture.transport.gate(SyncFixture.url("1.0", checkout2.path), gate)
        let service = fixture.makeService()

        let cycle = Task { await service.start() }
        await gate.waitForArrivals(1)
        let deletion = Task { await service.deleteAllBundles() }
        await gate.waitForCancellation()
        gate.open()                       // the slow server finishes sending anyway
        await deletion.value
        await cycle.value

        #expect(fixture.tree() == [SyncFixture.antiRollbackFileName, SyncFixture.installIDFileName])
        let report = try #require(fixture.reports.last)
        #expect(report.error == "cancelled")
        #expect(report.stateSaved == false)
        #expect(report.modules.first { $0.name == "Checkout" }?.reason == "cancelled")
    }

    @Test func deleteAllBundlesDuringTheManifestRequestLeavesNothing() async throws {
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Checkout")])
        let gate = Gate()
        fixture.transport.gate(SyncFixture.url("1.0", "index.json"), gate)
        let service = fixture.makeService()

        let cycle = Task { await service.start() }
        await gate.waitForArrivals(1)
        let deletion = Task { await service.deleteAllBundles() }
        await gate.waitForCancellation()
        gate.open()
        await deletion.value
        await cycle.value

        #expect(fixture.tree() == [])
        #expect(fixture.transport.requestedURLs == [SyncFixture.url("1.0", "index.json")])
        // The GET is abandoned at the cancellation (it no longer waits for the slow server): no manifest was used.
        #expect(fixture.reports.last == Report(manifest: .failed, error: "cancelled", errorCode: .cancelled))
    }

    @Test func deleteAllBundlesWithoutACycleEmptiesTheStorageRoot() async throws {
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Checkout")])
        let service = fixture.makeService()
        await service.start()
        #expect(!fixture.tree().isEmpty)
        await service.deleteAllBundles()
        #expect(fixture.tree() == [SyncFixture.antiRollbackFileName, SyncFixture.installIDFileName])
        #expect(FileManager.default.fileExists(atPath: fixture.root.path))

        // What the switch pulled stays pulled: the same publish is stale; a newer one installs again from scratch.
        await service.start()
        #expect(fixture.reports.last?.manifest == .stale)
        fixture.publish([try SyncFixture.module("Checkout", version: 2)], publishedAt: "2026-07-24T10:00:01Z")
        await service.start()
        #expect(fixture.reports.last?.manifest == .updated)
        #expect(fixture.exists("1.0/modules/Checkout/current"))
    }

    @Test func unusableAppVersionFailsWithoutTouchingAnything() async throws {
        let fixture = try SyncFixture()
        await fixture.makeService(appVersion: "../1.0").start()
        #expect(fixture.transport.requests.isEmpty)
        #expect(fixture.tree() == [])
        #expect(fixture.reports.last == Report(manifest: .failed, error: "app version \"../1.0\" is not a plain file name", errorCode: .manifest))
    }
}

/// Many tasks against one service; run under ThreadSanitizer by CI.
@Suite struct ServiceConcurrencyTests {
    @Test func startFromManyTasksAtOnce() async throws {
        let fixture = try SyncFixture()
        let modules = try (1...4).map { try SyncFixture.module("Module\($0)") }
        fixture.publish(modules)
        let service = fixture.makeService(parallel: 3)
        for _ in 0..<4 {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<16 { group.addTask { await service.start() } }
            }
        }
        let reports = fixture.reports.all
        #expect(reports.first?.updated == 4)
        #expect(reports.dropFirst().allSatisfy { $0.manifest == .notModified })
        #expect(fixture.transport.requestedURLs.filter { $0.hasSuffix(".zip") }.count == 4)
        for module in modules {
            #expect(fixture.read("1.0/modules/\(module.name)/current") == Data((module.sha256 + "\n").utf8))
        }
    }

    @Test func deleteAllBundlesRacingCyclesFromManyTasks() async throws {
        let fixture = try SyncFixture()
        fixture.publish(try (1...3).map { try SyncFixture.module("Module\($0)") })
        let service = fixture.makeService(parallel: 2)
        for _ in 0..<6 {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        if index == 3 { await service.deleteAllBundles() } else { await service.start() }
                    }
                }
            }
        }
        await service.deleteAllBundles()
        #expect(fixture.tree() == [])
        // Every cycle ended in a report; none crashed or hung.
        #expect(!fixture.reports.all.isEmpty)
    }

    @Test(HangLimit.tenMinutes)
    func killSwitchAndDeadlinesRacingCyclesStuckInATransportThatIgnoresCancellation() async throws {
        let fixture = try SyncFixture()
        let modules = try (1...3).map { try SyncFixture.module("Module\($0)") }
        fixture.publish(modules)
        let gate = Gate()
        fixture.transport.gate(SyncFixture.url("1.0", modules[1].path), gate)
        let service = fixture.makeService(
            parallel: 2, requestSeconds: 0.2, cycleSeconds: 0.4, deletionWaitSeconds: 0.05, wallClockDeadlines: true)
        for _ in 0..<6 {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        if index % 4 == 3 { await service.deleteAllBundles() } else { await service.start() }
                    }
                }
            }
        }
        gate.open()
        await service.deleteAllBundles()
        // Every call returned (a hang fails the time limit), every cycle reported, and nothing stopped lands later.
        #expect(!fixture.reports.all.isEmpty)
        #expect(fixture.tree() == [])
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(fixture.tree() == [])
    }
}
