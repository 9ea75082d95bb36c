import Foundation

extension ManifestIndex {
    /// A copy experiment in the index (``ManifestExperiment``): the control range, and each named arm's range, the
    /// parts of its module entries and the modules it drops.
    public struct Experiment: Sendable, Equatable {
        /// ``ManifestExperiment/id``.
        public var id: String
        /// ``ManifestExperiment/control``.
        public var control: ManifestExperiment.BucketRange
        /// The named arms, in file order.
        public var arms: [Arm]

        /// One named arm of the index.
        public struct Arm: Sendable, Equatable {
            /// ``ManifestExperiment/Arm/name``.
            public var name: String
            /// ``ManifestExperiment/Arm/range``.
            public var range: ManifestExperiment.BucketRange
            /// The parts describing the arm's module entries alone.
            public var parts: IndexParts
            /// ``ManifestExperiment/Arm/removedModules``.
            public var removedModules: [String]

            public init(name: String, range: ManifestExperiment.BucketRange, parts: IndexParts, removedModules: [String] = []) {
                self.name = name
                self.range = range
                self.parts = parts
                self.removedModules = removedModules
            }
        }

        public init(id: String, control: ManifestExperiment.BucketRange, arms: [Arm]) {
            self.id = id
            self.control = control
            self.arms = arms
        }

        /// The arm named `name` (not control), or nil.
        public func arm(named name: String) -> Arm? {
            arms.first { $0.name == name }
        }

        /// The arm of the device whose bucket is `bucket` (``ManifestExperiment/assignment(bucket:control:arms:)``).
        public func assignment(bucket: Int) -> ManifestExperiment.Assignment {
            ManifestExperiment.assignment(bucket: bucket, control: control, arms: arms.map { ($0.name, $0.range) })
        }

        /// The arm of the device with `installID`.
        public func assignment(installID: String) -> ManifestExperiment.Assignment {
            assignment(bucket: ManifestExperiment.bucket(experimentID: id, installID: installID))
        }
    }
}
