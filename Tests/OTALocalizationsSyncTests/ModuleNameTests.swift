import Foundation
@testable import OTALocalizations
import OTATestSupport
import Testing
@testable import OTALocalizationsSync

/// Module names on case-insensitive, normalizing volumes (APFS's default): names that would share a folder are
/// refused, and every name maps to one folder whose name has no other case or normalization.
@Suite struct ModuleNameTests {
    @Test func namesCollidingIgnoringCaseFailBothAndLeaveTheInstalledModuleAsItIs() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        fixture.publish([checkout])
        await fixture.makeService().start()
        let lower = try SyncFixture.module("checkout", version: 2)
        fixture.publish([checkout, lower], publishedAt: "2026-07-25T10:00:00Z")
        fixture.transport.clearLog()

        await fixture.makeService().start()

        let report = try #require(fixture.reports.last)
        #expect(report.modules.map(\.name) == ["Checkout", "checkout"])
        #expect(report.modules.allSatisfy { $0.outcome == .failed && $0.code == .manifest })
        #expect(report.modules.first?.reason == "module name collides with \"checkout\" when case and Unicode normalization are ignored (as Apple file systems do by default)")
        #expect(!fixture.transport.requestedURLs.contains { $0.hasSuffix(".zip") })
        #expect(fixture.read("1.0/modules/Checkout/current") == Data((checkout.sha256 + "\n").utf8), "a rejected entry still counts as listed")
    }

    @Test func aCaseOnlyRenameMovesTheModuleToItsOwnFolderInOneCycleAndStaysThere() async throws {
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Checkout")])
        await fixture.makeService().start()
        let renamed = try SyncFixture.module("checkout", version: 2)
        fixture.publish([renamed], publishedAt: "2026-07-25T10:00:00Z")

        await fixture.makeService().start()
        await fixture.makeService().start()
        await fixture.makeService().start()

        #expect(fixture.reports.all.dropFirst().map(\.manifest) == [.updated, .notModified, .notModified])
        #expect(fixture.reports.all[1].modules.map { "\($0.name) \($0.outcome)" } == ["checkout updated", "Checkout removed"])
        #expect(DurableFilesProbe.children(fixture.root.appendingPathComponent("1.0/modules")) == ["checkout"])
        let folders = Set(DurableFilesProbe.children(fixture.root.appendingPathComponent("1.0/modules")).map { $0.lowercased() })
        #expect(folders.count == 1)
    }

    @Test func aNameOfAnyCharactersInstallsUnderItsStorageNameAndTheReadSideFindsIt() async throws {
        let fixture = try SyncFixture()
        let name = "Caf\u{E9} & Co. \u{1F600}"
        let module = try SyncFixture.module(name, path: "Cafe.zip")
        fixture.publish([module])
        await fixture.makeService().start()
        #expect(fixture.reports.last?.modules.first?.outcome == .updated)
        #expect(DurableFilesProbe.children(fixture.root.appendingPathComponent("1.0/modules")) == [InstalledLayout.storageName(name)])
        let layout = OTAStorageLayout(storageRoot: fixture.root, appVersion: "1.0")
        let folder = try #require(layout.activeInstallFolder(module: "Cafe\u{301} & Co. \u{1F600}"))
        #expect(folder.lastPathComponent == module.sha256)
        #expect(BundleDiskLoader.isReadableBundleFolder(folder))
    }

    @Test func aNameTooLongForAFolderFailsOnlyThatModule() async throws {
        let fixture = try SyncFixture()
        let long = try SyncFixture.module(String(repeating: "Z", count: 90), path: "Long.zip")
        let checkout = try SyncFixture.module("Checkout")
        fixture.publish([long, checkout])
        await fixture.makeService().start()
        let report = try #require(fixture.reports.last)
        #expect(report.modules.first?.code == .manifest)
        #expect(report.modules.first?.reason == "module name is longer than 255 bytes as a folder name")
        #expect(report.modules.last?.outcome == .updated)
    }
}
