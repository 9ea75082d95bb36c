import Foundation
import OTALocalizations
import OTALocalizationsSync
import OTATestSupport
import Testing

/// The example's composition root (`OTAExample/Support/LocalizationSetup.swift`) with the real service, over a
/// folder holding what `publish.sh` published with the built CLI.
///
/// The read side's cache is process-wide and other suites load and clear it, so every load here is read and
/// cleared in the same synchronous turn of the main actor.
@Suite(.serialized) @MainActor struct LocalizationSetupTests {
    static let baseURL = URL(string: "https://strings.example.test/ios")!

    /// Runs `publish.sh <site> [--catalog-title <title>]` with the built CLI; returns the site folder.
    nonisolated static func publish(catalogTitle: String? = nil) throws -> TemporaryDirectory {
        let site = try TemporaryDirectory("example-site")
        var environment = ProcessInfo.processInfo.environment
        environment["OTA_LOCALIZATIONS"] = TestPaths.cliExecutable.path
        let script = TestPaths.packageRoot.appendingPathComponent("Examples/iOSApp/publish.sh").path
        let result = try ExternalTool.run(
            script, [site.path] + (catalogTitle.map { ["--catalog-title", $0] } ?? []), environment: environment)
        guard result.status == 0 else {
            throw ToolFailure(message: "publish.sh failed (\(result.status)): \(result.stderr)")
        }
        return site
    }

    /// Module name to the SHA-256 the published manifest lists, read with Python's `json`.
    nonisolated static func publishedHashes(_ site: TemporaryDirectory) throws -> [String: String] {
        let output = try ExternalTool.python("""
            import json, sys
            for m in json.load(open(sys.argv[1]))["modules"]:
                print(m["name"], m["sha256"])
            """, [site.url.appendingPathComponent("1.0/manifest.json").path])
        return Dictionary(uniqueKeysWithValues: output.split(separator: "\n").map {
            let parts = $0.split(separator: " ")
            return (String(parts[0]), String(parts[1]))
        })
    }

    private func makeSetup(site: TemporaryDirectory, storage: TemporaryDirectory, flag: KillSwitchFlag) -> LocalizationSetup {
        LocalizationSetup(
            configuration: AppConfiguration(baseURL: Self.baseURL, appVersion: "1.0", storageRoot: storage.url),
            killSwitch: flag, transport: FolderTransport(baseURL: Self.baseURL, folder: site.url))
    }

    private func flag() throws -> (KillSwitchFlag, () -> Void) {
        let suite = "LocalizationSetupTests-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        return (KillSwitchFlag(defaults: defaults), { defaults.removePersistentDomain(forName: suite) })
    }

    @Test func aCycleInstallsEveryModuleAndTheDebugScreenShowsThePublishedHashes() async throws {
        let site = try Self.publish()
        let storage = try TemporaryDirectory("example-storage")
        let (killSwitch, removeDefaults) = try flag()
        defer { site.remove(); storage.remove(); removeDefaults() }
        let setup = makeSetup(site: site, storage: storage, flag: killSwitch)
        OTALocalizedString.clearBundleCache()
        #expect(setup.debugSnapshot().reportLines == ["No cycle has ended since launch."])

        await setup.runCycle()

        let report = try #require(setup.reports.latest)
        #expect(report.manifest == .updated && report.stateSaved, "\(report.jsonText())")
        #expect(report.modules.map(\.name) == ["Basket", "Catalog", "OTAExample"])
        #expect(report.modules.map(\.outcome) == [.updated, .updated, .updated])
        // The next launch: what the app's init loads, as the debug screen lists it.
        OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.url, appVersion: "1.0")
        let snapshot = setup.debugSnapshot()
        OTALocalizedString.clearBundleCache()
        let hashes = try Self.publishedHashes(site)
        #expect(snapshot.modules.map(\.name) == LocalizationSetup.moduleNames)
        #expect(snapshot.modules.map(\.installedSHA256) == LocalizationSetup.moduleNames.map { hashes[$0] })
        #expect(snapshot.reportLines.prefix(2) == [
            "Manifest: updated, state saved", "3 updated, 0 skipped, 0 failed, 0 removed, \(report.bytesDownloaded) bytes",
        ])
    }

    @Test func theKillSwitchFlagKeepsInstallsUnloadedAndDeletesThem() async throws {
        // Given: the example installed by one setup.
        let site = try Self.publish()
        let storage = try TemporaryDirectory("example-storage")
        let (killSwitch, removeDefaults) = try flag()
        defer { site.remove(); storage.remove(); removeDefaults() }
        let first = makeSetup(site: site, storage: storage, flag: killSwitch)
        OTALocalizedString.clearBundleCache()
        await first.runCycle()
        #expect(first.reports.latest?.failed == 0)

        // When: the next launch with the flag off, then with it on, in one turn of the main actor.
        let loadedWithFlagOff = makeSetup(site: site, storage: storage, flag: killSwitch)
        let catalogWithFlagOff = OTALocalizedString.bundle(for: "Catalog")
        OTALocalizedString.clearBundleCache()
        killSwitch.isOn = true
        let setup = makeSetup(site: site, storage: storage, flag: killSwitch)
        let catalogWithFlagOn = OTALocalizedString.bundle(for: "Catalog")
        _ = loadedWithFlagOff

        // Then: only the launch with the flag off loaded the install.
        #expect(catalogWithFlagOff != nil)
        #expect(catalogWithFlagOn == nil)

        // When: the cycle at launch; Then: the kill switch ran instead (no cycle, no report) and nothing is left.
        await setup.runCycle()
        #expect(setup.reports.latest == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: storage.path) == [])
        #expect(setup.isKillSwitchOn)

        // When: the flag goes off; Then: the next cycle installs again.
        await setup.setKillSwitch(false)
        await setup.runCycle()
        #expect(setup.reports.latest?.modules.map(\.outcome) == [.updated, .updated, .updated])
    }
}
