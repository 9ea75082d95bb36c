import Foundation
import OTALocalizationsSync
import OTATestSupport
import Testing

/// The debug screen's model (`OTAExample/Support/DebugSnapshot.swift`), on every platform.
@Suite struct DebugSnapshotTests {
    private static let sha = String(repeating: "0123456789abcdef", count: 4)

    @Test func eachModuleShowsTheHashOfTheFolderItsBundleReadsOrEmbeddedStrings() throws {
        // Given: bundle folders named as installs are (`<sha256>`, `<sha256>.<n>`) and one that is not an install.
        let folder = try TemporaryDirectory("debug")
        defer { folder.remove() }
        var bundles: [String: Bundle] = [:]
        for (module, name) in [("Catalog", Self.sha), ("Basket", Self.sha + ".2"), ("Embedded", "Embedded.bundle")] {
            try folder.write("\(module)/\(name)/Info.plist", BundleFixtures.infoPlist)
            let bundle = try #require(Bundle(url: folder.url.appendingPathComponent("\(module)/\(name)")))
            bundles[module] = bundle
        }

        let snapshot = DebugSnapshot(
            modules: ["Basket", "Catalog", "Embedded", "OTAExample"], bundle: { bundles[$0] }, report: nil,
            killSwitchOn: false)

        #expect(snapshot.modules.map(\.name) == ["Basket", "Catalog", "Embedded", "OTAExample"])
        #expect(snapshot.modules.map(\.installedSHA256) == [Self.sha, Self.sha, nil, nil])
        #expect(snapshot.modules.map(\.contentSummary) == [
            "over the air, 0123456789ab", "over the air, 0123456789ab", "embedded strings", "embedded strings",
        ])
        // The read side has no rollout id yet: every module says so.
        #expect(snapshot.modules.map(\.rolloutSummary) == Array(repeating: "no rollout", count: 4))
        #expect(snapshot.reportLines == ["No cycle has ended since launch."])
    }

    @Test func theReportReadsAsOneLinePerOutcomeAndAddsModulesItNames() {
        let report = OTALocalizationCycleReport(
            manifest: .updated, stateSaved: false,
            modules: [
                .init(name: "Catalog", outcome: .updated, bytes: 2506, durationMs: 12),
                .init(name: "Basket", outcome: .failed, bytes: 16, durationMs: 3, reason: "HTTP status 500", code: .transport),
                .init(name: "Legacy", outcome: .removed),
            ])

        let snapshot = DebugSnapshot(modules: ["Basket", "Catalog"], bundle: { _ in nil }, report: report, killSwitchOn: true)

        #expect(snapshot.modules.map(\.name) == ["Basket", "Catalog", "Legacy"])
        #expect(snapshot.reportLines == [
            "Manifest: updated, state not saved",
            "1 updated, 0 skipped, 1 failed, 1 removed, 2522 bytes",
            "Catalog: updated, 2506 bytes",
            "Basket: failed, 16 bytes (transport: HTTP status 500)",
            "Legacy: removed",
        ])
        #expect(snapshot.killSwitchOn)
    }

    @Test func aFailedManifestShowsItsError() {
        let report = OTALocalizationCycleReport(manifest: .failed, error: "manifest HTTP status 404")

        #expect(DebugSnapshot.reportLines(report) == [
            "Manifest: failed (manifest HTTP status 404), state not saved",
            "0 updated, 0 skipped, 0 failed, 0 removed, 0 bytes",
        ])
    }
}
