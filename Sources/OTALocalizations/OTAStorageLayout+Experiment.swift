import Foundation
import OTALocalizationsNames

extension OTAStorageLayout {
    /// The file name, at the storage root, of the copy-experiment arm a debug build forced
    /// (`OTALocalizationService.forceExperimentArm(_:)`): the arm's name and a line feed. Read only by a service whose
    /// configuration allows debug actions; deleting every bundle deletes it.
    package static let forcedExperimentArmFileName = ".ota-debug-experiment-arm"

    /// `<storageRoot>/.ota-debug-experiment-arm` (see ``forcedExperimentArmFileName``).
    package var forcedExperimentArmFile: URL {
        storageRoot.appendingPathComponent(Self.forcedExperimentArmFileName, isDirectory: false)
    }

    /// The arm of a copy experiment a module's active content was installed for, as the rollout record beside its
    /// `current` says it (``rolloutRecordFileName``): `<sha256> <experiment id> <arm>` and a line feed, or
    /// `<sha256> <experiment id> <arm> forced` and a line feed when a debug action forced the arm.
    package struct ExperimentRecord: Sendable, Equatable {
        /// The active folder's SHA-256 the record is for.
        package var sha256: String
        /// The experiment's id (`RolloutIdentifier` rules).
        package var experimentID: String
        /// The arm's name, `control` included (`ExperimentArmName` rules).
        package var arm: String
        /// Whether a debug action forced the arm rather than the device's bucket choosing it.
        package var forced: Bool

        package init(sha256: String, experimentID: String, arm: String, forced: Bool) {
            self.sha256 = sha256
            self.experimentID = experimentID
            self.arm = arm
            self.forced = forced
        }

        /// The record's exact bytes.
        package var contents: Data {
            Data("\(sha256) \(experimentID) \(arm)\(forced ? " forced" : "")\n".utf8)
        }

        /// The record `data` holds, or nil unless it is exactly what ``contents`` writes for 64 lowercase hex digits,
        /// an experiment id and an arm name.
        package init?(_ data: Data) {
            guard data.count <= 256, data.last == 0x0A else { return nil }
            let fields = data.dropLast().split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
            guard fields.count == 3 || (fields.count == 4 && Array(fields[3]) == Array("forced".utf8)),
                  fields[0].count == 64, fields[0].allSatisfy(LowercaseHex.isDigit)
            else { return nil }
            let id = String(decoding: fields[1], as: UTF8.self), arm = String(decoding: fields[2], as: UTF8.self)
            guard RolloutIdentifier.isValid(id), ExperimentArmName.isValid(arm) else { return nil }
            self.init(sha256: String(decoding: fields[0], as: UTF8.self), experimentID: id, arm: arm, forced: fields.count == 4)
        }
    }

    /// The arm a forced-arm file holds, or nil unless `data` is one arm name (`control` included) and a line feed.
    package static func parseForcedExperimentArm(_ data: Data) -> String? {
        guard data.count <= 64, data.last == 0x0A else { return nil }
        let name = String(decoding: data.dropLast(), as: UTF8.self)
        return ExperimentArmName.isValid(name) ? name : nil
    }
}
