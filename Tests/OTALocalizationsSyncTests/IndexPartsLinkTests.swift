import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizationsSync

/// A symbolic link planted where the device caches the published index's parts (`<appVersion>/index-parts`) never
/// makes a cycle delete anything outside the storage root, even when the folder it names holds the very parts the
/// cycle needs (so no download moves the link aside first).
@Suite struct IndexPartsLinkTests {
    @Test func aCycleThatCollectsCachedPartsDeletesNothingTheLinkNames() async throws {
        let fixture = try SyncFixture()
        try fixture.publishIndexed(try PublishedIndexSyncTests.modules())
        await fixture.makeService(selection: PublishedIndexSyncTests.german).start()
        #expect(fixture.reports.last?.stateSaved == true)
        let victim = try SymbolicLinkTests.makeVictim(fixture)
        defer { try? FileManager.default.removeItem(at: victim) }
        let parts = fixture.url("1.0/index-parts")
        for name in try FileManager.default.contentsOfDirectory(atPath: parts.path) {
            try FileManager.default.copyItem(at: parts.appendingPathComponent(name), to: victim.appendingPathComponent(name))
        }
        try SymbolicLinkTests.replaceWithLink(parts, to: victim)
        // Without the stored state the root is fetched again (200), its parts are read and, once the cycle is saved,
        // the parts it no longer names are collected.
        try FileManager.default.removeItem(at: fixture.url("1.0/state.json"))

        await fixture.makeService(selection: PublishedIndexSyncTests.german).start()

        let report = try #require(fixture.reports.last)
        #expect(report.manifest == .updated && report.stateSaved, "\(report.jsonText())")
        #expect(SymbolicLinkTests.victimFiles(victim) == ["precious.txt", "sub/deep.txt", "current"])
        #expect(!DurableFiles.exists(parts) || DurableFiles.isDirectory(parts), "the link itself is moved aside")
    }
}
