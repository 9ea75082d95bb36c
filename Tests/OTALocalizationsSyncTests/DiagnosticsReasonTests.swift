import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizations
@testable import OTALocalizationsSync

/// The QA snapshot's per-module view (`OTALocalizationDiagnostics`) on a storage root written by hand: every reason a
/// module shows its embedded strings, as this process's read side serves it and as the next launch would. Each test
/// loads, reads and clears the read side's process-wide cache in one turn of the main actor, as
/// LaunchQuarantineServiceTests does, so no other test's load comes in between.
@Suite @MainActor struct DiagnosticsReasonTests {
    private let sha = String(repeating: "ab", count: 32)
    private let entry = String(repeating: "ef", count: 32)
    private let key = String(repeating: "12", count: 32)

    /// Installs `module` as a full ZIP's folder named `folder` (Info.plist, `en.lproj`, the seal) and its `current`.
    @discardableResult
    private func install(_ root: URL, _ module: String, folder: String) throws -> URL {
        let moduleFolder = root.appendingPathComponent("1.0/modules/\(InstalledLayout.storageName(module))", isDirectory: true)
        let bundle = moduleFolder.appendingPathComponent(folder, isDirectory: true)
        try FileManager.default.createDirectory(at: bundle.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        let files = ["Info.plist": Data(BundleFixtures.infoPlist.utf8), "en.lproj/Localizable.strings": Data("\"a\" = \"A\";\n".utf8)]
        for (path, data) in files { try data.write(to: bundle.appendingPathComponent(path)) }
        try InstalledLayout.seal(files).write(to: bundle.appendingPathComponent(InstalledLayout.sealFileName))
        try Data((folder + "\n").utf8).write(to: moduleFolder.appendingPathComponent("current"))
        return moduleFolder
    }

    private func snapshot(
        _ root: URL, _ asOf: OTALocalizationDiagnostics.ServedAsOf, selection: OTALocalizationSelection, keys: Set<String> = []
    ) -> [String: String] {
        let value = OTALocalizationDiagnostics.read(
            layout: OTAStorageLayout(storageRoot: root, appVersion: "1.0"), channel: .some(nil), servedAsOf: asOf,
            selection: selection, trustedKeyIDs: keys, modules: ["Search"])
        return value.modules.reduce(into: [:]) { $0[$1.name] = $1.embeddedReason ?? $1.source.rawValue }
    }

    private func load(_ root: URL, selection: OTALocalizationSelection, keys: Set<String> = [], maximum: Int? = nil) {
        OTALocalizedString.forgetLaunchesCountedThisProcess()
        OTALocalizedString.loadBundlesFromDisk(
            storageRoot: root, appVersion: "1.0", selection: selection, trustedKeyIDs: keys, maximumUnconfirmedLaunches: maximum)
    }

    @Test func everyReasonOfTheSnapshotOnARealStorageRoot() throws {
        let work = try TemporaryDirectory("diagnostics")
        defer { work.remove() }
        let root = work.url
        defer { OTALocalizedString.clearBundleCache() }
        // Given: Checkout served (rollout r1); Profile without its Info.plist; Cart assembled from the base slice (en)
        // of a module with de, en and fr, named by its record's SHA-256 as sha256sum computes it; Search not installed.
        let checkout = try install(root, "Checkout", folder: sha)
        try Data("\(sha) r1\n".utf8).write(to: checkout.appendingPathComponent("rollout"))
        let profile = try install(root, "Profile", folder: sha)
        try FileManager.default.removeItem(at: profile.appendingPathComponent("\(sha)/Info.plist"))
        let record = "ota-localizations-slices 1\ndevelopment en\navailable de en fr\nbase \(sha)\n"
        let recordFile = work.url.appendingPathComponent("record")
        try Data(record.utf8).write(to: recordFile)
        let sliced = try ExternalTool.sha256sumBlocking(recordFile)
        let cart = try install(root, "Cart", folder: sliced)
        try Data(record.utf8).write(to: cart.appendingPathComponent("\(sliced)/.ota-slices"))
        try Data("\(sliced) \(entry)\n".utf8).write(to: cart.appendingPathComponent("published"))
        let french = OTALocalizationSelection(preferredLanguages: ["fr"])

        // Before any load, then after one.
        OTALocalizedString.clearBundleCache()
        #expect(snapshot(root, .thisProcess, selection: french)["Search"] == "cleared")
        load(root, selection: french)
        let expected = ["Checkout": "overTheAir", "Profile": "unreadable", "Cart": "languagesNotCovered", "Search": "notInstalled"]
        #expect(snapshot(root, .thisProcess, selection: french) == expected)
        #expect(snapshot(root, .nextLaunch, selection: french) == expected)

        // The installed entries: identity, rollout, localizations, no publishedAt without a stored state.
        let value = OTALocalizationDiagnostics.read(
            layout: OTAStorageLayout(storageRoot: root, appVersion: "1.0"), channel: .some(nil), servedAsOf: .thisProcess,
            selection: french)
        let installed = Dictionary(uniqueKeysWithValues: value.modules.map { ($0.name, $0.installed) })
        #expect(installed["Checkout"] == .init(sha256: sha, folderSHA256: sha, rolloutID: "r1", localizations: ["en"], publishedAt: nil))
        #expect(installed["Cart"] == .init(sha256: entry, folderSHA256: sliced, rolloutID: nil, localizations: ["en"], publishedAt: nil))
        #expect(value.modules.map(\.name) == ["Cart", "Checkout", "Profile"])

        // Trusted keys and no vouch record: nothing installed is served.
        load(root, selection: french, keys: [key])
        let unvouched = ["Checkout": "notVouched", "Profile": "notVouched", "Cart": "notVouched", "Search": "notInstalled"]
        #expect(snapshot(root, .thisProcess, selection: french, keys: [key]) == unvouched)
        #expect(snapshot(root, .nextLaunch, selection: french, keys: [key]) == unvouched)

        // Two unconfirmed launches, then the third: quarantined, in the snapshot's records too.
        load(root, selection: french, maximum: 2)
        load(root, selection: french, maximum: 2)
        load(root, selection: french, maximum: 2)
        let quarantined = try #require(OTALocalizedString.launchQuarantine(storageRoot: root, appVersion: "1.0"))
        #expect(quarantined.modules == ["Cart": sliced, "Checkout": sha, "Profile": sha])
        let guarded = ["Checkout": "quarantined", "Profile": "unreadable", "Cart": "languagesNotCovered", "Search": "notInstalled"]
        #expect(snapshot(root, .thisProcess, selection: french) == guarded)
        #expect(snapshot(root, .nextLaunch, selection: french) == guarded)
        let withRecords = OTALocalizationDiagnostics.read(
            layout: OTAStorageLayout(storageRoot: root, appVersion: "1.0"), channel: .some(nil), servedAsOf: .thisProcess,
            selection: french)
        #expect(withRecords.quarantines == [quarantined] && withRecords.quarantineInForce == quarantined)

        // The kill switch's first step.
        OTALocalizedString.clearBundleCache()
        #expect(snapshot(root, .thisProcess, selection: french)["Checkout"] == "cleared")
    }
}
