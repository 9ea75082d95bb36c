/// An error that stops the packager (before it writes anything) or a publish, with a stable ``code``.
public struct PackagerError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The configuration file is missing, not JSON, or has a bad field.
        public static let configuration = Code(rawValue: "configuration")
        /// A published location read over HTTP answered 404: its manifest or a ZIP it lists is not there (`diff`'s
        /// published side).
        public static let notFound = Code(rawValue: "not-found")
        /// The repository root or a configured folder does not exist.
        public static let missingFolder = Code(rawValue: "missing-folder")
        /// Two modules have the same name, or one table is defined twice in a module.
        public static let nameCollision = Code(rawValue: "name-collision")
        /// No module has a table.
        public static let nothingToPackage = Code(rawValue: "nothing-to-package")
        /// One or more tables do not parse; ``details`` lists each as `path:line:column: reason`.
        public static let invalidTables = Code(rawValue: "invalid-tables")
        /// Validation found errors (or warnings under ``ValidationOptions/strict``); ``details`` lists them.
        public static let validationFailed = Code(rawValue: "validation-failed")
        /// The app version is not usable as a folder name.
        public static let badAppVersion = Code(rawValue: "bad-app-version")
        /// The manifest's `publishedAt` as given (the argument, `SOURCE_DATE_EPOCH`) is not a date, or is more than
        /// ``PublishDate/futureToleranceSeconds`` ahead of the clock without `allowFuture` (``PublishDate``).
        public static let badPublishedAt = Code(rawValue: "bad-published-at")
        /// Reading inputs or writing outputs failed.
        public static let io = Code(rawValue: "io")
        /// A publish destination could not be read or written (the AWS CLI's or the file system's message follows).
        public static let publishFailed = Code(rawValue: "publish-failed")
        /// A tool a destination needs (the AWS CLI for `s3://`) is not installed.
        public static let toolMissing = Code(rawValue: "tool-missing")
        /// The tool a destination needs is older than the first version with an option the destination uses (the AWS
        /// CLI before 1.36.10 or 2.22.5: `--checksum-algorithm` on `s3 cp`, `--if-match` on `s3api put-object`).
        public static let toolTooOld = Code(rawValue: "tool-too-old")
        /// The ``ValidationOptions/adoptionBaselineFile`` is not JSON of the baseline shape (`ValidationBaselineError`'s
        /// code).
        public static let baselineMalformed = Code(rawValue: "baseline-malformed")
        /// The ``ValidationOptions/adoptionBaselineFile``'s `version` is one this release does not read
        /// (`ValidationBaselineError`'s code).
        public static let baselineUnsupportedVersion = Code(rawValue: "baseline-unsupported-version")
        /// `publish`, `promote` or `rollout` refused a change that would leave devices a manifest listing a ZIP that is
        /// not there, overwrite an immutable ZIP, or leave a signature vouching for an older manifest.
        public static let refused = Code(rawValue: "refused")
        /// `promote`, `rollout` or `verify` found a manifest no trusted key vouches for: unsigned, its envelope missing,
        /// malformed, signed by another key, or signing other bytes (docs/signing.md). Nothing was signed or written.
        public static let signature = Code(rawValue: "signature")
        /// Another `publish`, `promote` or `rollout` changed the destination's manifests after this one read them: the
        /// write is a compare-and-swap, so this one wrote no manifest (its ZIPs are there, and harmless). Run it again.
        public static let lostRace = Code(rawValue: "lost-race")
    }

    public var code: Code
    /// One line: what is wrong, where, and what to do, in the library's terms (no command-line option is named).
    public var reason: String
    /// Further lines, one per finding (for example each table that does not parse).
    public var details: [String]
    /// The input at fault, when one input of the call is; nil otherwise.
    public var field: Field?
    /// The facts ``reason`` states, for a caller that words its own message.
    public var facts: Facts

    public init(code: Code, reason: String, details: [String] = [], field: Field? = nil, facts: Facts = Facts()) {
        self.code = code
        self.reason = reason
        self.details = details
        self.field = field
        self.facts = facts
    }

    public var description: String { ([reason] + details).joined(separator: "\n") }
}
