import Foundation
import OTALocalizationsCore
import OTALocalizationsSync

extension PublishVerifier {
    /// An experiment's arms as the devices in each would take them (docs/rollouts.md, "Copy experiments with arms"):
    /// for control, each named arm and the devices outside, the module entries such a device uses (the stable ones,
    /// merged with the arm's as ``Manifest/modules(inArm:)`` merges them), counted against a device's limit, with the
    /// arm's range of buckets. Each arm's files are checked by ``checkArchives(_:)``, each line naming its arm.
    mutating func checkArms(_ manifest: Manifest) {
        guard let experiment = manifest.experiment else { return }
        func range(_ range: ManifestExperiment.BucketRange) -> String {
            "\(range.percentText)%" + (range.basisPoints == 0 ? ", no bucket" : ", buckets \(range.start) to \(range.end - 1)")
        }
        let stableCount = manifest.modules.count + manifest.rejectedModules.count
        let stable = "the \(stableCount == 1 ? "stable module entry" : "\(stableCount) stable module entries")"
        checkCount(stableCount, arm: ManifestExperiment.controlArmName,
                   "experiment \(experiment.id), control (\(range(experiment.control))): a device in it uses \(stable)")
        for arm in experiment.arms {
            let entries = manifest.modules(inArm: arm.name)
            let count = entries.count + manifest.rejectedModules.count + arm.rejectedModules.count
            let own = Set(arm.modules.map(\.name))
            var changes = entries.filter { own.contains($0.name) }.map { "\($0.name) from the arm" }
            let listed = Set(entries.map(\.name))
            changes += arm.removedModules.filter { !listed.contains($0) }.map { "\($0) dropped" }
            checkCount(count, arm: arm.name,
                       "experiment \(experiment.id), arm \(arm.name) (\(range(arm.range))): a device in it uses "
                           + "\(count == 1 ? "1 module entry" : "\(count) module entries")"
                           + (changes.isEmpty ? "" : " (\(changes.joined(separator: ", ")))"))
        }
        let inside = ([experiment.control] + experiment.arms.map(\.range)).reduce(0) { $0 + $1.basisPoints }
        let outside = ManifestExperiment.BucketRange(start: 0, basisPoints: max(0, ManifestExperiment.BucketRange.bucketCount - inside))
        checkCount(stableCount, arm: nil,
                   "experiment \(experiment.id), outside (\(outside.percentText)% of devices): a device there uses \(stable), "
                       + "not in the experiment")
    }

    /// A pass line `text` for `arm`, or a failure when `count` entries are more than a device accepts.
    private mutating func checkCount(_ count: Int, arm: String?, _ text: String) {
        do {
            try ManifestAdmission.checkEntryCount(count, rules: rules)
            pass(text, arm: arm)
        } catch {
            fail("\(text): \(error.reason) (\(error.code))", code: "\(error.code)", arm: arm)
        }
    }
}
