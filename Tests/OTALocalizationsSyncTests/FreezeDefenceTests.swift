import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing
import Testing
@testable import OTALocalizationsSync

extension SyncFixture {
    /// Publishes `modules` signed by `keys` with `publishedAt` and, when given, `expires` (both RFC 3339), as
    /// `package --expires-in` writes them; returns the served `index.dsse.json`.
    @discardableResult
    func publishExpiring(
        _ modules: [PublishedModule], by keys: [ManifestSigningKey], publishedAt: String = "2026-12-01T00:00:00Z",
        expires: String?
    ) throws -> Data {
        var manifest = Manifest(
            appVersion: "1.0", publishedAtTimestamp: try #require(ManifestDate.parseTimestamp(publishedAt)), developmentRegion: "en",
            modules: modules.map(Self.entry))
        manifest.expiresTimestamp = expires.flatMap(ManifestDate.parseTimestamp)
        for module in modules { transport.serve(Self.url("1.0", URLEncoding.component(module.path)), module.zip) }
        try serve(manifest, signedBy: keys)
        return transport.body(Self.url("1.0", "index.dsse.json"))
    }
}

/// The freeze defence (docs/signing.md, "Freeze"): a signed `expires` refused past the tolerance on every cycle,
/// the clocks that decide it, the report's `lastFreshAt`, and re-signing that installs nothing.
@Suite struct FreezeDefenceTests {
    static let key = ManifestSigningKey.generate()
    static let envelopeURL = SyncFixture.url("1.0", "index.dsse.json")
    /// 2026-12-01T00:00:00Z, and the device clock at `seconds` after it.
    static let epoch: TimeInterval = 1_796_083_200
    static func at(_ seconds: TimeInterval) -> @Sendable () -> Date {
        { Date(timeIntervalSince1970: epoch + seconds) }
    }
    /// The index expires 2026-12-08T00:00:00Z: 7 days after the epoch.
    static let expires = "2026-12-08T00:00:00Z"
    static let week: TimeInterval = 7 * 86_400

    private func service(_ fixture: SyncFixture, clock: TimeInterval) -> OTALocalizationService {
        fixture.makeService(deviceClock: Self.at(clock), trustedKeys: [Self.key.publicKey])
    }

    @Test func anIndexIsAcceptedUpToTheToleranceAfterItsExpiryAndRefusedOneSecondLater() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        try fixture.publishExpiring([checkout], by: [Self.key], expires: Self.expires)

        // One second past expires + 3600 s: refused, nothing written at all.
        await service(fixture, clock: Self.week + 3601).start()
        let refused = try #require(fixture.reports.last)
        #expect(refused.manifest == .failed)
        #expect(refused.errorCode == .expired)
        #expect(refused.error == "index.dsse.json expired at 2026-12-08T00:00:00Z: the device clock 2026-12-08T01:00:01Z is later by more than 3600 s (publishedAtToleranceSeconds); nothing was installed. The host is serving no fresher signed index: it may be withholding newer publishes (a freeze), or the scheduled re-signing stopped")
        #expect(refused.lastFreshAt == nil && refused.secondsSinceFresh == nil)
        #expect(fixture.tree() == [])

