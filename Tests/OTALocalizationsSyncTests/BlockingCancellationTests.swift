import Dispatch
import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing
@testable import OTALocalizationsSync

/// Deadlines and the kill switch against a transport whose cancellation handler blocks the cancelling thread
/// (as a synchronous call into a busy session queue would) and whose GET never answers: the service's outcome must
/// not wait for the handler. The handler blocks until the test releases it at the end, so a service that cancels
/// on the thread that delivers its outcome hangs, and the time limit fails the test.
@Suite struct BlockingCancellationTests {
    /// Serves through `base`, except `blockedURL`, whose GET never answers and whose cancellation blocks until
    /// `release` is signalled.
    final class BlockingCancellationTransport: HTTPTransport, @unchecked Sendable {
        let base: ScriptedTransport
        let blockedURL: String
        let release = DispatchSemaphore(value: 0)
        /// The blocked GETs wait here (never opened).
        let stuck = Gate()

        init(base: ScriptedTransport, blockedURL: String) {
            self.base = base
            self.blockedURL = blockedURL
        }

        func get(_ url: URL, headers: [String: String], timeout: TimeInterval, maximumBytes: Int64?) async throws -> HTTPResponse {
            guard url.absoluteString == blockedURL else {
                return try await base.get(url, headers: headers, timeout: timeout, maximumBytes: maximumBytes)
            }
            let release = self.release
            await withTaskCancellationHandler {
                await stuck.wait()
            } onCancel: {
                release.wait()
                release.signal()
            }
            throw CancellationError()
        }
    }

    static func fixture() throws -> (SyncFixture, BlockingCancellationTransport) {
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Checkout")])
        return (fixture, BlockingCancellationTransport(base: fixture.transport, blockedURL: SyncFixture.url("1.0", "index.json")))
    }

    @Test(HangLimit.tenMinutes)
    func theRequestAndCycleDeadlinesEndTheCycle() async throws {
        let (fixture, transport) = try Self.fixture()
        defer { transport.release.signal() }
        await fixture.makeService(requestSeconds: 0.5, cycleSeconds: 30, wallClockDeadlines: true, transport: transport).start()
        #expect(fixture.reports.last?.error
            == "manifest download failed: timed-out: no complete response within 0.5 s (maximumRequestSeconds)")

        await fixture.makeService(requestSeconds: 600, cycleSeconds: 0.5, wallClockDeadlines: true, transport: transport).start()
        #expect(fixture.reports.last?.error == "cancelled: the cycle took longer than 0.5 s (maximumCycleSeconds)")
        #expect(fixture.tree() == [])
    }

    @Test(HangLimit.tenMinutes)
    func theKillSwitchEndsTheCycleAndDeletes() async throws {
        let (fixture, transport) = try Self.fixture()
        defer { transport.release.signal() }
        await fixture.makeService().start()
        #expect(fixture.exists("1.0/modules/Checkout/current"))
        let service = fixture.makeService(deletionWaitSeconds: 0.2, wallClockDeadlines: true, transport: transport)
        let cycle = Task { await service.start() }
        await transport.stuck.waitForArrivals(1)
        await service.deleteAllBundles()
        await cycle.value
        #expect(fixture.reports.last?.error == "cancelled")
        #expect(fixture.tree() == [SyncFixture.antiRollbackFileName, SyncFixture.installIDFileName])
    }
}
