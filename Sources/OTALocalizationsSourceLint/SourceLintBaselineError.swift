/// An error reading a source-lint baseline file (``SourceLintBaseline/init(data:)``).
///
/// It carries the facts only; the command line names the file and the command that records a baseline. Compare
/// errors by ``code`` (the same codes as the validation baseline's); ``problem`` is for people.
public struct SourceLintBaselineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable identifier for the kind of problem.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The file is not JSON of the baseline shape.
        public static let malformed = Code(rawValue: "baseline-malformed")
        /// The file's `version` is one this release does not read.
        public static let unsupportedVersion = Code(rawValue: "baseline-unsupported-version")
    }

    public var code: Code
    /// What was found, without what to do: `not valid JSON`, `version 2 is not supported (…)`.
    public var problem: String
    /// Whether the file can be fixed where it is (its JSON does not parse) as well as recorded again.
    public var isFixableInPlace: Bool

    public init(code: Code, problem: String, isFixableInPlace: Bool = false) {
        self.code = code
        self.problem = problem
        self.isFixableInPlace = isFixableInPlace
    }

    /// ``problem``, then fix it there (when ``isFixableInPlace``) or record the baseline again.
    public var description: String {
        problem + "; " + (isFixableInPlace ? "fix it there, or " : "") + "record the baseline again from today's findings"
    }
}
