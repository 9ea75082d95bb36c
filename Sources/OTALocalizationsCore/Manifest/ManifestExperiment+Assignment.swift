import Foundation

extension ManifestExperiment {
    /// Where a device falls in an experiment.
    public enum Assignment: Sendable, Equatable, Hashable {
        /// Its bucket is in no arm's range: it uses the stable modules and is not in the experiment.
        case outside
        /// Its bucket is in the control range: it uses the stable modules and is in the experiment, arm `control`.
        case control
        /// Its bucket is in the range of the named arm: it uses that arm's entries over the stable ones.
        case arm(String)

        /// The arm's name as reports and records write it: the arm's, `control`, or nil outside the experiment.
        public var armName: String? {
            switch self {
            case .outside: nil
            case .control: ManifestExperiment.controlArmName
            case .arm(let name): name
            }
        }
    }

    /// The device's bucket in the experiment `experimentID`, 0 to 9,999: the rollout bucket
    /// (``ManifestRollout/bucket(rolloutID:installID:)``), the first 4 bytes of SHA-256 of the UTF-8 text
    /// `<experimentID>:<installID>` read as a big-endian `UInt32`, modulo 10,000.
    public static func bucket(experimentID: String, installID: String) -> Int {
        ManifestRollout.bucket(rolloutID: experimentID, installID: installID)
    }

    /// The arm whose range holds `bucket`: control, the first named arm in file order, or outside. Ranges of a valid
    /// experiment never overlap, so the order only matters for one that was not checked.
    public static func assignment(bucket: Int, control: BucketRange, arms: [(name: String, range: BucketRange)]) -> Assignment {
        if control.contains(bucket) { return .control }
        return arms.first { $0.range.contains(bucket) }.map { .arm($0.name) } ?? .outside
    }

    /// The arm of the device whose bucket is `bucket`.
    public func assignment(bucket: Int) -> Assignment {
        Self.assignment(bucket: bucket, control: control, arms: arms.map { ($0.name, $0.range) })
    }

    /// The arm of the device with `installID`.
    public func assignment(installID: String) -> Assignment {
        assignment(bucket: Self.bucket(experimentID: id, installID: installID))
    }
}
