import Foundation

extension ManifestExperiment {
    /// A named arm: its bucket range and the module entries its devices use over the stable ones.
    public struct Arm: Sendable, Equatable {
        /// 1 to 32 lowercase ASCII letters, digits or `-`, starting with a letter, not `control`.
        public var name: String
        /// The buckets whose devices are in this arm.
        public var range: BucketRange
        /// The arm's module entries, each with the rules of ``Manifest/modules``; they replace the stable entries of the
        /// same name, or are added, as a rollout's do.
        public var modules: [ManifestModule]
        /// Arm module entries that could not be accepted.
        public var rejectedModules: [RejectedModule]
        /// Names of stable modules that devices in this arm drop (they fall back to their embedded strings), as a
        /// rollout's `removedModules`. Each once.
        public var removedModules: [String]

        public init(
            name: String, range: BucketRange, modules: [ManifestModule], rejectedModules: [RejectedModule] = [],
            removedModules: [String] = []
        ) {
            self.name = name
            self.range = range
            self.modules = modules
            self.rejectedModules = rejectedModules
            self.removedModules = removedModules
        }
    }

    /// The buckets an arm owns: `start` to `start + basisPoints - 1` (none when `basisPoints` is 0). The manifest
    /// writes it as `"start": <integer>, "percent": <number>`, percent being `basisPoints / 100`.
    public struct BucketRange: Sendable, Equatable {
        /// How many buckets there are: a bucket is 0 to 9,999.
        public static let bucketCount = 10_000

        /// The first bucket, 0 to 9,999; never changes while the experiment lives.
        public var start: Int
        /// The share of devices in hundredths of a percent, 0 to 10,000 (`percent` 12.34 is 1,234): the number of
        /// buckets.
        public var basisPoints: Int

        public init(start: Int, basisPoints: Int) {
            self.start = start
            self.basisPoints = basisPoints
        }

        /// One past the last bucket.
        public var end: Int { start + basisPoints }

        /// Whether `bucket` is in the range.
        public func contains(_ bucket: Int) -> Bool {
            bucket >= start && bucket < end
        }

        /// The percent as the manifest writes it: the shortest decimal with at most two fraction digits (`10`, `12.5`).
        public var percentText: String {
            ManifestRollout(id: "x", basisPoints: basisPoints, modules: []).percentText
        }
    }
}
