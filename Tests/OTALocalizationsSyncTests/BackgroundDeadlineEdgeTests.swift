import Foundation
import OTALocalizations
import OTATestSupport
import Testing
@testable import OTALocalizationsSync

/// Edge cases of `runCycle(before:)` with deadlines no app should pass (far future, infinite, not a number),
/// on the wall-clock timer the app uses: none may crash or hang, and a usable one must let the cycle finish.
@Suite struct BackgroundDeadlineEdgeTests {
    @Test(HangLimit.tenMinutes, arguments: [
        Date.distantFuture.timeIntervalSince1970, 1e18, Double.infinity,
    ])
    func aFarDeadlineLetsTheCycleFinish(_ secondsSince1970: Double) async throws {
        // The argument is the interval: Foundation's `Date.description` traps on an infinite date on Linux.
        let deadline = Date(timeIntervalSince1970: secondsSince1970)
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Checkout")], publishedAt: "2026-07-24T10:00:00Z")
        let report = await fixture.makeService(wallClockDeadlines: true).runCycle(before: deadline)
        #expect(report?.updated == 1)
        #expect(report?.errorCode == nil)
    }

    @Test(HangLimit.tenMinutes, arguments: [Double.nan, Date.distantPast.timeIntervalSince1970, -Double.infinity])
    func aDeadlineThatIsNotLaterStopsTheCycle(_ secondsSince1970: Double) async throws {
        let deadline = Date(timeIntervalSince1970: secondsSince1970)
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Checkout")], publishedAt: "2026-07-24T10:00:00Z")
        let report = await fixture.makeService(wallClockDeadlines: true).runCycle(before: deadline)
        #expect(report?.errorCode == .cancelled)
        #expect(report?.updated == 0)
    }
}
