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

    /// Runs `publish.sh <site> [--catalog-title <title>]` with the built CLI, into `site` or a new folder; returns the
    /// site folder.
    @discardableResult
    nonisolated static func publish(into existing: TemporaryDirectory? = nil, catalogTitle: String? = nil) throws -> TemporaryDirectory {
        let site = try existing ?? TemporaryDirectory("example-site")
        var environment = ProcessInfo.processInfo.environment
        environment["OTA_LOCALIZATIONS"] = TestPaths.cliExecutable.path
        let script = TestPaths.packageRoot.appendingPathComponent("Examples/iOSApp/publish.sh").path
        let result = try ExternalTool.runBlocking(
            script, [site.path] + (catalogTitle.map { ["--catalog-title", $0] } ?? []), environment: environment)
        guard result.status == 0 else {
            throw ToolFailure(message: "publish.sh failed (\(result.status)): \(result.stderr)")
        }
        return site
    }

    /// Module name to the SHA-256 the published manifest lists, read with Python's `json`.
    /// Each module's published base slice SHA-256, as Python reads the manifest.
    nonisolated static func publishedBaseSlices(_ site: TemporaryDirectory) throws -> [String: String] {
        let output = try ExternalTool.pythonBlocking("""
            import json, sys
            for m in json.load(open(sys.argv[1]))["modules"]:
                print(m["name"], m["slices"]["base"]["sha256"])
            """, [site.url.appendingPathComponent("1.0/manifest.json").path])
        return Dictionary(uniqueKeysWithValues: output.split(separator: "\n").map {
            let parts = $0.split(separator: " ")
            return (String(parts[0]), String(parts[1]))
        })
    }

    /// A publish of the example, an empty storage root and a fresh kill-switch flag.
    final class Fixture {
        let site: TemporaryDirectory
        let storage: TemporaryDirectory
        let flag: KillSwitchFlag
        private let suite = "LocalizationSetupTests-\(UUID().uuidString)"

        init() throws {
            site = try LocalizationSetupTests.publish()
            storage = try TemporaryDirectory("example-storage")
            flag = KillSwitchFlag(defaults: try #require(UserDefaults(suiteName: suite)))
        }

        var storageRoot: URL { storage.url }

        /// A launch of the app over this fixture: its composition root (whose init loads the storage root) and the
        /// bundle the read side then hands the Catalog module, read and cleared in the same turn of the main actor.
        @MainActor
        func launch() -> (setup: LocalizationSetup, catalog: Bundle?) {
            let setup = LocalizationSetup(
                configuration: AppConfiguration(baseURL: LocalizationSetupTests.baseURL, appVersion: "1.0", storageRoot: storageRoot),
                killSwitch: flag, transport: FolderTransport(baseURL: LocalizationSetupTests.baseURL, folder: site.url))
            defer { OTALocalizedString.clearBundleCache() }
            return (setup, OTALocalizedString.bundle(for: "Catalog"))
        }

        func remove() {
            site.remove()
            storage.remove()
            flag.defaults.removePersistentDomain(forName: suite)
        }
    }

    @Test func theDebugScreensExportReadsTheSnapshotAndItsActionsNeedTheAppsOptIn() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let setup = fixture.launch().setup
        do {
            _ = try await setup.service.runCycleNow()
            Issue.record("a cycle ran without the app's opt-in")
        } catch {
            #expect(error.code == .notAllowed)
        }
        let json = await setup.diagnosticsJSON()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["formatVersion"] as? Int == 1 && object["cycleReports"] as? [Any] != nil)
        #expect((object["modules"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == LocalizationSetup.moduleNames)

        let allowed = LocalizationSetup(
            configuration: AppConfiguration(baseURL: LocalizationSetupTests.baseURL, appVersion: "1.0", storageRoot: fixture.storageRoot),
            killSwitch: fixture.flag, transport: FolderTransport(baseURL: LocalizationSetupTests.baseURL, folder: fixture.site.url),
            allowsDebugActions: true)
        OTALocalizedString.clearBundleCache()
        #expect(try await allowed.service.runCycleNow()?.updated == LocalizationSetup.moduleNames.count)
    }

    @Test func aCycleInstallsEveryModuleAndTheDebugScreenShowsThePublishedHashes() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let (setup, catalog) = fixture.launch()
        #expect(catalog == nil)
        #expect(setup.debugSnapshot().reportLines == ["No cycle has ended since launch."])

        await setup.runCycle()

        let report = try #require(setup.reports.latest)
        #expect(report.manifest == .updated && report.stateSaved, "\(report.jsonText())")
        #expect(report.modules.map(\.name) == ["Basket", "Catalog", "OTAExample"])
        #expect(report.modules.map(\.outcome) == [.updated, .updated, .updated])
        // The next launch: what the app's init loads, as the debug screen lists it.
        OTALocalizedString.loadBundlesFromDisk(storageRoot: fixture.storageRoot, appVersion: "1.0")
        let snapshot = setup.debugSnapshot()
        OTALocalizedString.clearBundleCache()
        let bases = try Self.publishedBaseSlices(fixture.site)
        #expect(snapshot.modules.map(\.name) == LocalizationSetup.moduleNames)
        // The app installs base plus the slices of this machine's languages: each folder is named by the SHA-256 of
        // its slice record (sha256sum's), and the record names the published base slice.
        for module in snapshot.modules {
            let installed = try #require(module.overTheAir?.folderSHA256)
            let record = OTAStorageLayout(storageRoot: fixture.storageRoot, appVersion: "1.0")
                .installFolder(module: module.name, folderName: installed).appendingPathComponent(".ota-slices")
            #expect(try ExternalTool.sha256sumBlocking(record) == installed)
            #expect(try String(contentsOf: record, encoding: .utf8).contains("\nbase \(bases[module.name] ?? "?")\n"))
        }
        #expect(snapshot.reportLines.prefix(2) == [
            "Manifest: updated, state saved", "3 updated, 0 skipped, 0 failed, 0 removed, \(report.bytesDownloaded) bytes",
        ])
    }

    @Test func theKillSwitchFlagKeepsInstallsUnloadedAndDeletesThem() async throws {
        // Given: the example installed by a first launch.
        let fixture = try Fixture()
        defer { fixture.remove() }
        let first = fixture.launch().setup
        await first.runCycle()
        #expect(first.reports.latest?.failed == 0)

        // When: the next launch with the flag off, then one with it on.
        let catalogWithFlagOff = fixture.launch().catalog
        fixture.flag.isOn = true
        let (setup, catalogWithFlagOn) = fixture.launch()

        // Then: only the launch with the flag off loaded the install.
        #expect(catalogWithFlagOff != nil)
        #expect(catalogWithFlagOn == nil)

        // When: the cycle at launch; Then: the kill switch ran instead (no cycle, no report) and nothing is left but
        // the install ID and the anti-rollback record, which the kill switch keeps (docs/rollouts.md, docs/signing.md).
        await setup.runCycle()
        #expect(setup.reports.latest == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.storageRoot.path).sorted() == [".ota-anti-rollback.json", ".ota-install-id"])
        #expect(setup.isKillSwitchOn)

        // When: the flag goes off; Then: the publish the switch pulled stays pulled (docs/operations.md, "The kill
        // switch"), and the next publish installs.
        await setup.setKillSwitch(false)
        await setup.runCycle()
        #expect(setup.reports.latest?.manifest == .stale)
        // publishedAt is in whole seconds, and a publish of the same second as the pulled one is not newer.
        try await Task.sleep(nanoseconds: 1_100_000_000)
        try LocalizationSetupTests.publish(into: fixture.site, catalogTitle: "Catalog, fixed")
        await setup.runCycle()
        #expect(setup.reports.latest?.modules.map(\.outcome) == [.updated, .updated, .updated])
    }
}
