/// An error reading a validation baseline file.
///
/// Compare errors by ``code``; ``reason`` is for people.
public struct ValidationBaselineError: Error, Sendable, Equatable, CustomStringConvertible {
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
    /// What was found, without what to do: `not valid JSON (…)`, `version 2 is not supported (…)`.
    public var problem: String
    /// Whether the file can be fixed where it is (its JSON does not parse) as well as recorded again.
    public var isFixableInPlace: Bool
    /// 1-based line and column of the problem in the file, when it has a place.
    public var line: Int?
    public var column: Int?

    public init(code: Code, problem: String, isFixableInPlace: Bool = false, line: Int? = nil, column: Int? = nil) {
        self.code = code
        self.problem = problem
        self.isFixableInPlace = isFixableInPlace
        self.line = line
        self.column = column
    }

    /// What was found and what to do: ``problem``, then fix it there (when ``isFixableInPlace``) or record the
    /// baseline again (``ValidationBaseline/init(recording:)``).
    public var reason: String {
        problem + "; " + (isFixableInPlace ? "fix it there, or " : "") + "record the baseline again from today's findings"
    }

    /// `line:column: reason`, or the reason alone.
    public var description: String {
        guard let line else { return reason }
        return "\(line):\(column ?? 1): \(reason)"
    }
}
