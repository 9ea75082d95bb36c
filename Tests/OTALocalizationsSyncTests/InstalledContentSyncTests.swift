import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTATestSupport
import Testing
@testable import OTALocalizationsSync

/// `OTALocalizedString.installedContent(for:)` after real cycles (docs/rollouts.md, "Copy experiments and
/// attribution"): the manifest entry's `sha256` on every device, whatever its languages, from slices or the full ZIP,
/// in and out of a rollout; the folder's own hash is `folderSHA256`.
@Suite struct InstalledContentSyncTests {
    private static let german = OTALocalizationSelection(preferredLanguages: ["de"])
    private static let french = OTALocalizationSelection(preferredLanguages: ["fr"])

    /// Stable Checkout v1 and Profile; the rollout's Checkout v2 (another French and German text).
    private struct Content {
        let checkout = try! SlicedModule.make("Checkout", ["en": "Hello", "de": "Hallo", "fr": "Bonjour"])
        let profile = try! SlicedModule.make("Profile", ["en": "Me", "de": "Ich", "fr": "Moi"])
        let checkoutCopy = try! SlicedModule.make("Checkout", ["en": "Hello", "de": "Servus", "fr": "Salut"])
    }

    private func installed(_ fixture: SyncFixture, _ module: String) -> OTALocalizedString.InstalledContent? {
        OTALocalizedString.installedContent(for: module, storageRoot: fixture.root, appVersion: "1.0")
    }

    private func device(_ installID: String, _ serve: (SyncFixture) throws -> Void) throws -> SyncFixture {
        let fixture = try SyncFixture()
        try fixture.setInstallID(installID)
        try serve(fixture)
        return fixture
    }

    @Test func devicesOfEveryLanguageSetAndBothSidesOfARolloutGetTheEntrysSHA256() async throws {
        let content = Content()
        func serve(_ fixture: SyncFixture) throws {
            try fixture.publishIndexed([content.checkout, content.profile], rollout: [content.checkoutCopy],
                                       rolloutID: "copy-1", basisPoints: 1000)
        }
        // Given: German and French devices inside the 10% (bucket 999) and outside (bucket 1000), and one device that
        // installs full ZIPs (every localization).
        let cases: [(installID: String, selection: OTALocalizationSelection, inRollout: Bool)] = [
            (KnownDevice.copy1.b999, Self.german, true), (KnownDevice.copy1.b999, Self.french, true),
            (KnownDevice.copy1.b1000, Self.german, false), (KnownDevice.copy1.b1000, Self.french, false),
            (KnownDevice.copy1.b999, .everyLocalization, true), (KnownDevice.copy1.b1000, .everyLocalization, false),
        ]
        var folders: Set<String> = []
        for (installID, selection, inRollout) in cases {
            let fixture = try device(installID, serve)
            // When: one cycle.
            await fixture.makeService(selection: selection).start()
            #expect(fixture.reports.last?.failed == 0 && fixture.reports.last?.rollout?.includesThisDevice == inRollout)

            // Then: the entry's sha256 and the rollout, the same for every language set; the folder's own hash apart.
            let checkout = try #require(installed(fixture, "Checkout"))
            let expected = inRollout ? content.checkoutCopy.full.sha256 : content.checkout.full.sha256
            #expect(checkout.sha256 == expected && checkout.rolloutID == (inRollout ? "copy-1" : nil), "\(selection) \(inRollout)")
            #expect(installed(fixture, "Profile")?.sha256 == content.profile.full.sha256 && installed(fixture, "Profile")?.rolloutID == nil)
            let everyLocalization = selection == .everyLocalization
            #expect((checkout.folderSHA256 == checkout.sha256) == everyLocalization, "\(selection): \(checkout.folderSHA256)")
            #expect((fixture.read("1.0/modules/Checkout/published") == nil) == everyLocalization)
            folders.insert(checkout.folderSHA256)
        }
        // Six devices, four language sets of sliced folders and two full ZIPs: six different folders, two identities.
        #expect(folders.count == 6)
    }

