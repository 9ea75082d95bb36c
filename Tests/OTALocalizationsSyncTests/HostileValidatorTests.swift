import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTATestSupport
import Testing
@testable import OTALocalizationsSync

/// The `ETag` is not signed: a host or proxy may send anything. Only a well-formed entity-tag is kept and sent back
/// (RFC 9110, section 8.8.3), and a host that refuses a conditional request is asked again without it, so one hostile
/// response can never freeze a device on what it has.
@Suite struct HostileValidatorTests {
    static func modules() throws -> [SlicedModule] {
        try ["Checkout"].map { try SlicedModule.make($0, ["en": "Hello", "fr": "Bonjour"]) }
    }

    static let french = OTALocalizationSelection(preferredLanguages: ["fr"])
    static let hostileETags = ["*", "\"a\", \"b\"", String(repeating: "A", count: 20_000), "unquoted", "\"a b\"",
                               "\"" + String(repeating: "A", count: 300) + "\""]

    @Test(arguments: 0..<hostileETags.count)
    func aMalformedETagIsNotKeptSoTheNextPublishIsSeen(_ index: Int) async throws {
        let etag = Self.hostileETags[index]
        // Given: the genuine index, served once with a hostile ETag.
        let fixture = try SyncFixture()
        try fixture.publishIndexed(try Self.modules())
        let root = SyncFixture.url("1.0", "index.json")
        let body = try #require(fixture.transport.withRoutes { routes -> Data? in
            if case .file(let data, _)? = routes[root] { return data }
            return nil
        })
        fixture.transport.set(root, .file(body, etag: etag))
        await fixture.makeService(selection: Self.french).start()
        #expect(fixture.reports.last?.stateSaved == true)
        #expect(fixture.stateObject?["etag"] is NSNull, "\(String(describing: fixture.stateObject?["etag"]))")

        // When: a newer publish is served as a host would.
        try fixture.publishIndexed(try ["Checkout"].map { try SlicedModule.make($0, ["en": "Hello", "fr": "Salut"]) },
                                   publishedAt: "2026-07-25T10:00:00Z")
        fixture.transport.clearLog()
        await fixture.makeService(selection: Self.french).start()

        // Then: the request carried no validator, and the new text was installed.
        #expect(fixture.transport.requests.first?.headers["If-None-Match"] == nil)
        #expect(fixture.reports.last?.manifest == .updated && fixture.reports.last?.updated == 1)
    }

    @Test func aWeakETagIsKeptAndSentBack() async throws {
        let fixture = try SyncFixture()
        try fixture.publishIndexed(try Self.modules())
        let root = SyncFixture.url("1.0", "index.json")
        let body = try #require(fixture.transport.withRoutes { routes -> Data? in
            if case .file(let data, _)? = routes[root] { return data }
            return nil
        })
        fixture.transport.set(root, .file(body, etag: "W/\"6a18-560\""))
        await fixture.makeService(selection: Self.french).start()
        fixture.transport.clearLog()
        await fixture.makeService(selection: Self.french).start()
        #expect(fixture.transport.requests.map { $0.headers["If-None-Match"] } == ["W/\"6a18-560\""])
        #expect(fixture.reports.last?.manifest == .notModified)
    }

    @Test(arguments: [400, 412, 431])
    func aHostThatRefusesTheValidatorIsAskedAgainWithoutIt(_ status: Int) async throws {
        // Given: a device with a stored ETag, then a host that answers every conditional request with `status`.
        let fixture = try SyncFixture()
        try fixture.publishIndexed(try Self.modules())
        await fixture.makeService(selection: Self.french).start()
        try fixture.publishIndexed(try ["Checkout"].map { try SlicedModule.make($0, ["en": "Hello", "fr": "Salut"]) },
                                   publishedAt: "2026-07-25T10:00:00Z")
        let root = SyncFixture.url("1.0", "index.json")
        let newRoute = try #require(fixture.transport.withRoutes { $0[root] })
        fixture.transport.set(root, .refusingConditional(status, then: newRoute))
        fixture.transport.clearLog()

        // When: the next cycle runs.
        await fixture.makeService(selection: Self.french).start()

        // Then: the root was asked for twice, the second time without If-None-Match, and the new text installed.
        let roots = fixture.transport.requests.filter { $0.url == root }
        #expect(roots.count == 2 && roots[0].headers["If-None-Match"] != nil && roots[1].headers["If-None-Match"] == nil)
        #expect(fixture.reports.last?.manifest == .updated && fixture.reports.last?.updated == 1, "\(fixture.reports.last?.jsonText() ?? "")")
    }

    @Test func theEntityTagRuleIsRFC9110s() {
        for good in ["\"\"", "\"abc\"", "W/\"abc\"", "\"6a18a509-560\"", "\"!#$%&'()*+,-./~\""] {
            #expect(EntityTag.validated(good) == good, "\(good)")
        }
        for bad in [nil, "", "*", "abc", "\"abc", "abc\"", "w/\"abc\"", "\"a\"b\"", "\"a\", \"b\"", "\"tab\there\"", "\"é\"",
                    "\"" + String(repeating: "a", count: 255) + "\""] {
            #expect(EntityTag.validated(bad) == nil, "\(String(describing: bad))")
        }
    }
}
