import Foundation
import OTALocalizationsCore
@testable import OTALocalizationsSync
import OTATestSupport
import Testing

/// What the service sends over the network (docs/integration.md, "App Store"): GETs of the published files only, an
/// `If-None-Match` with the host's own ETag as the only header, and never the install ID.
@Suite struct RequestContentTests {
    @Test func aDeviceInARolloutRequestsOnlyPublishedFilesWithAtMostTheHostsETagAndNeverItsInstallID() async throws {
        // Given: a device in a staged rollout at 100% (its install ID made by its first cycle), Checkout's rollout
        // copy and a stable Profile.
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout", version: 1)
        let copy = try SyncFixture.module("Checkout", version: 2)
        let profile = try SyncFixture.module("Profile", version: 1)
        let newProfile = try SyncFixture.module("Profile", version: 2)
        try fixture.publish(stable: [checkout, profile], rollout: [copy], rolloutID: "copy-1", basisPoints: 10_000)

        // When: a first cycle installs, a second finds the manifest unchanged, a third installs a new Profile.
        await fixture.makeService().start()
        await fixture.makeService().start()
        try fixture.publish(stable: [checkout, newProfile], rollout: [copy], rolloutID: "copy-1", basisPoints: 10_000,
                            publishedAt: "2026-07-25T10:00:00Z")
        await fixture.makeService().start()

        // Then: the three cycles ran as described, and the install ID exists.
        #expect(fixture.reports.all.map(\.manifest) == [.updated, .notModified, .updated])
        let installID = String(decoding: try #require(fixture.read(SyncFixture.installIDFileName)), as: UTF8.self)
            .trimmingCharacters(in: .newlines)
        #expect(installID.count == 32)

        // Every request names the index, one of its parts or a ZIP the parts list, under the app version's folder:
        // index.json, the stable and the rollout's base parts and two ZIPs; index.json (304); index.json (200), the
        // new stable base part and Profile's ZIP: 9.
        let requests = fixture.transport.requests
        let parts = fixture.transport.withRoutes { Set($0.keys.filter { $0.hasSuffix(".json.gz") }) }
        let published = parts.union(["index.json", checkout.path, copy.path, profile.path, newProfile.path].map {
            SyncFixture.url("1.0", URLEncoding.component($0))
        })
        #expect(requests.count == 9, "\(requests.map(\.url))")
        #expect(requests.allSatisfy { published.contains($0.url) }, "\(requests.map(\.url))")
        // The only header is If-None-Match, on manifest requests, carrying an ETag the host sent (ScriptedTransport's
        // "etag-<n>" values).
        for request in requests {
            #expect(Set(request.headers.keys).isSubset(of: ["If-None-Match"]), "\(request)")
            if let etag = request.headers["If-None-Match"] {
                #expect(request.url.hasSuffix("/index.json"), "\(request)")
                #expect(etag.hasPrefix("\"etag-") && etag.hasSuffix("\""), "\(request)")
            }
        }
        #expect(requests.filter { $0.headers["If-None-Match"] != nil }.count == 2)
        // The install ID, in any case, is in no URL and no header value.
        #expect(requests.allSatisfy { request in
            !request.url.lowercased().contains(installID)
                && !request.headers.values.contains { $0.lowercased().contains(installID) }
        })
    }
}
