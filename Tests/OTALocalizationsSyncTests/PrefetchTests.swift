import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTALocalizationsPublishing
import OTATestSupport
import Testing
@testable import OTALocalizationsSync

/// Prefetching a language before the user switches to it (docs/integration.md, "A Change-language screen"): the
/// folder then covers it at the first launch in that language, later cycles keep it, and the record goes once it adds
/// nothing or expires.
@Suite struct PrefetchTests {
    private static func table(_ text: String) -> Data { Data("\"greeting\" = \"\(text)\";\n".utf8) }

    /// Publishes Checkout (en development region, de, fr) as slices only; returns each slice's ZIP name by language
    /// (`base` for the base slice).
    @discardableResult
    private func publish(_ fixture: SyncFixture, publishedAt: String = "2026-07-24T10:00:00Z") throws -> [String: String] {
        var files: [String: PublishedFile] = [:]
        let contents: [(String, [String: Data])] = [
            ("base", ["Info.plist": SyncFixture.infoPlist, "en.lproj/Localizable.strings": Self.table("Hello")]),
            ("de", ["de.lproj/Localizable.strings": Self.table("Hallo")]),
            ("fr", ["fr.lproj/Localizable.strings": Self.table("Bonjour")]),
        ]
        for (name, entries) in contents {
            let zip = try ZipWriter.archive(entries.map { ZipWriter.Entry(path: $0.key, data: $0.value) })
            let sha256 = try IndependentTool.sha256sum(zip)
            let path = "Checkout-\(name)-\(sha256.prefix(16)).zip"
            fixture.transport.serve(SyncFixture.url("1.0", path), zip)
            files[name] = PublishedFile(path: path, sha256: sha256, size: Int64(zip.count))
        }
        let full = try SyncFixture.module("Checkout", files: [
            "Info.plist": SyncFixture.infoPlist, "en.lproj/Localizable.strings": Self.table("Hello"),
            "de.lproj/Localizable.strings": Self.table("Hallo"), "fr.lproj/Localizable.strings": Self.table("Bonjour"),
        ])
        fixture.transport.serve(SyncFixture.url("1.0", full.path), full.zip)
        let entry = ManifestModule(
            name: "Checkout", path: full.path, sha256: full.sha256, size: Int64(full.zip.count), localizations: ["de", "en", "fr"],
            slices: ManifestSlices(base: files["base"]!, localizations: ["de": files["de"]!, "fr": files["fr"]!]))
        try fixture.serve(Manifest(
            appVersion: "1.0", publishedAtTimestamp: try #require(ManifestDate.parseTimestamp(publishedAt)), developmentRegion: "en",
            modules: [entry]))
        return files.mapValues(\.path)
    }

    private static let english = OTALocalizationSelection(preferredLanguages: ["en"])
    private static let french = OTALocalizationSelection(preferredLanguages: ["fr"])

    private func zipRequests(_ fixture: SyncFixture, after count: Int) -> [String] {
        fixture.transport.requestedURLs.dropFirst(count).filter { $0.hasSuffix(".zip") }.map { String($0.split(separator: "/").last!) }.sorted()
    }

