/// An error decoding a ``Manifest`` as a whole (a bad module entry is not an error: see ``RejectedModule``).
public struct ManifestError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The bytes are not a JSON object.
        public static let notJSON = Code(rawValue: "not-json")
        /// An object has the same key twice (RFC 8259 section 4 leaves the meaning open; readers differ).
        public static let duplicateKey = Code(rawValue: "duplicate-key")
        /// A required top-level field is missing or has the wrong type.
        public static let missingField = Code(rawValue: "missing-field")
        /// `formatVersion` is not one this code reads.
        public static let unsupportedVersion = Code(rawValue: "unsupported-version")
        /// `publishedAt` is not an RFC 3339 date-time with a year from 0001 to 9999 (see ``ManifestDate``).
        public static let badDate = Code(rawValue: "bad-date")
        /// `developmentRegion` is not a language identifier.
        public static let badDevelopmentRegion = Code(rawValue: "bad-development-region")
        /// `channel` is present but not a channel name (see ``ManifestChannel/isValidName(_:)``).
        public static let badChannel = Code(rawValue: "bad-channel")
        /// `rollout` is present but not an object with a valid `id`, a `percent` from 0 to 100 with at most two
        /// decimals, a `modules` array and, when present, a `removedModules` array of distinct module names.
        public static let badRollout = Code(rawValue: "bad-rollout")
        /// `experiment` is present but not an object with a valid `id`, a `control` range and 1 to 8 named `arms`
        /// whose ranges (`start` 0 to 9,999, `percent` 0 to 100 with at most two decimals, end at most 10,000) do not
        /// overlap, each with its `modules` (`parts` in the index) and distinct `removedModules`; or the document
        /// carries both a `rollout` and an `experiment`.
        public static let badExperiment = Code(rawValue: "bad-experiment")
    }

    public var code: Code
    public var reason: String

    public init(code: Code, reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { reason }
}
