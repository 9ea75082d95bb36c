import Foundation
import OTALocalizations
import OTATestSupport
import Testing
@testable import OTALocalizationsSync

/// Damage behind the service's back is detected by the next cycle and healed; a folder loaded by this process is
/// never rewritten, so the reinstall goes to a new folder name.
@Suite struct HealingTests {
    typealias Damage = (name: String, apply: @Sendable (URL) throws -> Void)

    /// Ways to damage an installed folder (its URL given): every one must be noticed by the full check.
    static let damages: [Damage] = [
        ("Info.plist deleted", { try FileManager.default.removeItem(at: $0.appendingPathComponent("Info.plist")) }),
        ("Info.plist truncated", { try truncate($0.appendingPathComponent("Info.plist")) }),
        ("table deleted", { try FileManager.default.removeItem(at: $0.appendingPathComponent("fr.lproj/Localizable.strings")) }),
        ("table truncated", { try truncate($0.appendingPathComponent("en.lproj/Localizable.strings")) }),
        ("table changed, same size", { try flipLastByte($0.appendingPathComponent("en.lproj/Localizable.strings")) }),
        ("a whole .lproj deleted", { try FileManager.default.removeItem(at: $0.appendingPathComponent("fr.lproj")) }),
        ("a table added at the root", { try Data("\"x\" = \"y\";\n".utf8).write(to: $0.appendingPathComponent("Localizable.strings")) }),
        ("a table added to an .lproj", { try Data("\"x\" = \"y\";\n".utf8).write(to: $0.appendingPathComponent("fr.lproj/Extra.strings")) }),
        ("the seal deleted", { try FileManager.default.removeItem(at: $0.appendingPathComponent(".ota-seal")) }),
        ("a table swapped by a rename, same size, times copied", { try swapTable($0) }),
        ("a table replaced by a symbolic link", { folder in
            let table = folder.appendingPathComponent("en.lproj/Localizable.strings")
            let copy = folder.deletingLastPathComponent().appendingPathComponent("elsewhere.strings")
            try FileManager.default.copyItem(at: table, to: copy)
            try FileManager.default.removeItem(at: table)
            try FileManager.default.createSymbolicLink(at: table, withDestinationURL: copy)
        }),
    ]

    /// Replaces `en.lproj/Localizable.strings` by a rename with a file of the same size and the same times, one byte
    /// changed: nothing in the install folder's own `lstat` moves.
    static func swapTable(_ folder: URL) throws {
        let table = folder.appendingPathComponent("en.lproj/Localizable.strings")
        var data = try Data(contentsOf: table)
        data[data.count - 2] ^= 0x01
        let swapped = folder.appendingPathComponent("en.lproj/.swap")
        try data.write(to: swapped)
        let times = try FileManager.default.attributesOfItem(atPath: table.path)
        try FileManager.default.setAttributes([.modificationDate: times[.modificationDate] as Any], ofItemAtPath: swapped.path)
        #expect(rename(swapped.path, table.path) == 0)
    }

    /// The cheap check of a `304` compares the `lstat` of the pointer and of the folder only (InstalledFolderChecks):
    /// a table swapped inside an `.lproj` is not seen by a later cycle of the same process, and is by the next process.
    @Test func aTableSwappedInsideAnLprojIsFoundByTheNextProcessNotTheNextCycle() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        fixture.publish([checkout])
        let service = fixture.makeService()
        await service.start()
        await service.start()
        #expect(fixture.reports.last?.manifest == .notModified, "the full check of this process passed")
        try Self.swapTable(fixture.url("1.0/modules/Checkout/\(checkout.sha256)"))

        await service.start()
        #expect(fixture.reports.last?.manifest == .notModified, "the same process's next cycle does not see it")