    @Test func theRecordNamesTheFolderWithTheEntrysSHA256AndGoesWithAFullZIPInstall() async throws {
        let content = Content()
        let fixture = try SyncFixture()
        try fixture.publishIndexed([content.checkout])
        await fixture.makeService(selection: Self.french).start()
        let layout = OTAStorageLayout(storageRoot: fixture.root, appVersion: "1.0")
        let folder = try #require(layout.activeInstallFolder(module: "Checkout")).lastPathComponent
        // The record as docs/design.md writes it: "<folder sha256> <entry sha256>\n".
        #expect(fixture.read("1.0/modules/Checkout/published") == Data("\(folder) \(content.checkout.full.sha256)\n".utf8))

        // The same publish installed from the full ZIP (every localization): the folder is named by the entry's
        // sha256, so the record goes.
        await fixture.makeService(selection: .everyLocalization).start()
        #expect(layout.activeInstallFolder(module: "Checkout")?.lastPathComponent == content.checkout.full.sha256)
        #expect(fixture.read("1.0/modules/Checkout/published") == nil)
        #expect(installed(fixture, "Checkout") == .init(sha256: content.checkout.full.sha256, rolloutID: nil))
    }

    @Test func aKillBetweenTheRecordAndThePointerLeavesTheActiveFoldersLine() async throws {
        // Given: a French device with Checkout installed from slices.
        let content = Content()
        let fixture = try SyncFixture()
        try fixture.publishIndexed([content.checkout])
        await fixture.makeService(selection: Self.french).start()
        let layout = OTAStorageLayout(storageRoot: fixture.root, appVersion: "1.0")
        let active = try #require(installed(fixture, "Checkout")).folderSHA256
        let next = String(repeating: "ab", count: 32)

        // When: the next install writes its line, and the process dies before `current` moves.
        try PublishedRecord.set(layout, module: "Checkout", folderHash: next, published: content.checkoutCopy.full.sha256)

        // Then: both lines, the active folder's still read; once the pointer names the new folder, the new line is.
        #expect(fixture.read("1.0/modules/Checkout/published") == Data(
            "\(next) \(content.checkoutCopy.full.sha256)\n\(active) \(content.checkout.full.sha256)\n".utf8))
        #expect(installed(fixture, "Checkout")?.sha256 == content.checkout.full.sha256)
        try FileManager.default.copyItem(at: layout.installFolder(module: "Checkout", folderName: active),
                                         to: layout.installFolder(module: "Checkout", folderName: next))
        try ModuleInstaller.pointCurrent(layout, module: "Checkout", folderName: next)
        #expect(installed(fixture, "Checkout") == .init(sha256: content.checkoutCopy.full.sha256, rolloutID: nil, folderSHA256: next))
    }

    @Test func aFolderInstalledWhileTheFullPartFailsIsAttributedByItsOwnHashNotByAnOlderLine() async throws {
        // Given: a German device that installed the German text A (publish 1), then B (publish 2).
        let fixture = try SyncFixture()
        let first = try SlicedModule.make("Checkout", ["en": "Hello", "de": "Hallo", "fr": "Bonjour"])
        let second = try SlicedModule.make("Checkout", ["en": "Hello", "de": "Servus", "fr": "Bonjour"])
        try fixture.publishIndexed([first])
        await fixture.makeService(selection: Self.german).start()
        let folderA = try #require(installed(fixture, "Checkout")).folderSHA256
        try fixture.publishIndexed([second], publishedAt: "2026-07-25T10:00:00Z")
        await fixture.makeService(selection: Self.german).start()
        #expect(installed(fixture, "Checkout")?.sha256 == second.full.sha256)

        // When: publish 3 brings text A back (another French text), and its full part cannot be read.
        let third = try SlicedModule.make("Checkout", ["en": "Hello", "de": "Hallo", "fr": "Salut"])
        let manifest = try fixture.publishIndexed([third], publishedAt: "2026-07-26T10:00:00Z")
        let full = try ManifestIndex.build(from: manifest).index.parts.full.path
        fixture.transport.set(SyncFixture.url("1.0", full), .status(404))
        await fixture.makeService(selection: Self.german).start()

        // Then: installed, and attributed by the folder's own hash: not publish 1's entry, which named this folder once.
        #expect(fixture.reports.last?.modules.map(\.outcome) == [.updated])
        let content = try #require(installed(fixture, "Checkout"))
        #expect(content.folderSHA256 == folderA)
        #expect(content.sha256 == folderA && content.sha256 != first.full.sha256, "\(content)")
    }
}
