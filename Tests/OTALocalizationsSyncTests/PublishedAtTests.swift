import Foundation
import OTALocalizationsCore
import Testing
@testable import OTALocalizationsSync

/// `publishedAt` against the clock and against what is installed: no publish can freeze devices, fractions count,
/// and a stale edge cannot roll back a module installed by a partly failed cycle.
@Suite struct PublishedAtTests {
    /// A fixed device clock: 2026-12-01T00:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_796_083_200)
    static let clock: @Sendable () -> Date = { now }

    @Test func aManifestFromTheFarFutureIsRefusedAgainstTheDeviceClock() async throws {
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Checkout")], publishedAt: "9999-12-31T23:59:59Z")
        await fixture.makeService(deviceClock: Self.clock).start()
        #expect(fixture.reports.last == Report(
            manifest: .failed,
            error: "manifest publishedAt 9999-12-31T23:59:59Z is later than the device clock 2026-12-01T00:00:00Z by more than 3600 s (publishedAtToleranceSeconds); ignored",
            errorCode: .manifest))
        #expect(fixture.tree() == [])
    }

    @Test func theServersDateHeaderIsTheReferenceWhenThereIsOne() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        fixture.publish([checkout], publishedAt: "2026-12-01T01:30:00Z")
        let manifest = fixture.transport.body(SyncFixture.url("1.0", "index.json"))
        // The server says 00:00, the device clock 12:00 (it runs ahead): 01:30 is more than an hour after the server.
        let late: @Sendable () -> Date = { Self.now.addingTimeInterval(12 * 3600) }
        fixture.transport.set(SyncFixture.url("1.0", "index.json"), .raw(HTTPResponse(
            statusCode: 200, headers: ["Date": "Tue, 01 Dec 2026 00:00:00 GMT"], body: manifest)))
        await fixture.makeService(deviceClock: late).start()
        #expect(fixture.reports.last?.error == "manifest publishedAt 2026-12-01T01:30:00Z is later than the server's Date 2026-12-01T00:00:00Z by more than 3600 s (publishedAtToleranceSeconds); ignored")

        // Within the tolerance of the server's clock it is accepted, whatever the device clock says.
        fixture.transport.set(SyncFixture.url("1.0", "index.json"), .raw(HTTPResponse(
            statusCode: 200, headers: ["Date": "Tue, 01 Dec 2026 01:00:00 GMT"], body: manifest)))
        await fixture.makeService(deviceClock: Self.clock).start()
        #expect(fixture.reports.last?.modules.map(\.outcome) == [.updated])
    }

    @Test func anInstalledStateFromTheFutureNeverMakesLaterPublishesStale() async throws {
        // Given: a device that installed a manifest dated 9999 (its clock then said so), modules A and B.
        let fixture = try SyncFixture()
        let a = try SyncFixture.module("A")
        let b = try SyncFixture.module("B")
        fixture.publish([a, b], publishedAt: "9999-01-01T00:00:00Z")
        await fixture.makeService(deviceClock: { Date(timeIntervalSince1970: 253_370_764_800) }).start()
        #expect(fixture.reports.last?.stateSaved == true)

        // When: the clock is right again and a real publish removes B.
        fixture.publish([a], publishedAt: "2026-11-30T00:00:00Z")
        await fixture.makeService(deviceClock: Self.clock).start()

        // Then: it is not stale; B is removed (the remote rollback works).
        let report = try #require(fixture.reports.last)
        #expect(report.manifest == .updated)
        #expect(report.modules.map(\.outcome) == [.skipped, .removed])
        #expect(report.stateSaved)
        // And an older publish than that one is stale again.
        fixture.publish([a, b], publishedAt: "2026-11-29T00:00:00Z")
        await fixture.makeService(deviceClock: Self.clock).start()
        #expect(fixture.reports.last?.manifest == .stale)
    }

    @Test func fractionalSecondsAreKeptInTheStateAndCompared() async throws {
        let fixture = try SyncFixture()
        let v2 = try SyncFixture.module("Checkout", version: 2)
        fixture.publish([v2], publishedAt: "2026-07-24T10:00:00.900Z")
        await fixture.makeService().start()
        let state = String(decoding: try #require(fixture.read("1.0/state.json")), as: UTF8.self)
        #expect(state.contains("\"publishedAt\":\"2026-07-24T10:00:00.900Z\""), "\(state)")

        // An older manifest from the same second.
        fixture.publish([try SyncFixture.module("Checkout", version: 1)], publishedAt: "2026-07-24T10:00:00.100Z")
        await fixture.makeService().start()
        #expect(fixture.reports.last == Report(
            manifest: .stale,
            error: "manifest publishedAt 2026-07-24T10:00:00.100Z is older than the installed 2026-07-24T10:00:00.900Z"))
        #expect(fixture.read("1.0/modules/Checkout/current") == Data((v2.sha256 + "\n").utf8))
    }

    @Test func aStaleEdgeThatKeepsTheDateItCachedTheOldManifestWithCannotRollBack() async throws {
        // Given: v2, published at 23:50, installed from the origin (Date 23:55, the device clock 00:00).
        let fixture = try SyncFixture()
        let v1 = try SyncFixture.module("Checkout", version: 1)
        let v2 = try SyncFixture.module("Checkout", version: 2)
        fixture.publish([v1], publishedAt: "2026-11-30T20:00:00Z")
        let v1Manifest = fixture.transport.body(SyncFixture.url("1.0", "index.json"))
        fixture.publish([v2], publishedAt: "2026-11-30T23:50:00Z")
        let v2Manifest = fixture.transport.body(SyncFixture.url("1.0", "index.json"))
        fixture.transport.set(SyncFixture.url("1.0", "index.json"), .raw(HTTPResponse(
            statusCode: 200, headers: ["Date": "Mon, 30 Nov 2026 23:55:00 GMT"], body: v2Manifest)))
        await fixture.makeService(deviceClock: Self.clock).start()
        #expect(fixture.reports.last?.stateSaved == true)

        // When: an edge that cached v1 at 20:05 serves it again with that Date, as a cache does (RFC 9111 section 4).
        fixture.transport.set(SyncFixture.url("1.0", "index.json"), .raw(HTTPResponse(
            statusCode: 200, headers: ["Date": "Mon, 30 Nov 2026 20:05:00 GMT", "Age": "14100"], body: v1Manifest)))
        await fixture.makeService(deviceClock: Self.clock).start()

        // Then: it is stale; v2 stays, and so does the anti-rollback mark.
        #expect(fixture.reports.last == Report(
            manifest: .stale,
            error: "manifest publishedAt 2026-11-30T20:00:00Z is older than the installed 2026-11-30T23:50:00Z"))
        #expect(fixture.read("1.0/modules/Checkout/current") == Data((v2.sha256 + "\n").utf8))
        let mark = String(decoding: try #require(fixture.read(SyncFixture.antiRollbackFileName)), as: UTF8.self)
        #expect(mark == "{\"formatVersion\":1,\"appVersion\":\"1.0\",\"newestPublishedAt\":{\"production\":\"2026-11-30T23:50:00Z\"}}\n")
    }

    @Test func aStaleEdgeCannotRollBackAModuleAPartlyFailedCycleInstalled() async throws {
        // Given: v1 of A and B installed; v2 installs A but B's ZIP fails, so the state stays at v1.
        let fixture = try SyncFixture()
        let a1 = try SyncFixture.module("A", version: 1)
        let b1 = try SyncFixture.module("B", version: 1)
        fixture.publish([a1, b1], publishedAt: "2026-07-24T10:00:00Z")
        let v1Manifest = fixture.transport.body(SyncFixture.url("1.0", "index.json"))
        await fixture.makeService().start()
        let a2 = try SyncFixture.module("A", version: 2)
        let b2 = try SyncFixture.module("B", version: 2)
        fixture.publish([a2, b2], publishedAt: "2026-07-25T10:00:00Z")
        fixture.transport.set(SyncFixture.url("1.0", b2.path), .status(500))
        await fixture.makeService().start()
        #expect(fixture.reports.last?.modules.map(\.outcome) == [.updated, .failed])
        #expect(fixture.reports.last?.stateSaved == false)

        // When: a stale CDN edge serves the v1 manifest again.
        fixture.transport.set(SyncFixture.url("1.0", "index.json"), .raw(HTTPResponse(statusCode: 200, body: v1Manifest)))
        await fixture.makeService().start()

        // Then: it is stale (v2 is the newest manifest a module was installed from); A stays at v2.
        #expect(fixture.reports.last == Report(
            manifest: .stale,
            error: "manifest publishedAt 2026-07-24T10:00:00Z is older than the installed 2026-07-25T10:00:00Z"))
        #expect(fixture.read("1.0/modules/A/current") == Data((a2.sha256 + "\n").utf8))
        let mark = String(decoding: try #require(fixture.read(SyncFixture.antiRollbackFileName)), as: UTF8.self)
        #expect(mark == "{\"formatVersion\":1,\"appVersion\":\"1.0\",\"newestPublishedAt\":{\"production\":\"2026-07-25T10:00:00Z\"}}\n")
    }
}

/// The `Date` header's three forms (RFC 9110 section 5.6.7).
@Suite struct HTTPDateTests {
    @Test func theThreeFormsOfRFC9110AreRead() {
        let expected = ManifestDate.parseTimestamp("1994-11-06T08:49:37Z")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == expected)
    }

    @Test func anythingElseIsNoDate() {
        for bad in ["", "yesterday", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 31 Feb 1994 08:49:37 GMT",
                    "Sun, 06 Nov 1994 8:49:37 GMT", "2026-12-01T00:00:00Z"] {
            #expect(HTTPDate.parse(bad) == nil, "\(bad)")
        }
    }
}
