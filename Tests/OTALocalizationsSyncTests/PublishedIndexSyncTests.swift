import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTALocalizationsPublishing
import OTATestSupport
import Testing
@testable import OTALocalizationsSync

/// A device reading the published index (docs/design.md, "The published index"): the root, the base part and the
/// parts of its own languages, each only when its hash changed; a fix in a language the device does not show costs it
/// the root alone.
@Suite struct PublishedIndexSyncTests {
    static let german = OTALocalizationSelection(preferredLanguages: ["de"])
    static let french = OTALocalizationSelection(preferredLanguages: ["fr"])

    static func modules(french: String = "Bonjour") throws -> [SlicedModule] {
        try ["Checkout", "Profile"].map { try SlicedModule.make($0, ["en": "Hello \($0)", "de": "Hallo \($0)", "fr": "\(french) \($0)"]) }
    }

    @Test func aGermanDeviceReadsTheRootTheBaseAndTheGermanPartsAndInstallsBaseAndGermanSlices() async throws {
        let fixture = try SyncFixture()
        let modules = try Self.modules()
        let manifest = try fixture.publishIndexed(modules)
        let built = try ManifestIndex.build(from: manifest)

        await fixture.makeService(selection: Self.german).start()

        let report = try #require(fixture.reports.last)
        #expect(report.manifest == .updated && report.stateSaved && report.updated == 2, "\(report.jsonText())")
        let parts = built.index.parts
        // The root, the base and German parts, then (as the cycle installs slices) the full part, which names each
        // module's entry sha256 for attribution, then the slices.
        #expect(fixture.requestedNames.prefix(4) == ["index.json", parts.base.path, parts.localizations["de"]!.path, parts.full.path])
        #expect(Set(fixture.requestedNames.dropFirst(4)) == Set(modules.flatMap { [$0.slices["base"]!.path, $0.slices["de"]!.path] }))
        #expect(!fixture.requestedNames.contains("manifest.json") && !fixture.requestedNames.contains(parts.localizations["fr"]!.path))
        // The parts the device read are kept, each named by its SHA-256, for the next publish.
        let cached = try FileManager.default.contentsOfDirectory(atPath: fixture.url("1.0/index-parts").path).sorted()
        #expect(cached == [parts.base.sha256, parts.localizations["de"]!.sha256, parts.full.sha256].sorted())
        for module in modules {
            let content = OTALocalizedString.installedContent(for: module.name, storageRoot: fixture.root, appVersion: "1.0")
            #expect(content?.sha256 == module.full.sha256 && content?.rolloutID == nil, "\(module.name)")
            #expect(content?.folderSHA256 != module.full.sha256, "\(module.name): a folder of base and de is named by its record")
        }
        #expect(fixture.stateObject?["source"] == nil)
    }

