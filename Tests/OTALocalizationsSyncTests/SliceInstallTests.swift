import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTALocalizationsPublishing
import OTATestSupport
import Testing
@testable import OTALocalizationsSync

/// Installing from slices (docs/design.md, "Slices"): base plus the device's slices in one sealed folder, unchanged
/// slices copied, damaged ones downloaded again, a slice holding another slice's files refused, and the read side's
/// guard.
@Suite struct SliceInstallTests {
    private struct Slice {
        var name: String
        var zip: Data
        var sha256: String
        var path: String { "Checkout-\(name)-\(sha256.prefix(16)).zip" }
        var file: PublishedFile { PublishedFile(path: path, sha256: sha256, size: Int64(zip.count)) }
    }

    private static func table(_ text: String) -> Data { Data("\"greeting\" = \"\(text)\";\n".utf8) }

    private static func slice(_ name: String, _ files: [String: Data]) throws -> Slice {
        let zip = try ZipWriter.archive(files.map { ZipWriter.Entry(path: $0.key, data: $0.value) })
        return Slice(name: name, zip: zip, sha256: try IndependentTool.sha256sum(zip))
    }

    /// Publishes Checkout (en development region, de, fr) as a full ZIP and slices; returns the slices by name.
    @discardableResult
    private func publish(
        _ fixture: SyncFixture, french: String = "Bonjour", publishedAt: String = "2026-07-24T10:00:00Z",
        frenchFiles: [String: Data]? = nil, localizations: [String] = ["de", "en", "fr"]
    ) throws -> [String: Slice] {
        let base = try Self.slice("base", ["Info.plist": SyncFixture.infoPlist, "en.lproj/Localizable.strings": Self.table("Hello")])
        let de = try Self.slice("de", ["de.lproj/Localizable.strings": Self.table("Hallo")])
        let fr = try Self.slice("fr", frenchFiles ?? ["fr.lproj/Localizable.strings": Self.table(french)])
        let full = try SyncFixture.module("Checkout", files: [
            "Info.plist": SyncFixture.infoPlist, "en.lproj/Localizable.strings": Self.table("Hello"),
            "de.lproj/Localizable.strings": Self.table("Hallo"), "fr.lproj/Localizable.strings": Self.table(french),
        ])
        for slice in [base, de, fr] { fixture.transport.serve(SyncFixture.url("1.0", slice.path), slice.zip) }
        fixture.transport.serve(SyncFixture.url("1.0", full.path), full.zip)
        let entry = ManifestModule(
            name: "Checkout", path: full.path, sha256: full.sha256, size: Int64(full.zip.count), localizations: localizations,
            slices: ManifestSlices(base: base.file, localizations: ["de": de.file, "fr": fr.file]))
        try fixture.serve(Manifest(
            appVersion: "1.0", publishedAtTimestamp: try #require(ManifestDate.parseTimestamp(publishedAt)), developmentRegion: "en",
            modules: [entry]))
        return ["base": base, "de": de, "fr": fr]
    }

    private func zipRequests(_ fixture: SyncFixture, after count: Int = 0) -> [String] {
        fixture.transport.requestedURLs.dropFirst(count).filter { $0.hasSuffix(".zip") }.map { String($0.split(separator: "/").last!) }.sorted()
    }

    private static let french = OTALocalizationSelection(preferredLanguages: ["fr"])

