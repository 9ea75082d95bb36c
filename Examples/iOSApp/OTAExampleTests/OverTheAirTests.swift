import Basket
import Catalog
import Foundation
import OTALocalizations
import Testing
@testable import OTAExample

/// Runs in the iOS Simulator, inside the app: the app's own wiring against the example publish served at the base
/// URL of its `Info.plist`. Serve it first (the README; the macOS CI job does the same):
/// `Examples/iOSApp/publish.sh <folder> --catalog-title "Catalog, over the air"`, then
/// `python3 -m http.server 8080 --directory <folder>`. Run with the Simulator in English (`-testLanguage en`).
///
/// Each test uses its own storage root, so the app's own installs are never touched. One test at a time: the read
/// side's cache is process-wide.
@Suite(.serialized) @MainActor struct OverTheAirTests {
    /// The English Catalog title the CI publish carries (its embedded value is "Catalog").
    static let publishedTitle = "Catalog, over the air"

    private func configuration(storageRoot: URL) throws -> AppConfiguration {
        try AppConfiguration(infoDictionary: Bundle.main.infoDictionary ?? [:], storageRoot: storageRoot)
    }

    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ota-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func killSwitch() throws -> KillSwitchFlag {
        KillSwitchFlag(defaults: try #require(UserDefaults(suiteName: "OverTheAirTests-\(UUID().uuidString)")))
    }

    @Test func theInfoPlistConfiguresTheBaseURLAndTheAppVersion() throws {
        let configuration = try configuration(storageRoot: try temporaryFolder())

        #expect(configuration.baseURL == URL(string: "http://localhost:8080"))
        #expect(configuration.appVersion == "1.0")
        // L2: an over-the-air bundle can show only languages the app declares.
        #expect(Set(Bundle.main.localizations).isSuperset(of: ["en", "fr", "de"]))
    }

    @Test func aPublishedStringShowsAtTheNextLaunchAndTheKillSwitchBringsBackTheEmbeddedOne() async throws {
        // Given: no over-the-air bundle loaded; the modules show what they embed.
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let configuration = try configuration(storageRoot: root)
        OTALocalizedString.clearBundleCache()
        #expect(CatalogCopy.title == "Catalog")
        let setup = LocalizationSetup(configuration: configuration, killSwitch: try killSwitch())

        // When: one cycle against the publish.
        await setup.runCycle()

        // Then: every module installed, and nothing changes mid-session.
        let report = try #require(setup.reports.latest)
        #expect(report.manifest == .updated, "\(report.jsonText())")
        #expect(report.failed == 0 && report.stateSaved, "\(report.jsonText())")
        #expect(Set(report.modules.map(\.name)) == Set(LocalizationSetup.moduleNames))
        #expect(CatalogCopy.title == "Catalog")

        // When: the next launch loads what the cycle installed (what the app's init does).
        OTALocalizedString.loadBundlesFromDisk(storageRoot: root, appVersion: configuration.appVersion)

        // Then: the published text, through the module's own one-line bundle; plural rules as CLDR gives them (P1).
        #expect(CatalogCopy.title == Self.publishedTitle)
        #expect(BasketCopy.title == "Basket")
        #expect(BasketCopy.itemCount(1, locale: Locale(identifier: "en")) == "1 item")
        #expect(BasketCopy.itemCount(2, locale: Locale(identifier: "en")) == "2 items")
        let snapshot = setup.debugSnapshot()
        #expect(snapshot.modules.map(\.name) == LocalizationSetup.moduleNames)
        #expect(snapshot.modules.allSatisfy { $0.overTheAir?.sha256.count == 64 }, "\(snapshot.modules)")

        // When: the kill switch; Then: the embedded strings at the next lookup, and no text left: only the install ID
        // and the anti-rollback record, which the switch keeps (OTAStorageLayout.keptByDeletion).
        await setup.setKillSwitch(true)
        #expect(CatalogCopy.title == "Catalog")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
            == [OTAStorageLayout.antiRollbackFileName, OTAStorageLayout.installIDFileName])
        #expect(setup.debugSnapshot().modules.allSatisfy { $0.served == .embedded(.cleared) })
    }
}
