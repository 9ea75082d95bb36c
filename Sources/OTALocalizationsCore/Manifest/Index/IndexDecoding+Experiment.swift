import Foundation
import OTALocalizationsNames

extension IndexDecoding {
    /// The fields an experiment has in `manifest.json` and `index.json` alike: its id, control range, and each named
    /// arm's name, range, `removedModules` and JSON object (for its `modules` or `parts`), checked as a whole
    /// (``ManifestExperiment/problem(id:control:arms:)``).
    package struct ExperimentFields {
        package var id: String
        package var control: ManifestExperiment.BucketRange
        package var arms: [(name: String, range: ManifestExperiment.BucketRange, removedModules: [String], value: OrderedJSONValue)]
    }

    /// Reads `experiment` of the document `what` names (`manifest` or `index`).
    ///
    /// - Throws: ``ManifestError`` `badExperiment` when it cannot be used, or when `hasRollout`.
    package static func experimentFields(_ value: OrderedJSONValue, what: String, hasRollout: Bool) throws(ManifestError) -> ExperimentFields {
        func failure(_ reason: String) -> ManifestError { ManifestError(code: .badExperiment, reason: "\(what) 'experiment' \(reason)") }
        guard !hasRollout else {
            throw ManifestError(code: .badExperiment, reason: "\(what) has both a 'rollout' and an 'experiment'; a manifest may carry a rollout or an experiment, not both")
        }
        guard value.members != nil else { throw failure("is not a JSON object") }
        guard let id = value["id"]?.stringValue, ManifestRollout.isValidID(id) else {
            throw failure("has no 'id' of 1 to 64 ASCII letters, digits, '-' or '_'")
        }
        func range(_ value: OrderedJSONValue?, _ name: String) throws(ManifestError) -> ManifestExperiment.BucketRange {
            guard let value, let start = value["start"]?.integerValue, start >= 0, start < Int64(ManifestExperiment.BucketRange.bucketCount),
                  let percent = value["percent"]?.doubleValue, percent >= 0, percent <= 100,
                  abs(percent * 100 - (percent * 100).rounded()) < 1e-6
            else {
                throw failure("arm \(name.debugDescription) needs an integer 'start' from 0 to 9999 and a 'percent' from 0 to 100 with at most two decimals")
            }
            return ManifestExperiment.BucketRange(start: Int(start), basisPoints: Int((percent * 100).rounded()))
        }
        let control = try range(value["control"], ManifestExperiment.controlArmName)
        guard let list = value["arms"]?.arrayValue else { throw failure("has no 'arms' array") }
        guard !list.isEmpty, list.count <= ManifestExperiment.maximumArms else {
            throw failure("has \(list.count) arms; an experiment has 1 to \(ManifestExperiment.maximumArms) arms besides control")
        }
        var arms: [(name: String, range: ManifestExperiment.BucketRange, removedModules: [String], value: OrderedJSONValue)] = []
        for arm in list {
            guard arm.members != nil, let name = arm["name"]?.stringValue else { throw failure("has an arm without a string 'name'") }
            var removed: [String] = []
            if let names = arm["removedModules"] {
                guard let names = names.stringArrayValue, names.allSatisfy(PlainFileName.isValid), Set(names).count == names.count else {
                    throw failure("arm \(name.debugDescription) has a 'removedModules' that is not an array of distinct module names")
                }
                removed = names
            }
            arms.append((name, try range(arm, name), removed, arm))
        }
        if let problem = ManifestExperiment.problem(id: id, control: control, arms: arms.map { ($0.name, $0.range) }) {
            throw failure(problem)
        }
        return ExperimentFields(id: id, control: control, arms: arms)
    }
}