        // Exactly expires + 3600 s: admitted and installed.
        await service(fixture, clock: Self.week + 3600).start()
        let admitted = try #require(fixture.reports.last)
        #expect(admitted.manifest == .updated && admitted.stateSaved)
        #expect(fixture.exists("1.0/modules/Checkout/\(checkout.sha256)/en.lproj/Localizable.strings"))
        #expect(fixture.stateObject?["expires"] as? String == Self.expires)
    }

    @Test func aLaterServerDateMakesTheCheckStricter() async throws {
        let fixture = try SyncFixture()
        try fixture.publishExpiring([try SyncFixture.module("Checkout")], by: [Self.key], expires: Self.expires)
        let body = fixture.transport.body(Self.envelopeURL)
        // The device clock is a day before the expiry (behind); the server's Date is 2026-12-08T01:00:01Z.
        fixture.transport.set(Self.envelopeURL, .raw(HTTPResponse(
            statusCode: 200, headers: ["Date": "Tue, 08 Dec 2026 01:00:01 GMT"], body: body)))
        await service(fixture, clock: Self.week - 86_400).start()
        let report = try #require(fixture.reports.last)
        #expect(report.errorCode == .expired)
        #expect(report.error?.hasPrefix("index.dsse.json expired at 2026-12-08T00:00:00Z: the server's Date 2026-12-08T01:00:01Z is later by more than 3600 s") == true)
        #expect(fixture.tree() == [])
    }

    @Test func anOldServerDateNeverMakesAnExpiredIndexFresh() async throws {
        let fixture = try SyncFixture()
        try fixture.publishExpiring([try SyncFixture.module("Checkout")], by: [Self.key], expires: Self.expires)
        let body = fixture.transport.body(Self.envelopeURL)
        // A freezing host answers with a Date from the publish's week; the device clock is past the expiry.
        fixture.transport.set(Self.envelopeURL, .raw(HTTPResponse(
            statusCode: 200, headers: ["Date": "Wed, 02 Dec 2026 00:00:00 GMT"], body: body)))
        await service(fixture, clock: Self.week + 3601).start()
        let report = try #require(fixture.reports.last)
        #expect(report.errorCode == .expired)
        #expect(report.error?.hasPrefix("index.dsse.json expired at 2026-12-08T00:00:00Z: the device clock 2026-12-08T01:00:01Z") == true)
        #expect(fixture.tree() == [])
    }

    @Test func aNotModifiedAnswerForAnExpiredStoredIndexIsReportedAndChangesNothing() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        try fixture.publishExpiring([checkout], by: [Self.key], expires: Self.expires)
        await service(fixture, clock: 86_400).start()
        #expect(fixture.reports.last?.stateSaved == true)
        #expect(fixture.reports.last?.lastFreshAt == Date(timeIntervalSince1970: Self.epoch + 86_400))
        #expect(fixture.reports.last?.secondsSinceFresh == 0)
        let before = fixture.snapshot()

        // The host keeps answering 304 for the stored ETag after the expiry: the device says so on every cycle.
        fixture.transport.clearLog()
        await service(fixture, clock: Self.week + 3601).start()
        let report = try #require(fixture.reports.last)
        #expect(fixture.transport.requestedURLs == [Self.envelopeURL])
        #expect(report.manifest == .failed && report.errorCode == .expired)
        #expect(report.error == "the index this device holds (the host answered 304, not modified) expired at 2026-12-08T00:00:00Z: the device clock 2026-12-08T01:00:01Z is later by more than 3600 s (publishedAtToleranceSeconds); nothing was installed. The host is serving no fresher signed index: it may be withholding newer publishes (a freeze), or the scheduled re-signing stopped")
        // lastFreshAt stays at the install, a day after the epoch: 6 days, 1 hour and 1 second ago.
        #expect(report.lastFreshAt == Date(timeIntervalSince1970: Self.epoch + 86_400))
        #expect(report.secondsSinceFresh == 6 * 86_400 + 3601)
        #expect(report.jsonText().contains("\"stateSaved\":false,\"lastFreshAt\":\"2026-12-02T00:00:00Z\",\"secondsSinceFresh\":522001,"))
        #expect(fixture.snapshot() == before)
    }

    @Test func aReSignedIndexWithTheSamePublishedAtIsTakenWithoutDownloadingAnythingElse() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        try fixture.publishExpiring([checkout], by: [Self.key], expires: Self.expires)
        await service(fixture, clock: 86_400).start()
        let basePart = try fixture.basePartURL()

        // The scheduled job re-signs: same publishedAt and parts, expires a week later.
        try fixture.publishExpiring([checkout], by: [Self.key], expires: "2026-12-15T00:00:00Z")
        #expect(try fixture.basePartURL() == basePart)
        fixture.transport.clearLog()
        await service(fixture, clock: Self.week + 3601).start()
        let report = try #require(fixture.reports.last)
        #expect(report.manifest == .updated && report.stateSaved && report.errorCode == nil)
        #expect(report.modules.map(\.outcome) == [.skipped])
        #expect(fixture.transport.requestedURLs == [Self.envelopeURL])
        #expect(fixture.stateObject?["expires"] as? String == "2026-12-15T00:00:00Z")
        #expect(fixture.stateObject?["publishedAt"] as? String == "2026-12-01T00:00:00Z")
        #expect(report.lastFreshAt == Date(timeIntervalSince1970: Self.epoch + Self.week + 3601))
        #expect(report.secondsSinceFresh == 0)

        // And the earlier signing, replayed after its expiry, is refused: the device keeps the re-signed state.
        try fixture.publishExpiring([checkout], by: [Self.key], expires: Self.expires)
        await service(fixture, clock: Self.week + 7200).start()
        #expect(fixture.reports.last?.errorCode == .expired)
        #expect(fixture.stateObject?["expires"] as? String == "2026-12-15T00:00:00Z")
    }

    @Test func theFreshnessRecordIsWrittenAtMostOnceAMinuteAndReportsTheLatestFreshCycle() async throws {
        let fixture = try SyncFixture()
        try fixture.publishExpiring([try SyncFixture.module("Checkout")], by: [Self.key], expires: Self.expires)
        let clock = ClockBox(Self.epoch)
        let service = fixture.makeService(deviceClock: { clock.now }, trustedKeys: [Self.key.publicKey])
        await service.start()
        let record = #"{"formatVersion":1,"appVersion":"1.0","lastFreshAt":{"production":"2026-12-01T00:00:00Z"}}"# + "\n"
        #expect(fixture.read(".ota-freshness.json") == Data(record.utf8))

        // A 304 59 s later: fresh, reported, but the record is not rewritten.
        clock.set(Self.epoch + 59)
        await service.start()
        #expect(fixture.reports.last?.manifest == .notModified)
        #expect(fixture.reports.last?.lastFreshAt == Date(timeIntervalSince1970: Self.epoch + 59))
        #expect(fixture.read(".ota-freshness.json") == Data(record.utf8))

        // 60 s after the recorded time: rewritten.
        clock.set(Self.epoch + 60)
        await service.start()
        let rewritten = #"{"formatVersion":1,"appVersion":"1.0","lastFreshAt":{"production":"2026-12-01T00:01:00Z"}}"# + "\n"
        #expect(fixture.read(".ota-freshness.json") == Data(rewritten.utf8))

        // The QA snapshot (and status --json) shows the recorded time beside the channel's anti-rollback mark.
        let diagnostics = await service.diagnostics()
        #expect(diagnostics.antiRollback.map(\.lastFreshAt) == ["2026-12-01T00:01:00Z"])
        #expect(diagnostics.exportJSON().contains(
            #""antiRollback":[{"channel":"production","newestPublishedAt":"2026-12-01T00:00:00Z","pulledThrough":null,"lastFreshAt":"2026-12-01T00:01:00Z"}]"#))

        // The kill switch deletes it with the bundles; the next fresh cycle (of a newer publish: the pulled one is
        // stale), a second later, writes it again at once.
        await service.deleteAllBundles()
        #expect(!fixture.exists(".ota-freshness.json"))
        try fixture.publishExpiring(
            [try SyncFixture.module("Checkout", version: 2)], by: [Self.key], publishedAt: "2026-12-01T00:00:30Z", expires: Self.expires)
        clock.set(Self.epoch + 61)
        await service.start()
        #expect(fixture.reports.last?.manifest == .updated)
        let again = #"{"formatVersion":1,"appVersion":"1.0","lastFreshAt":{"production":"2026-12-01T00:01:01Z"}}"# + "\n"
        #expect(fixture.read(".ota-freshness.json") == Data(again.utf8))
    }

    @Test func withoutTrustedKeysNothingIsRecordedOrReported() async throws {
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Checkout")])
        await fixture.makeService().start()
        let report = try #require(fixture.reports.last)
        #expect(report.manifest == .updated && report.lastFreshAt == nil && report.secondsSinceFresh == nil)
        #expect(!fixture.exists(".ota-freshness.json"))
    }
}

/// A device clock a test moves.
final class ClockBox: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds: TimeInterval
    init(_ seconds: TimeInterval) { self.seconds = seconds }
    var now: Date { lock.withLock { Date(timeIntervalSince1970: seconds) } }
    func set(_ value: TimeInterval) { lock.withLock { seconds = value } }
}
