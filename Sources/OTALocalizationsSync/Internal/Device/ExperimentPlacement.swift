import OTALocalizationsCore

/// Where a device falls in a publish's copy experiment: by its bucket (``ManifestExperiment/Assignment``), or in the
/// arm a debug action forced when the experiment has it (`control` included).
struct ExperimentPlacement: Sendable, Equatable {
    var assignment: ManifestExperiment.Assignment
    /// The report's experiment entry: id, arm (nil outside), forced.
    var report: OTALocalizationCycleReport.Experiment
    /// What the placement was computed from.
    var basis: ExperimentBasis

    /// - Parameters:
    ///   - installID: nil when the device has none (it is then outside unless an arm is forced).
    ///   - forcedArm: the arm a debug action forced, read only when the configuration allows debug actions.
    init(experiment: ManifestIndex.Experiment, installID: String?, forcedArm: String?) {
        let bucket = installID.map { ManifestExperiment.bucket(experimentID: experiment.id, installID: $0) }
        var assignment = bucket.map(experiment.assignment(bucket:)) ?? .outside
        var forced = false
        if let forcedArm {
            if forcedArm == ManifestExperiment.controlArmName {
                assignment = .control
                forced = true
            } else if experiment.arm(named: forcedArm) != nil {
                assignment = .arm(forcedArm)
                forced = true
            }
        }
        self.assignment = assignment
        report = .init(id: experiment.id, arm: assignment.armName, forced: forced)
        basis = ExperimentBasis(bucket: bucket, forcedArm: forcedArm)
    }
}