    @Test func aFrenchDeviceInstallsBaseAndFrenchIntoOneFolderNamedByItsRecord() async throws {
        let fixture = try SyncFixture()
        let slices = try publish(fixture)

        await fixture.makeService(selection: Self.french).start()

        #expect(fixture.reports.last?.failed == 0)
        #expect(zipRequests(fixture) == [slices["base"]!.path, slices["fr"]!.path].sorted())
        #expect(fixture.reports.last?.bytesDownloaded == Int64(slices["base"]!.zip.count + slices["fr"]!.zip.count))
        // The record, written by hand from docs/operations.md's format, names the folder (sha256sum).
        let record = "ota-localizations-slices 1\ndevelopment en\navailable de en fr\nbase \(slices["base"]!.sha256)\nfr \(slices["fr"]!.sha256)\n"
        let folder = try IndependentTool.sha256sum(Data(record.utf8))
        let layout = OTAStorageLayout(storageRoot: fixture.root, appVersion: "1.0")
        #expect(layout.activeInstallFolder(module: "Checkout")?.lastPathComponent == folder)
        let installed = layout.installFolder(module: "Checkout", folderName: folder)
        #expect(try Data(contentsOf: installed.appendingPathComponent(".ota-slices")) == Data(record.utf8))
        #expect(try Data(contentsOf: installed.appendingPathComponent("fr.lproj/Localizable.strings")) == Self.table("Bonjour"))
        #expect(!FileManager.default.fileExists(atPath: installed.appendingPathComponent("de.lproj").path))
        let seal = try String(contentsOf: installed.appendingPathComponent(".ota-seal"), encoding: .utf8)
        let sealedPaths: [String] = seal.split(separator: "\n").dropFirst().map { line in String(line.split(separator: " ")[2]) }
        let expectedPaths = ["Info.plist", ".ota-slices", "en.lproj/Localizable.strings", "fr.lproj/Localizable.strings"]
        #expect(sealedPaths == expectedPaths)

        // A second cycle with the same languages: 304-free scripted CDN, every module skipped, no ZIP.
        let before = fixture.transport.requestedURLs.count
        await fixture.makeService(selection: Self.french).start()
        #expect(zipRequests(fixture, after: before) == [])
        #expect(fixture.reports.last?.skipped == 1)
    }

    @Test @MainActor func theReadSideHandsOutOnlyAFolderThatCoversTheLanguages() async throws {
        let fixture = try SyncFixture()
        try publish(fixture)
        await fixture.makeService(selection: Self.french).start()
        defer { OTALocalizedString.clearBundleCache() }

        let cases: [(OTALocalizationSelection, Bool)] = [
            (Self.french, true), (OTALocalizationSelection(preferredLanguages: ["fr-CA"]), true),
            (OTALocalizationSelection(preferredLanguages: ["ja"]), true),   // the development region either way
            (OTALocalizationSelection(preferredLanguages: ["de"]), false),  // Apple's Bundle would show en, not de
            (OTALocalizationSelection(preferredLanguages: ["de", "fr"]), false), (.everyLocalization, false),
        ]
        for (selection, covered) in cases {
            OTALocalizedString.loadBundlesFromDisk(storageRoot: fixture.root, appVersion: "1.0", selection: selection)
            #expect((OTALocalizedString.bundle(for: "Checkout") != nil) == covered, "\(selection)")
        }
    }

    @Test func aFixInAnUnusedLanguageCostsNothingAndAFixInTheUsedOneOnlyItsSlice() async throws {
        let fixture = try SyncFixture()
        try publish(fixture)
        await fixture.makeService(selection: Self.french).start()
        let german = OTALocalizationSelection(preferredLanguages: ["de"])
        let germanFixture = try SyncFixture()
        try publish(germanFixture)
        await germanFixture.makeService(selection: german).start()

        // A French fix: the German device downloads nothing, the French one the fr slice alone (base is copied).
        let slices = try publish(fixture, french: "Salut", publishedAt: "2026-07-25T10:00:00Z")
        try publish(germanFixture, french: "Salut", publishedAt: "2026-07-25T10:00:00Z")
        var before = fixture.transport.requestedURLs.count
        await fixture.makeService(selection: Self.french).start()
        #expect(zipRequests(fixture, after: before) == [slices["fr"]!.path])
        #expect(fixture.reports.last?.updated == 1)
        before = germanFixture.transport.requestedURLs.count
        await germanFixture.makeService(selection: german).start()
        #expect(zipRequests(germanFixture, after: before) == [])
        #expect(germanFixture.reports.last?.skipped == 1)

        // A damaged base file in the active folder is not copied: base is downloaded again.
        let layout = OTAStorageLayout(storageRoot: fixture.root, appVersion: "1.0")
        let active = try #require(layout.activeInstallFolder(module: "Checkout"))
        try Self.table("Tampered").write(to: active.appendingPathComponent("en.lproj/Localizable.strings"))
        let third = try publish(fixture, french: "Coucou", publishedAt: "2026-07-26T10:00:00Z")
        before = fixture.transport.requestedURLs.count
        await fixture.makeService(selection: Self.french).start()
        #expect(zipRequests(fixture, after: before) == [third["base"]!.path, third["fr"]!.path].sorted())
        let healed = try #require(layout.activeInstallFolder(module: "Checkout"))
        #expect(try Data(contentsOf: healed.appendingPathComponent("en.lproj/Localizable.strings")) == Self.table("Hello"))
    }

