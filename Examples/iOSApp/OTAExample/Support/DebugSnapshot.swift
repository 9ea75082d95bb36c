import Foundation
import OTALocalizations
import OTALocalizationsSync

/// What the debug screen lists: each module's over-the-air content in use this session, the last cycle report and
/// the kill-switch flag. A value built from the read side and the report; no file is read here.
struct DebugSnapshot: Equatable, Sendable {
    /// One module.
    struct Module: Equatable, Sendable, Identifiable {
        var name: String
        /// The SHA-256 of the published ZIP this session reads (its install folder's name), or nil while the module
        /// shows its embedded strings.
        var installedSHA256: String?
        /// The rollout the installed content came from, when the read side reports one (see ``rolloutID(of:)``).
        var rolloutID: String?

        var id: String { name }

        /// One line: `over the air, <first 12 hex digits>` or `embedded strings`.
        var contentSummary: String {
            installedSHA256.map { "over the air, \($0.prefix(12))" } ?? "embedded strings"
        }

        /// One line: `rollout <id>` or `no rollout`.
        var rolloutSummary: String {
            rolloutID.map { "rollout \($0)" } ?? "no rollout"
        }
    }

    var modules: [Module]
    /// The last cycle report as lines (``reportLines(_:)``); one line saying so before the first cycle ends.
    var reportLines: [String]
    var killSwitchOn: Bool

    /// Builds the snapshot of `modules` (plus any other module the report names) from `bundle`, the read side's
    /// `OTALocalizedString.bundle(for:)`.
    init(modules: [String], bundle: (String) -> Bundle?, report: OTALocalizationCycleReport?, killSwitchOn: Bool) {
        let names = modules + (report?.modules.map(\.name) ?? []).filter { !modules.contains($0) }
        self.modules = names.map { name in
            let folder = bundle(name)?.bundleURL.standardizedFileURL.lastPathComponent
            return Module(
                name: name, installedSHA256: folder.flatMap(OTAStorageLayout.folderHash(ofInstallFolderName:)),
                rolloutID: Self.rolloutID(of: name))
        }
        reportLines = report.map(Self.reportLines) ?? ["No cycle has ended since launch."]
        self.killSwitchOn = killSwitchOn
    }

    // MARK: Rollout id

    /// The rollout `module`'s installed content came from.
    ///
    /// The read side does not report rollout ids yet, so this is always nil. This is the one place the debug screen
    /// takes a rollout id from: read it here when the read side gains it.
    static func rolloutID(of module: String) -> String? {
        nil
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
