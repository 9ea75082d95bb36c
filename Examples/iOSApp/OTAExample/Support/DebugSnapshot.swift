import Foundation
import OTALocalizations
import OTALocalizationsSync

/// What the debug screen lists: what each module shows this session (over the air, with the publish and rollout or
/// experiment arm it came from, or its embedded strings and why), the last cycle report and the kill-switch flag. A value built from the
/// read side and the report; no file is read here.
struct DebugSnapshot: Equatable, Sendable {
    /// One module.
    struct Module: Equatable, Sendable, Identifiable {
        var name: String
        /// What the read side serves for the module this session (`OTALocalizedString.servedContent(for:)`).
        var served: OTALocalizedString.ServedContent

        var id: String { name }

        /// The over-the-air content served, or nil while the module shows its embedded strings.
        var overTheAir: OTALocalizedString.InstalledContent? {
            if case .overTheAir(let content) = served { return content }
            return nil
        }

        /// One line: `over the air, <first 12 hex digits of the publish's sha256>` or `embedded strings (<reason>)`.
        var contentSummary: String {
            switch served {
            case .overTheAir(let content): "over the air, \(content.sha256.prefix(12))"
            case .embedded(let reason): "embedded strings (\(reason))"
            }
        }

        /// One line: `rollout <id>` or `no rollout` (always for embedded strings).
        var rolloutSummary: String {
            overTheAir?.rolloutID.map { "rollout \($0)" } ?? "no rollout"
        }

        /// One line: `experiment <id>, arm <arm>`, with ` (forced)` when a debug action forced the arm, or
        /// `no experiment` (always for embedded strings).
        var experimentSummary: String {
            guard let id = served.experimentID, let arm = served.arm else { return "no experiment" }
            return "experiment \(id), arm \(arm)" + (served.armForced ? " (forced)" : "")
        }
    }

    var modules: [Module]
    /// The last cycle report as lines (``reportLines(_:)``); one line saying so before the first cycle ends.
    var reportLines: [String]
    var killSwitchOn: Bool

    /// Builds the snapshot of `modules` (plus any other module the report names) from `served`, the read side's
    /// `OTALocalizedString.servedContent(for:)`.
    init(
        modules: [String], served: (String) -> OTALocalizedString.ServedContent, report: OTALocalizationCycleReport?,
        killSwitchOn: Bool
    ) {
        let names = modules + (report?.modules.map(\.name) ?? []).filter { !modules.contains($0) }
        self.modules = names.map { Module(name: $0, served: served($0)) }
        reportLines = report.map(Self.reportLines) ?? ["No cycle has ended since launch."]
        self.killSwitchOn = killSwitchOn
    }

    // MARK: Report

    /// `report` as short lines: the manifest outcome, the totals, then one line per module.
    static func reportLines(_ report: OTALocalizationCycleReport) -> [String] {
        var manifest = "Manifest: \(report.manifest.rawValue)"
        if let error = report.error { manifest += " (\(error))" }
        manifest += report.stateSaved ? ", state saved" : ", state not saved"
        let totals = "\(report.updated) updated, \(report.skipped) skipped, \(report.failed) failed, "
            + "\(report.removed) removed, \(report.bytesDownloaded) bytes"
        let modules = report.modules.map { module in
            var line = "\(module.name): \(module.outcome.rawValue)"
            if module.bytes > 0 { line += ", \(module.bytes) bytes" }
            if let reason = module.reason { line += " (\(module.code.map { "\($0): " } ?? "")\(reason))" }
            return line
        }
        return [manifest, totals] + modules
    }
}
