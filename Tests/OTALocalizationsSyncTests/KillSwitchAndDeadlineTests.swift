import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OTALocalizationsCore
import OTATestSupport
import Testing
@testable import OTALocalizationsSync

/// The kill switch and the deadlines against a transport that never answers and ignores cancellation (a gate that
/// is never opened, or opened only later: "the cycle wakes up later"). Each test has a time limit, so a hang fails;
/// it is generous (10 minutes), because a test's time counts from its start while a thousand others share two cores.
@Suite struct KillSwitchAndDeadlineTests {
    /// Checkout and Profile published; Profile's ZIP request waits behind a gate that is never opened unless the
    /// test opens it, and that ignores cancellation.
    static func publishWithAStuckProfile() throws -> (SyncFixture, PublishedModule, Gate) {
        let fixture = try SyncFixture()
        let profile = try SyncFixture.module("Profile")
        fixture.publish([try SyncFixture.module("Checkout"), profile])
        let gate = Gate()
        fixture.transport.gate(SyncFixture.url("1.0", profile.path), gate)
        return (fixture, profile, gate)
    }

    @Test(HangLimit.tenMinutes)
    func deleteAllBundlesReturnsWhenTheTransportNeverAnswersAndNothingLandsWhenItWakesUp() async throws {
        // Given: an installed v1, then a cycle stuck in the v2 manifest request, whose transport ignores cancellation.
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Checkout", version: 1)])
        await fixture.makeService().start()
        let checkout2 = try SyncFixture.module("Checkout", version: 2)
        fixture.publish([checkout2], publishedAt: "2026-07-25T10:00:00Z")
        let gate = Gate()
        fixture.transport.gate(SyncFixture.url("1.0", "index.json"), gate)
        let service = fixture.makeService(deletionWaitSeconds: 0.2, wallClockDeadlines: true)
        let cycle = Task { await service.start() }
        await gate.waitForArrivals(1)

        // When: the kill switch runs.
        await service.deleteAllBundles()

        // Then: it returned, the stuck cycle's start() returned with a report, and nothing is left.
        await cycle.value
        #expect(fixture.tree() == [SyncFixture.antiRollbackFileName, SyncFixture.installIDFileName])
        #expect(fixture.reports.last?.error == "cancelled")

        // When: the stuck request finally answers (v2's manifest).
        gate.open()
        while await service.stoppedCyclesEnded < 1 { try await Task.sleep(nanoseconds: 10_000_000) }

        // Then: the answer went nowhere: the stopped cycle neither went on to the ZIP nor landed anything.
        #expect(fixture.tree() == [SyncFixture.antiRollbackFileName, SyncFixture.installIDFileName])
        #expect(!fixture.transport.requestedURLs.contains(SyncFixture.url("1.0", checkout2.path)))

        // And: a later start() runs a fresh cycle (a new manifest request), not the dead one.
        fixture.transport.clearLog()
        fixture.publish([checkout2], publishedAt: "2026-07-25T10:00:00Z")
        await service.start()
        #expect(fixture.transport.requestedURLs.prefix(2) == [SyncFixture.url("1.0", "index.json"), try fixture.basePartURL()])
        #expect(fixture.reports.last?.updated == 1)
        #expect(fixture.read("1.0/modules/Checkout/current") == Data((checkout2.sha256 + "\n").utf8))
    }

