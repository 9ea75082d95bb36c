import Foundation
import OTALocalizations
import OTALocalizationsSync
import Testing

/// The debug screen's model (`OTAExample/Support/DebugSnapshot.swift`), on every platform.
@Suite struct DebugSnapshotTests {
    private static let sha = String(repeating: "0123456789abcdef", count: 4)

    @Test func eachModuleShowsWhatTheReadSideServesAndWhy() throws {
        // Given: one module served over the air from a rollout, one from the stable entry (installed from slices, so
        // its folder is not the publish's sha256) in a forced experiment arm, and two embedded for different reasons.
        let entry = String(repeating: "fedcba9876543210", count: 4)
        let served: [String: OTALocalizedString.ServedContent] = [
            "Catalog": .overTheAir(.init(sha256: Self.sha, rolloutID: "catalog-copy")),
            "Basket": .overTheAir(.init(sha256: entry, rolloutID: nil, folderSHA256: Self.sha, experimentID: "cta", arm: "short", armForced: true)),
            "Embedded": .embedded(.quarantined),
        ]

        let snapshot = DebugSnapshot(
            modules: ["Basket", "Catalog", "Embedded", "OTAExample"], served: { served[$0] ?? .embedded(.notInstalled) },
            report: nil, killSwitchOn: false)

        #expect(snapshot.modules.map(\.name) == ["Basket", "Catalog", "Embedded", "OTAExample"])
        #expect(snapshot.modules.map(\.contentSummary) == [
            "over the air, fedcba987654", "over the air, 0123456789ab", "embedded strings (quarantined)",
            "embedded strings (notInstalled)",
        ])
        #expect(snapshot.modules.map(\.rolloutSummary) == ["no rollout", "rollout catalog-copy", "no rollout", "no rollout"])
        #expect(snapshot.modules.map(\.experimentSummary) == [
            "experiment cta, arm short (forced)", "no experiment", "no experiment", "no experiment",
        ])
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

        let snapshot = DebugSnapshot(
            modules: ["Basket", "Catalog"], served: { _ in .embedded(.notLoaded) }, report: report, killSwitchOn: true)

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