        await fixture.makeService().start()
        #expect(fixture.reports.last?.manifest == .updated, "the next process's full check does")
        #expect(fixture.reports.last?.modules.map(\.outcome) == [.updated])
    }

    static func truncate(_ file: URL) throws {
        try Data(try Data(contentsOf: file).dropLast(7)).write(to: file)
    }

    static func flipLastByte(_ file: URL) throws {
        var data = try Data(contentsOf: file)
        data[data.count - 2] ^= 0x01
        try data.write(to: file)
    }

    @Test(arguments: 0..<damages.count)
    func aDamagedCurrentFolderIsReinstalledByTheNextProcess(_ index: Int) async throws {
        // Given: a complete install, then damage while no process runs.
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        fixture.publish([checkout])
        await fixture.makeService().start()
        try Self.damages[index].apply(fixture.url("1.0/modules/Checkout/\(checkout.sha256)"))

        // When: the next process launches (the damaged folder is current: loaded-folder protection applies).
        fixture.transport.clearLog()
        await fixture.makeService().start()

        // Then: the 304 is not trusted, the module is downloaded again into a new folder, and it is intact.
        let report = try #require(fixture.reports.last)
        #expect(report.manifest == .updated, "\(Self.damages[index].name)")
        #expect(report.modules.map(\.outcome) == [.updated], "\(Self.damages[index].name)")
        #expect(report.stateSaved)
        #expect(fixture.transport.requestedURLs.last == SyncFixture.url("1.0", checkout.path))
        let copy = checkout.sha256 + ".1"
        #expect(fixture.read("1.0/modules/Checkout/current") == Data((copy + "\n").utf8))
        for (path, data) in checkout.files {
            #expect(fixture.read("1.0/modules/Checkout/\(copy)/\(path)") == data, "\(path)")
        }
        #expect(fixture.read("1.0/modules/Checkout/\(copy)/.ota-seal") == (try InstalledLayout.seal(checkout.files)))

        // And: the process after that trusts it (304, nothing downloaded) and collects the damaged folder.
        fixture.transport.clearLog()
        await fixture.makeService().start()
        #expect(fixture.reports.last?.manifest == .notModified)
        #expect(fixture.transport.requestedURLs == [SyncFixture.url("1.0", "index.json")])
        #expect(!fixture.exists("1.0/modules/Checkout/\(checkout.sha256)"))
    }

    @Test func aFolderLoadedByThisProcessIsNeverRewrittenWhenItIsReinstalled() async throws {
        // Given: the folder was current when this service was created, then it is damaged.
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        fixture.publish([checkout])
        await fixture.makeService().start()
        let service = fixture.makeService()
        let folder = fixture.url("1.0/modules/Checkout/\(checkout.sha256)")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("fr.lproj"))
        let damaged = fixture.snapshot().filter { $0.key.contains("/\(checkout.sha256)/") || $0.key.hasSuffix(checkout.sha256) }

        // When: two cycles in this process reinstall it (the second after damaging the first copy too).
        await service.start()
        try FileManager.default.removeItem(at: fixture.url("1.0/modules/Checkout/\(checkout.sha256).1/fr.lproj"))
        await service.start()

        // Then: each reinstall took a new name; the folders this process loaded or installed stay as they were.
        #expect(fixture.read("1.0/modules/Checkout/current") == Data((checkout.sha256 + ".2\n").utf8))
        #expect(fixture.snapshot().filter { $0.key.contains("/\(checkout.sha256)/") || $0.key.hasSuffix(checkout.sha256) } == damaged)
        #expect(fixture.exists("1.0/modules/Checkout/\(checkout.sha256).1/Info.plist"))
        #expect(fixture.reports.all.suffix(2).map { $0.modules.map(\.outcome) } == [[.updated], [.updated]])
    }

    /// A wrong kind of file where the layout expects a folder or a file; each must heal in one cycle.
    static let wrongKinds: [(path: String, kind: String)] = [
        ("1.0/modules", "a file"),
        ("1.0", "a file"),
        ("1.0/tmp", "a file"),
        ("1.0/modules/Checkout", "a file"),
        ("1.0/modules/Checkout/current", "a folder"),
        ("1.0/state.json", "a folder"),
        (".ota-anti-rollback.json", "a folder"),
        (".ota-localizations-root.json", "a folder"),
    ]

    @Test(arguments: 0..<wrongKinds.count)
    func aWrongKindOfFileIsMovedAsideAndHealed(_ index: Int) async throws {
        let (path, kind) = Self.wrongKinds[index]
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        fixture.publish([checkout])
        await fixture.makeService().start()
        let target = fixture.url(path)
        try FileManager.default.removeItem(at: target)
        if kind == "a file" {
            try Data("not a folder".utf8).write(to: target)
        } else {
            try FileManager.default.createDirectory(at: target.appendingPathComponent("junk"), withIntermediateDirectories: true)
        }

        await fixture.makeService().start()
        await fixture.makeService().start()

        // Then: installed again, and the cycle after the healing one is a plain 304 (so the state reads, its ETag
        // matches and every folder passes the full check) with nothing left over.
        #expect(fixture.read("1.0/modules/Checkout/current") == Data((checkout.sha256 + "\n").utf8), "\(path) as \(kind)")
        #expect(fixture.reports.all.dropFirst().allSatisfy { $0.failed == 0 && $0.error == nil }, "\(path) as \(kind): \(fixture.reports.all.map(\.error))")
        #expect(fixture.reports.last?.manifest == .notModified, "\(path) as \(kind)")
        let top = DurableFilesProbe.children(fixture.root)
        #expect(!top.contains { $0.hasPrefix(".ota-trash-") }, "\(top)")
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: fixture.url("1.0/modules").path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test func trashLeftByAKilledDeleteIsRemovedByTheNextCycle() async throws {
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Checkout")])
        let trash = fixture.root.appendingPathComponent(".ota-trash-left-by-a-kill/modules/X")
        try FileManager.default.createDirectory(at: trash, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: trash.appendingPathComponent("current"))
        await fixture.makeService().start()
        #expect(!DurableFilesProbe.children(fixture.root).contains { $0.hasPrefix(".ota-trash-") })
        #expect(fixture.reports.last?.stateSaved == true)
    }
}