    @Test(HangLimit.tenMinutes)
    func aStuckModuleDownloadDoesNotHoldTheKillSwitch() async throws {
        let (fixture, _, gate) = try Self.publishWithAStuckProfile()
        let service = fixture.makeService(deletionWaitSeconds: 0.2, wallClockDeadlines: true)
        let cycle = Task { await service.start() }
        await gate.waitForArrivals(1)
        while !fixture.exists("1.0/modules/Checkout/current") { try await Task.sleep(nanoseconds: 5_000_000) }

        await service.deleteAllBundles()
        await cycle.value
        #expect(fixture.tree() == [SyncFixture.antiRollbackFileName, SyncFixture.installIDFileName])
        let report = try #require(fixture.reports.last)
        #expect(report.error == "cancelled")
        #expect(report.errorCode == .cancelled)
        #expect(report.modules.map(\.outcome) == [.updated, .failed], "what the stopped cycle had done is in its report")
        #expect(report.modules.last?.code == .cancelled)

        gate.open()
        while await service.stoppedCyclesEnded < 1 { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(fixture.tree() == [SyncFixture.antiRollbackFileName, SyncFixture.installIDFileName])
    }

    @Test(HangLimit.tenMinutes)
    func aGETThatNeverEndsFailsAtTheRequestDeadline() async throws {
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Checkout")])
        fixture.transport.gate(SyncFixture.url("1.0", "index.json"), Gate())
        await fixture.makeService(requestSeconds: 0.3, wallClockDeadlines: true).start()
        #expect(fixture.reports.last == Report(
            manifest: .failed,
            error: "manifest download failed: timed-out: no complete response within 0.3 s (maximumRequestSeconds)",
            errorCode: .transport))
        #expect(fixture.tree() == [])
    }

    @Test(HangLimit.tenMinutes)
    func aModuleGETThatNeverEndsFailsOnlyThatModule() async throws {
        // Given: Profile's GET stuck, and deadlines that pass when the test says (Checkout's GET has ended by then,
        // so the only request deadline pending is Profile's, however busy the machine).
        let (fixture, _, gate) = try Self.publishWithAStuckProfile()
        let deadlines = ManualDeadlines()
        let service = fixture.makeService(requestSeconds: 30, deadlines: deadlines)
        let cycle = Task { await service.start() }
        await gate.waitForArrivals(1)
        while !fixture.exists("1.0/modules/Checkout/current") { try await Task.sleep(nanoseconds: 5_000_000) }

        // When: the request deadline passes.
        #expect(deadlines.pass(seconds: 30) == 1)
        await cycle.value

        // Then: Profile failed with the deadline named, Checkout stayed installed.
        let report = try #require(fixture.reports.last)
        #expect(report.modules.map(\.outcome) == [.updated, .failed])
        #expect(report.modules.last?.code == .transport)
        #expect(report.modules.last?.reason == "download failed: timed-out: no complete response within 30 s (maximumRequestSeconds)")
        #expect(report.stateSaved == false)
    }

    @Test(HangLimit.tenMinutes)
    func theCycleEndsAtItsDeadlineAndTheNextStartRunsAFreshCycle() async throws {
        // Given: a module whose download never ends, and deadlines that pass only when the test says: the cycle
        // deadline passes once Profile's request is stuck and a second start() has joined the cycle; no deadline
        // of the fresh cycle below ever passes, however long the machine takes.
        let (fixture, profile, gate) = try Self.publishWithAStuckProfile()
        let deadlines = ManualDeadlines()
        let service = fixture.makeService(requestSeconds: 600, cycleSeconds: 20, deadlines: deadlines)

        // When: a cycle runs, a second start() joins it, and the cycle deadline passes.
        let first = Task { await service.start() }
        await gate.waitForArrivals(1)
        let second = Task { await service.start() }
        while await service.joinedCallers < 1 { try await Task.sleep(nanoseconds: 2_000_000) }
        #expect(deadlines.pass(seconds: 20) == 1)
        await first.value
        await second.value

        // Then: the cycle ended at its deadline with one report; Profile was not installed.
        #expect(fixture.reports.all.count == 1)
        let report = try #require(fixture.reports.last)
        #expect(report.error == "cancelled: the cycle took longer than 20 s (maximumCycleSeconds)")
        #expect(report.errorCode == .cancelled)
        #expect(report.modules.last?.outcome != .updated)
        #expect(report.stateSaved == false)
        // And: nothing more lands when the stuck download wakes up.
        let before = fixture.snapshot()
        gate.open()
        while await service.stoppedCyclesEnded < 1 { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(fixture.snapshot() == before)
        #expect(!fixture.exists("1.0/modules/Profile/current"))

        // And: the next start() is a new cycle (a new manifest request), which installs the rest.
        fixture.transport.clearLog()
        fixture.transport.set(SyncFixture.url("1.0", profile.path), .file(profile.zip, etag: "\"p\""))
        await service.start()
        #expect(fixture.reports.all.count == 2)
        #expect(fixture.transport.requestedURLs.first == SyncFixture.url("1.0", "index.json"))
        #expect(fixture.reports.last?.modules.last?.outcome == .updated, "\(fixture.reports.last?.modules.last?.reason ?? "")")
        #expect(fixture.reports.last?.failed == 0, "\(fixture.reports.last?.error ?? "")")
        #expect(fixture.reports.last?.stateSaved == true)
        #expect(deadlines.pending(seconds: 20) == 0, "the fresh cycle's deadline was cancelled as it ended")
    }
}

/// The commit gate: once revoked (the kill switch arriving while a download is in flight), the install that was
/// under way cannot land, even though its task was never cancelled and its download succeeds.
@Suite struct CommitGateTests {
    /// Serves through a ``ScriptedTransport`` and runs `hook` with each URL first.
    struct HookTransport: HTTPTransport {
        let base: ScriptedTransport
        let hook: @Sendable (String) -> Void

        func get(_ url: URL, headers: [String: String], timeout: TimeInterval, maximumBytes: Int64?) async throws -> HTTPResponse {
            hook(url.absoluteString)
            return try await base.get(url, headers: headers, timeout: timeout, maximumBytes: maximumBytes)
        }
    }