    @Test func aSliceHoldingAnotherSlicesFilesFailsThatModuleAndKeepsWhatIsInstalled() async throws {
        let fixture = try SyncFixture()
        try publish(fixture)
        await fixture.makeService(selection: Self.french).start()
        let layout = OTAStorageLayout(storageRoot: fixture.root, appVersion: "1.0")
        let good = try #require(layout.activeInstallFolder(module: "Checkout"))

        try publish(fixture, publishedAt: "2026-07-25T10:00:00Z", frenchFiles: [
            "fr.lproj/Localizable.strings": Self.table("Bonjour"), "en.lproj/Localizable.strings": Self.table("Overwritten"),
        ])
        await fixture.makeService(selection: Self.french).start()

        let module = try #require(fixture.reports.last?.modules.first)
        #expect(module.outcome == .failed)
        #expect(module.code == .content)
        #expect(module.reason == "slice fr holds en.lproj/Localizable.strings, which belongs to another slice")
        #expect(layout.activeInstallFolder(module: "Checkout") == good)
        #expect(try Data(contentsOf: good.appendingPathComponent("en.lproj/Localizable.strings")) == Self.table("Hello"))
    }

    @Test func aLocalizationSliceWithoutItsTablesFailsInsteadOfBeingRecordedAsThatLanguage() async throws {
        let fixture = try SyncFixture()
        try publish(fixture, frenchFiles: [:])

        await fixture.makeService(selection: Self.french).start()

        let module = try #require(fixture.reports.last?.modules.first)
        #expect(module.outcome == .failed)
        #expect(module.code == .content)
        #expect(module.reason == "slice fr holds no fr.lproj table")
        #expect(OTAStorageLayout(storageRoot: fixture.root, appVersion: "1.0").activeInstallFolder(module: "Checkout") == nil)
    }

    @Test func aRecordEditedOrRemovedAfterTheInstallIsReinstalled() async throws {
        let fixture = try SyncFixture()
        let slices = try publish(fixture)
        await fixture.makeService(selection: Self.french).start()
        let layout = OTAStorageLayout(storageRoot: fixture.root, appVersion: "1.0")
        let folder = try #require(layout.activeInstallFolder(module: "Checkout"))

        // The record now claims German, and the seal is rewritten to match: only the folder name still tells.
        let edited = Data(String(decoding: try Data(contentsOf: folder.appendingPathComponent(".ota-slices")), as: UTF8.self)
            .replacingOccurrences(of: "\nfr ", with: "\nde ").utf8)
        try edited.write(to: folder.appendingPathComponent(".ota-slices"))
        let sealURL = folder.appendingPathComponent(".ota-seal")
        let seal = String(decoding: try Data(contentsOf: sealURL), as: UTF8.self).split(separator: "\n").map { line in
            line.hasSuffix(" .ota-slices") ? "\(edited.count) \(try! IndependentTool.sha256sum(edited)) .ota-slices" : String(line)
        }
        try Data((seal.joined(separator: "\n") + "\n").utf8).write(to: sealURL)

        let before = fixture.transport.requestedURLs.count
        await fixture.makeService(selection: Self.french).start()

        #expect(fixture.reports.last?.updated == 1)
        let healed = try #require(layout.activeInstallFolder(module: "Checkout"))
        #expect(try IndependentTool.sha256sum(try Data(contentsOf: healed.appendingPathComponent(".ota-slices"))) == healed.lastPathComponent.prefix(64).description)
        #expect(try String(contentsOf: healed.appendingPathComponent(".ota-slices"), encoding: .utf8).contains("\nfr \(slices["fr"]!.sha256)\n"))
        // The record was damaged, not the slices: they are downloaded again, as nothing vouches for the folder.
        #expect(zipRequests(fixture, after: before) == [slices["base"]!.path, slices["fr"]!.path].sorted())
    }

    @Test func theOrderOfTheManifestsLocalizationsDoesNotChangeTheFolder() async throws {
        let sorted = try SyncFixture()
        try publish(sorted)
        await sorted.makeService(selection: Self.french).start()
        let shuffled = try SyncFixture()
        try publish(shuffled, localizations: ["fr", "en", "de", "fr"])
        await shuffled.makeService(selection: Self.french).start()

        let names = [sorted, shuffled].map {
            OTAStorageLayout(storageRoot: $0.root, appVersion: "1.0").activeInstallFolder(module: "Checkout")?.lastPathComponent
        }
        #expect(names[0] != nil)
        #expect(names[0] == names[1])
    }
}
