import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizationsSync

/// A symbolic link where the layout expects a module's folder never makes a cycle delete anything outside the
/// storage root: the folder a link names belongs to someone else.
@Suite struct SymbolicLinkTests {
    /// A folder outside the storage root with a file, a subfolder and a file named `current`.
    static func makeVictim(_ fixture: SyncFixture) throws -> URL {
        let victim = fixture.root.deletingLastPathComponent()
            .appendingPathComponent("ota-victim-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: victim.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for name in ["precious.txt", "sub/deep.txt", "current"] {
            try Data("keep \(name)\n".utf8).write(to: victim.appendingPathComponent(name))
        }
        return victim
    }

    static func victimFiles(_ victim: URL) -> [String] {
        ["precious.txt", "sub/deep.txt", "current"].filter {
            FileManager.default.fileExists(atPath: victim.appendingPathComponent($0).path)
        }
    }

    static func replaceWithLink(_ url: URL, to target: URL) throws {
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createSymbolicLink(at: url, withDestinationURL: target)
    }

    @Test func aListedModuleWhoseFolderIsALinkAndWhoseDownloadFailsDeletesNothingOutside() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        let profile = try SyncFixture.module("Profile")
        fixture.publish([checkout, profile])
        await fixture.makeService().start()
        let victim = try Self.makeVictim(fixture)
        defer { try? FileManager.default.removeItem(at: victim) }
        try Self.replaceWithLink(fixture.url("1.0/modules/Checkout"), to: victim)
        // The module is not reinstalled this cycle (its ZIP fails), so the link is still there when the cycle
        // collects superseded folders.
        fixture.transport.set(SyncFixture.url("1.0", URLEncoding.component(checkout.path)), .status(404))
        try FileManager.default.removeItem(at: fixture.url("1.0/state.json"))

        await fixture.makeService().start()

        #expect(fixture.reports.last?.modules.map(\.outcome) == [.failed, .skipped])
        #expect(Self.victimFiles(victim) == ["precious.txt", "sub/deep.txt", "current"])
    }

    @Test func anUnlistedModuleWhoseFolderIsALinkDeletesNothingOutside() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        fixture.publish([checkout])
        await fixture.makeService().start()
        let victim = try Self.makeVictim(fixture)
        defer { try? FileManager.default.removeItem(at: victim) }
        try FileManager.default.createSymbolicLink(at: fixture.url("1.0/modules/Gone"), withDestinationURL: victim)
        try FileManager.default.removeItem(at: fixture.url("1.0/state.json"))

        await fixture.makeService().start()

        #expect(fixture.reports.last?.failed == 0)
        #expect(Self.victimFiles(victim) == ["precious.txt", "sub/deep.txt", "current"])
        #expect(!DurableFiles.exists(fixture.url("1.0/modules/Gone")), "the link itself is moved aside")
    }
}
