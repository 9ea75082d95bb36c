import Foundation
import OTALocalizationsNames

/// A copy experiment carried by a production manifest (docs/rollouts.md, "Copy experiments"): a control arm and one
/// to ``maximumArms`` named arms, each owning a range of the device's stable bucket.
///
/// A device computes ``bucket(experimentID:installID:)`` (the rollout bucket of ``id``) and is in the arm whose
/// ``BucketRange`` contains it (``assignment(installID:)``): in a named arm it uses that arm's module entries over the
/// stable ones exactly as a device in a staged rollout does (``Manifest/modules(inArm:)``); in control it uses the
/// stable entries; elsewhere it is not in the experiment. Ranges never overlap (``problem``), and the tools only
/// grow or shrink a range at its end, so a device keeps its arm while shares grow. A manifest carries a rollout or an
/// experiment, never both.
public struct ManifestExperiment: Sendable, Equatable {
    /// The most named arms an experiment has (control not counted).
    public static let maximumArms = 8
    /// The control arm's name in reports, records and exposures; no named arm may take it.
    public static let controlArmName = ExperimentArmName.control

    /// Names the experiment in the bucket computation, reports and records; the rules of a rollout id (1 to 64 ASCII
    /// letters, digits, `-` or `_`, ``ManifestRollout/isValidID(_:)``).
    public var id: String
    /// The control arm's range: devices in it use the stable modules and know they are in the experiment.
    public var control: BucketRange
    /// The named arms, in file order.
    public var arms: [Arm]

    public init(id: String, control: BucketRange, arms: [Arm]) {
        self.id = id
        self.control = control
        self.arms = arms
    }

    /// The arm named `name` (not control), or nil.
    public func arm(named name: String) -> Arm? {
        arms.first { $0.name == name }
    }

    /// Why this experiment cannot be published or used, in one sentence, or nil when it can (see
    /// ``problem(id:control:arms:)``).
    public var problem: String? {
        Self.problem(id: id, control: control, arms: arms.map { ($0.name, $0.range) })
    }

    /// Why an experiment with this id, control range and named arms (name and range, in file order) is refused, or nil:
    /// an id that is not a rollout id; no arm or more than ``maximumArms``; an arm name that is not an arm name
    /// (``isValidArmName(_:)``) or is `control`; a name used twice; a range whose `start` is not 0 to 9,999, whose
    /// share is not 0 to 10,000 hundredths of a percent, or whose end is past 10,000; two ranges that overlap.
    public static func problem(id: String, control: BucketRange, arms: [(name: String, range: BucketRange)]) -> String? {
        guard ManifestRollout.isValidID(id) else { return "has no 'id' of 1 to 64 ASCII letters, digits, '-' or '_'" }
        guard !arms.isEmpty, arms.count <= maximumArms else {
            return "has \(arms.count) arms; an experiment has 1 to \(maximumArms) arms besides control"
        }
        var names: Set<String> = []
        for arm in arms {
            guard isValidArmName(arm.name) else {
                return "arm name \(arm.name.debugDescription) is not 1 to \(ExperimentArmName.maximumLength) lowercase ASCII letters, digits or '-' starting with a letter, other than 'control'"
            }
            guard names.insert(arm.name).inserted else { return "names the arm \(arm.name.debugDescription) twice" }
        }
        let named = [(controlArmName, control)] + arms
        for (name, range) in named {
            guard (0..<BucketRange.bucketCount).contains(range.start), (0...BucketRange.bucketCount).contains(range.basisPoints),
                  range.end <= BucketRange.bucketCount
            else {
                return "arm \(name.debugDescription) has the range \(range.start) + \(range.basisPoints), which is not within the 10000 buckets (start 0 to 9999, percent 0 to 100, end at most 10000)"
            }
        }
        let ordered = named.filter { $0.1.basisPoints > 0 }.sorted { $0.1.start < $1.1.start }
        for (first, second) in zip(ordered, ordered.dropFirst()) where first.1.end > second.1.start {
            return "arms \(first.0.debugDescription) (buckets \(first.1.start) to \(first.1.end - 1)) and \(second.0.debugDescription) (buckets \(second.1.start) to \(second.1.end - 1)) overlap"
        }
        return nil
    }

    /// Whether `name` can name an arm other than control: 1 to 32 lowercase ASCII letters, digits or `-`, starting
    /// with a letter, and not `control`.
    public static func isValidArmName(_ name: String) -> Bool {
        name != controlArmName && ExperimentArmName.isValid(name)
    }
}

extension Manifest {
    /// The module entries a device in arm `arm` uses: ``modules`` for nil, `control` or an arm the experiment does not
    /// have; else the stable entries merged with that arm's exactly as with a rollout's (``RolloutMerge``).
    public func modules(inArm arm: String?) -> [ManifestModule] {
        guard let arm, let entries = experiment?.arm(named: arm) else { return modules }
        return RolloutMerge.entries(
            stable: modules, rollout: entries.modules, removed: Set(entries.removedModules), name: \.name)
    }
}
