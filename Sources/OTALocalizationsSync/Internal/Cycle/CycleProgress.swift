import Foundation

/// What a cycle has reported so far, so that a cycle stopped from outside (its deadline, the kill switch) still
/// ends with a report that shows what it did: the modules finished, and the others as failed (`cancelled`).
final class CycleProgress: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var manifest: OTALocalizationCycleReport.ManifestOutcome?
    private var names: [String] = []
    private var modules: [OTALocalizationCycleReport.Module?] = []
    private var trailing: [OTALocalizationCycleReport.Module] = []
    private var rollout: OTALocalizationCycleReport.Rollout?
    private var experiment: OTALocalizationCycleReport.Experiment?
    private var installed: [String] = []

    /// The cycle acts on a manifest: one slot per module (`names`), some already decided, then `trailing` entries.
    func plan(_ manifest: OTALocalizationCycleReport.ManifestOutcome, names: [String],
              modules: [OTALocalizationCycleReport.Module?], trailing: [OTALocalizationCycleReport.Module],
              rollout: OTALocalizationCycleReport.Rollout? = nil, experiment: OTALocalizationCycleReport.Experiment? = nil) {
        lock.lock()
        self.rollout = rollout
        self.experiment = experiment
        self.manifest = manifest
        self.names = names
        self.modules = modules
        self.trailing = trailing
        lock.unlock()
    }

    /// Module `index` of the plan is done.
    func record(_ index: Int, _ module: OTALocalizationCycleReport.Module) {
        lock.lock()
        if modules.indices.contains(index) { modules[index] = module }
        lock.unlock()
    }

    /// The folder at the standardized path `path` was committed (renamed into place and named by `current`).
    func committed(_ path: String) {
        lock.lock()
        installed.append(path)
        lock.unlock()
    }

    /// Every folder committed so far.
    var installedFolders: [String] {
        lock.lock()
        defer { lock.unlock() }
        return installed
    }

    /// The report of a cycle stopped now (the kill switch, the cycle deadline), for `error` (for example
    /// ``CycleFailure/cancelled``'s), with the error code `cancelled`.
    func interruptedReport(error: String) -> OTALocalizationCycleReport {
        lock.lock()
        defer { lock.unlock() }
        var result: [OTALocalizationCycleReport.Module] = []
        for (index, module) in modules.enumerated() {
            result.append(module ?? .init(name: names[index], outcome: .failed, reason: error, code: .cancelled))
        }
        return OTALocalizationCycleReport(
            manifest: manifest ?? .failed, error: error, errorCode: .cancelled, rollout: rollout, modules: result + trailing,
            experiment: experiment)
    }
}