    @Test func anInstallWhoseGateIsRevokedMidDownloadLandsNothing() async throws {
        let fixture = try SyncFixture()
        let module = try SyncFixture.module("Checkout")
        fixture.publish([module])
        let placeholder = OTALocalizationServiceConfiguration(baseURL: URL(string: SyncFixture.base)!, appVersion: "1.0", storageRoot: fixture.root)
        let context = CycleContext(configuration: placeholder)
        let transport = HookTransport(base: fixture.transport) { url in
            if url.hasSuffix(".zip") { context.gate.revoke() }
        }
        let configuration = OTALocalizationServiceConfiguration(
            baseURL: URL(string: SyncFixture.base)!, appVersion: "1.0", storageRoot: fixture.root, transport: transport)
            .withManualDeadlines()
        for folder in ["1.0/tmp", "1.0/modules"] {
            try FileManager.default.createDirectory(at: fixture.url(folder), withIntermediateDirectories: true)
        }
        let installer = ModuleInstaller(
            configuration: configuration, versionURL: URL(string: SyncFixture.base + "/1.0/")!, developmentRegion: "en",
            protectedFolders: [], context: context)

        let zip = PublishedFile(path: module.path, sha256: module.sha256, size: Int64(module.zip.count))
        let result = await installer.install(
            DeviceModule(name: "Checkout", localizations: [], rolloutID: nil, content: .full(zip)), choice: .full(zip), keyID: nil, published: nil)

        #expect(result.report.outcome == .failed)
        #expect(result.report.code == .cancelled)
        #expect(result.report.bytes == Int64(module.zip.count), "the download itself completed")
        #expect(fixture.tree() == ["1.0", "1.0/modules", "1.0/tmp"])
    }

    @Test func aRevokedGateRunsNoStepAndRevokingWaitsForTheStepInProgress() async throws {
        final class Flag: @unchecked Sendable {
            private let lock = NSLock()
            private var value = false
            func set() { lock.withLock { value = true } }
            var isSet: Bool { lock.withLock { value } }
        }
        let gate = CommitGate()
        let entered = DispatchSemaphore(value: 0)
        let finished = Flag()
        let step = Task.detached {
            try gate.commit { () throws(CycleFailure) in
                entered.signal()
                Thread.sleep(forTimeInterval: 0.2)
                finished.set()
                return 1
            }
        }
        await Task.detached { entered.wait() }.value
        gate.revoke()
        #expect(finished.isSet, "revoke() returned only after the step in progress had finished")
        #expect(try await step.value == 1)
        #expect(gate.attempt {} == false)
        #expect(throws: CycleFailure.self) { try gate.commit { () throws(CycleFailure) in 2 } }
    }
}

/// The transport's one-shot completion in every order of "continuation stored", "result", "cancelled".
@Suite struct OnceContinuationTests {
    @Test(HangLimit.tenMinutes)
    func aResultBeforeTheContinuationIsStoredIsNotLost() async throws {
        let once = OnceContinuation<Int>()
        #expect(once.resume(with: .success(1)))
        #expect(!once.resume(with: .success(2)))
        #expect(try await once.value() == 1)
    }

    @Test(HangLimit.tenMinutes)
    func aResultAfterTheContinuationIsStoredResumesIt() async throws {
        let once = OnceContinuation<Int>()
        let waiter = Task { try await once.value() }
        while !once.resume(with: .success(7)) {}
        #expect(try await waiter.value == 7)
    }

    @Test(HangLimit.tenMinutes)
    func aCompletionArrivingBeforeTheCallerWaitsEndsTheCall() async throws {
        // The delegate gets its task's completion (as for a request cancelled before it was awaited) first.
        let delegate = URLSessionTransportDelegate(maximumBytes: nil, scheme: "http")
        let session = URLSession(configuration: .ephemeral)
        let task = session.dataTask(with: URL(string: "http://127.0.0.1:9/never")!)
        delegate.urlSession(session, task: task, didCompleteWithError: URLError(.cancelled))
        do {
            _ = try await delegate.completion.value()
            Issue.record("expected an error")
        } catch let error as HTTPTransportError {
            #expect(error.code == .cancelled)
        }
        session.invalidateAndCancel()
    }

    @Test(HangLimit.tenMinutes)
    func aCancellationBeforeTheCallerWaitsEndsTheCallAndLaterCompletionsAreDropped() async throws {
        let delegate = URLSessionTransportDelegate(maximumBytes: nil, scheme: "http")
        delegate.cancel()
        await #expect(throws: CancellationError.self) { _ = try await delegate.completion.value() }
    }
}