    /// The localizations the active folder of Checkout holds, from its `.lproj` folders.
    private func installedLocalizations(_ fixture: SyncFixture) throws -> [String] {
        let folder = try #require(OTAStorageLayout(storageRoot: fixture.root, appVersion: "1.0").activeInstallFolder(module: "Checkout"))
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".lproj") }.map { String($0.dropLast(6)) }.sorted()
    }

    private var prefetchRecord: String { ".ota-prefetched-languages" }

    @Test @MainActor func aPrefetchedLanguageIsServedOverTheAirAtItsFirstLaunch() async throws {
        let fixture = try SyncFixture()
        let zips = try publish(fixture)
        await fixture.makeService(selection: Self.english).start()
        #expect(try installedLocalizations(fixture) == ["en"])
        defer { OTALocalizedString.clearBundleCache() }

        // Without the prefetch, the first launch in French serves the embedded strings.
        OTALocalizedString.loadBundlesFromDisk(storageRoot: fixture.root, appVersion: "1.0", selection: Self.french, maximumUnconfirmedLaunches: nil)
        #expect(OTALocalizedString.servedContent(for: "Checkout") == .embedded(.languagesNotCovered))

        let before = fixture.transport.requestedURLs.count
        let report = await fixture.makeService(selection: Self.english).prefetch(localizations: ["fr"])
        #expect(report.manifest == .updated)
        #expect(report.updated == 1)
        #expect(report.failed == 0)
        // The fr slice alone is downloaded; base is copied from the active folder.
        #expect(zipRequests(fixture, after: before) == [zips["fr"]!])
        #expect(try installedLocalizations(fixture) == ["en", "fr"])
        #expect(fixture.reports.last?.manifest == .updated && fixture.reports.last?.stateSaved == true)

        // The launch after the switch: the folder covers French, and its fr table is the published one.
        OTALocalizedString.loadBundlesFromDisk(storageRoot: fixture.root, appVersion: "1.0", selection: Self.french, maximumUnconfirmedLaunches: nil)
        guard case .overTheAir = OTALocalizedString.servedContent(for: "Checkout") else {
            Issue.record("Checkout is not served over the air: \(OTALocalizedString.servedContent(for: "Checkout"))")
            return
        }
        let bundle = try #require(OTALocalizedString.bundle(for: "Checkout"))
        let french = try #require(bundle.url(forResource: "Localizable", withExtension: "strings", subdirectory: nil, localization: "fr"))
        #expect(try Data(contentsOf: french) == Self.table("Bonjour"))
        // The launch before the switch still serves English from the same folder.
        OTALocalizedString.loadBundlesFromDisk(storageRoot: fixture.root, appVersion: "1.0", selection: Self.english, maximumUnconfirmedLaunches: nil)
        #expect(OTALocalizedString.bundle(for: "Checkout") != nil)
    }

    @Test func laterCyclesKeepThePrefetchedSlicesUntilTheDeviceUsesTheLanguage() async throws {
        let fixture = try SyncFixture()
        let zips = try publish(fixture)
        _ = await fixture.makeService(selection: Self.english).prefetch(localizations: ["fr", "not a language"])
        #expect(try installedLocalizations(fixture) == ["en", "fr"])
        let record = try String(contentsOf: fixture.root.appendingPathComponent(prefetchRecord), encoding: .utf8)
        #expect(record.hasSuffix(" fr\n"))
        #expect(Int64(record.dropLast(4)) != nil)

        // A later process, same languages, a newer publish: nothing is dropped or downloaded.
        try publish(fixture, publishedAt: "2026-07-25T10:00:00Z")
        var before = fixture.transport.requestedURLs.count
        await fixture.makeService(selection: Self.english).start()
        #expect(fixture.reports.last?.skipped == 1)
        #expect(zipRequests(fixture, after: before) == [])
        #expect(try installedLocalizations(fixture) == ["en", "fr"])

        // The user switched to French: the record adds nothing and goes; the folder keeps what French chooses.
        try publish(fixture, publishedAt: "2026-07-26T10:00:00Z")
        before = fixture.transport.requestedURLs.count
        await fixture.makeService(selection: Self.french).start()
        #expect(fixture.reports.last?.failed == 0)
        #expect(zipRequests(fixture, after: before) == [])
        #expect(try installedLocalizations(fixture) == ["en", "fr"])
        #expect(!FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent(prefetchRecord).path))
        _ = zips
    }

    @Test func aPrefetchExpiresAfterSevenDays() async throws {
        let fixture = try SyncFixture()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        try publish(fixture)
        _ = await fixture.makeService(deviceClock: { now }, selection: Self.english).prefetch(localizations: ["fr"])
        #expect(try String(contentsOf: fixture.root.appendingPathComponent(prefetchRecord), encoding: .utf8) == "1800000000 fr\n")

        // Six days later it still holds; eight days later the English device installs English alone again.
        await fixture.makeService(deviceClock: { now.addingTimeInterval(6 * 86_400) }, selection: Self.english).start()
        #expect(try installedLocalizations(fixture) == ["en", "fr"])
        await fixture.makeService(deviceClock: { now.addingTimeInterval(8 * 86_400) }, selection: Self.english).start()
        #expect(fixture.reports.last?.failed == 0)
        #expect(try installedLocalizations(fixture) == ["en"])
    }

    @Test func anEmptyListRemovesThePrefetch() async throws {
        let fixture = try SyncFixture()
        try publish(fixture)
        let service = fixture.makeService(selection: Self.english)
        _ = await service.prefetch(localizations: ["fr"])
        #expect(try installedLocalizations(fixture) == ["en", "fr"])
        let report = await service.prefetch(localizations: [])
        #expect(report.failed == 0)
        #expect(try installedLocalizations(fixture) == ["en"])
        #expect(!FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent(prefetchRecord).path))
    }

    @Test func aRecordOutOfShapeIsIgnoredAndTheListIsCapped() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ota-prefetch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent(prefetchRecord)
        for text in ["", "1800000000\n", "1800000000 fr", "soon fr\n", "1800000000 fr ../x\n", "1800000000  fr\n", "1800000000 fr fr\n"] {
            try Data(text.utf8).write(to: file)
            #expect(PrefetchedLanguages.load(storageRoot: root) == nil, "\(text.debugDescription)")
        }
        try Data("1800000000 fr pt-BR\n".utf8).write(to: file)
        #expect(PrefetchedLanguages.load(storageRoot: root) == PrefetchedLanguages(languages: ["fr", "pt-BR"], since: 1_800_000_000))

        // Each language once, identifiers only, the last sixteen.
        let many = (1...20).map { "l\($0)" }
        #expect(PrefetchedLanguages.valid(["fr", "", "fr", "a/b"] + many) == Array(many.suffix(16)))
        #expect(PrefetchedLanguages.valid(["fr", "", "fr", "a/b", "de"]) == ["fr", "de"])
    }
}