    @Test func aFrenchFixCostsAGermanDeviceTheRootAloneAndAFrenchOneItsPartAndSlice() async throws {
        let german = try SyncFixture()
        let french = try SyncFixture()
        for (fixture, selection) in [(german, Self.german), (french, Self.french)] {
            try fixture.publishIndexed(try Self.modules())
            await fixture.makeService(selection: selection).start()
            #expect(fixture.reports.last?.stateSaved == true)
        }
        let fixed = try Self.modules(french: "Salut")
        var published: Manifest?
        for fixture in [german, french] {
            published = try fixture.publishIndexed([fixed[0], try Self.modules()[1]], publishedAt: "2026-07-25T10:00:00Z")
            fixture.transport.clearLog()
        }
        let built = try ManifestIndex.build(from: try #require(published))

        await german.makeService(selection: Self.german).start()
        await french.makeService(selection: Self.french).start()

        #expect(german.requestedNames == ["index.json"])
        #expect(german.reports.last?.modules.map(\.outcome) == [.skipped, .skipped])
        #expect(german.reports.last?.stateSaved == true)
        #expect(french.requestedNames == [
            "index.json", built.index.parts.localizations["fr"]!.path, built.index.parts.full.path, fixed[0].slices["fr"]!.path,
        ])
        #expect(french.reports.last?.modules.map(\.outcome) == [.updated, .skipped])
        // Attribution: the French device's Checkout is the fixed publish's entry; the German device skipped the fix
        // and keeps the entry it installed (its text did not change); Profile is the same entry on both.
        func content(_ fixture: SyncFixture, _ module: String) -> String? {
            OTALocalizedString.installedContent(for: module, storageRoot: fixture.root, appVersion: "1.0")?.sha256
        }
        #expect(content(french, "Checkout") == fixed[0].full.sha256)
        #expect(content(german, "Checkout") == (try Self.modules())[0].full.sha256 && content(german, "Checkout") != fixed[0].full.sha256)
        #expect(content(french, "Profile") == (try Self.modules())[1].full.sha256 && content(german, "Profile") == content(french, "Profile"))
        let folder = try #require(french.read("1.0/modules/Checkout/current")).dropLast()
        #expect(french.read("1.0/modules/Checkout/\(String(decoding: folder, as: UTF8.self))/fr.lproj/Localizable.strings")
                == Data("\"greeting\" = \"Salut Checkout\";\n".utf8))
    }

    @Test func nothingChangedIsOneConditionalRequestAnswered304() async throws {
        let fixture = try SyncFixture()
        try fixture.publishIndexed(try Self.modules())
        let service = fixture.makeService(selection: Self.german)
        await service.start()
        fixture.transport.clearLog()
        await service.start()
        await fixture.makeService(selection: Self.german).start()
        #expect(fixture.transport.requests.map(\.url) == [SyncFixture.url("1.0", "index.json"), SyncFixture.url("1.0", "index.json")])
        #expect(fixture.transport.requests.allSatisfy { $0.headers["If-None-Match"] != nil })
        #expect(fixture.reports.all.suffix(2).map(\.manifest) == [.notModified, .notModified])
    }

    @Test func aNewLanguageReadsItsPartAndSliceOnlyAndKeepsTheRest() async throws {
        let fixture = try SyncFixture()
        let manifest = try fixture.publishIndexed(try Self.modules())
        let parts = try ManifestIndex.build(from: manifest).index.parts
        await fixture.makeService(selection: Self.german).start()
        fixture.transport.clearLog()

        // The user switches to French: the stored publish holds no French slice, so the root is read again in full.
        await fixture.makeService(selection: Self.french).start()

        #expect(fixture.requestedNames.first == "index.json")
        #expect(fixture.transport.requests[1].headers["If-None-Match"] == nil)
        let fetched = Set(fixture.requestedNames.dropFirst(2))
        #expect(fetched == Set([parts.localizations["fr"]!.path] + (try Self.modules()).map { $0.slices["fr"]!.path }))
        #expect(fixture.reports.last?.modules.map(\.outcome) == [.updated, .updated])
    }

    @Test func aRootNamingAPartLargerThanAnyPartCanBeIsRefusedBeforeAnyDownload() async throws {
        // Given: a root whose base part claims 1.5 GB (a part inflates to at most 4 MiB).
        let fixture = try SyncFixture()
        let manifest = try fixture.publishIndexed(try Self.modules())
        var index = try ManifestIndex.build(from: manifest).index
        index.parts.base.size = 1_500_000_000
        fixture.transport.serve(SyncFixture.url("1.0", "index.json"), index.encoded())

        await fixture.makeService(selection: Self.german).start()

        // Then: the publish is refused (code manifest) and nothing but the root was requested.
        let report = try #require(fixture.reports.last)
        #expect(report.manifest == .failed && report.errorCode == .manifest, "\(report.jsonText())")
        #expect(report.error?.contains("\(IndexParts.maximumPartSize)") == true, "\(report.error ?? "")")
        #expect(fixture.requestedNames == ["index.json"])
    }

    @Test(arguments: [false, true])
    func aBasePartListingMoreModulesThanTheCapIsRefusedBeforeAnyOtherPart(_ inRollout: Bool) async throws {
        // Given: a cap of one module, and a publish of two (stable), or of one stable and two in a 100 % rollout.
        let fixture = try SyncFixture()
        let modules = try Self.modules()
        let manifest = inRollout ? try fixture.publishIndexed([modules[0]], rollout: modules) : try fixture.publishIndexed(modules)
        let built = try ManifestIndex.build(from: manifest).index

        await fixture.makeService(manifestModules: 1, selection: Self.german).start()

        // Then: the publish is refused with `limit`; no localization part and no ZIP was requested.
        let report = try #require(fixture.reports.last)
        #expect(report.manifest == .failed && report.errorCode == .limit, "\(report.jsonText())")
        #expect(report.error?.contains("maximumManifestModules") == true)
        #expect(!fixture.requestedNames.contains(built.parts.localizations["de"]!.path))
        #expect(!fixture.requestedNames.contains { $0.hasSuffix(".zip") }, "\(fixture.requestedNames)")
    }

    @Test(arguments: [true, false])
    func aSelectionThatChangesBetweenEveryLocalizationAndLanguagesReadsThePublishAgain(_ fromEvery: Bool) async throws {
        // Given: a device that installed the publish with one selection (full ZIPs, or base and German slices).
        let fixture = try SyncFixture()
        let modules = try Self.modules()
        try fixture.publishIndexed(modules)
        let (before, after): (OTALocalizationSelection, OTALocalizationSelection) =
            fromEvery ? (.everyLocalization, Self.german) : (Self.german, .everyLocalization)
        await fixture.makeService(selection: before).start()
        #expect(fixture.reports.last?.stateSaved == true)
        fixture.transport.clearLog()

        // When: the next launch has the other one.
        await fixture.makeService(selection: after).start()

        // Then: the 304 is not trusted (the stored entries were resolved for the other selection): the root is read
        // again without If-None-Match, every module is installed as the new selection needs, and the next launch is
        // a plain 304.
        let report = try #require(fixture.reports.last)
        #expect(report.manifest == .updated && report.modules.map(\.outcome) == [.updated, .updated], "\(report.jsonText())")
        #expect(fixture.transport.requests.dropFirst().first?.headers["If-None-Match"] == nil)
        let wanted = fromEvery ? modules.map { $0.slices["de"]!.path } : modules.map(\.full.path)
        #expect(Set(wanted).isSubset(of: Set(fixture.requestedNames)), "\(fixture.requestedNames)")
        #expect(fixture.stateObject?["everyLocalization"] as? Bool == !fromEvery)
        await fixture.makeService(selection: after).start()
        #expect(fixture.reports.last?.manifest == .notModified)
    }

    @Test func aPartWithOtherBytesThanTheRootSaysFailsThePublishAndChangesNothing() async throws {
        let fixture = try SyncFixture()
        try fixture.publishIndexed(try Self.modules())
        await fixture.makeService(selection: Self.german).start()
        let manifest = try fixture.publishIndexed(try Self.modules(french: "Salut"), publishedAt: "2026-07-25T10:00:00Z")
        let base = try ManifestIndex.build(from: manifest).index.parts.base
        var tampered = fixture.transport.body(SyncFixture.url("1.0", base.path))
        tampered[tampered.count - 1] ^= 0xFF
        fixture.transport.serve(SyncFixture.url("1.0", base.path), tampered)
        try FileManager.default.removeItem(at: fixture.url("1.0/index-parts"))
        let before = fixture.snapshot().filter { !$0.key.hasPrefix(".ota-anti-rollback") }

        await fixture.makeService(selection: Self.german).start()

        let report = try #require(fixture.reports.last)
        #expect(report.manifest == .failed && report.errorCode == .verification, "\(report.jsonText())")
        #expect(report.error?.contains("index part \(base.path)") == true)
        #expect(fixture.snapshot().filter { !$0.key.hasPrefix(".ota-anti-rollback") && !$0.key.hasPrefix("1.0/index-parts") } == before)
    }

    @Test func aSignedDeviceReadsTheSignedIndexAlone() async throws {
        let key = ManifestSigningKey.generate()
        let fixture = try SyncFixture()
        try fixture.publishIndexed(try Self.modules(), signedBy: [key])
        await fixture.makeService(trustedKeys: [key.publicKey], selection: Self.german).start()
        #expect(fixture.reports.last?.stateSaved == true)
        #expect(fixture.requestedNames.first == "index.dsse.json")
        #expect(!fixture.requestedNames.contains("index.json") && !fixture.requestedNames.contains("manifest.dsse.json"))
        #expect(fixture.stateObject?["keyid"] as? String == key.publicKey.keyID)
        // The unsigned root replaced by another publish's changes nothing for it.
        fixture.transport.serve(SyncFixture.url("1.0", "index.json"), Data("{}".utf8))
        fixture.transport.clearLog()
        await fixture.makeService(trustedKeys: [key.publicKey], selection: Self.german).start()
        #expect(fixture.requestedNames == ["index.dsse.json"])
        #expect(fixture.reports.last?.manifest == .notModified)
    }

    @Test func aDeviceInARolloutDropsTheModulesItRemovesAndOthersKeepThem() async throws {
        let modules = try Self.modules()
        let copy = try SlicedModule.make("Checkout", ["en": "Hi", "de": "Hallo!", "fr": "Salut"])
        for (basisPoints, inside) in [(10_000, true), (0, false)] {
            let fixture = try SyncFixture()
            try fixture.publishIndexed(modules)
            await fixture.makeService(selection: Self.german).start()
            try fixture.publishIndexed(modules, rollout: [copy], basisPoints: basisPoints, removed: ["Profile"], publishedAt: "2026-07-25T10:00:00Z")

            await fixture.makeService(selection: Self.german).start()

            let report = try #require(fixture.reports.last)
            #expect(report.rollout?.includesThisDevice == inside)
            if inside {
                #expect(report.modules.map(\.outcome) == [.updated, .removed], "\(report.jsonText())")
                #expect(!fixture.exists("1.0/modules/Profile/current"))
            } else {
                #expect(report.modules.map(\.outcome) == [.skipped, .skipped], "\(report.jsonText())")
                #expect(fixture.exists("1.0/modules/Profile/current"))
            }
        }
    }
}
