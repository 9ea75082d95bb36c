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
    /// What was found and what to do.
    public var reason: String
    /// 1-based line and column of the problem in the file, when it has a place.
    public var line: Int?
    public var column: Int?

    public init(code: Code, reason: String, line: Int? = nil, column: Int? = nil) {
        self.code = code
        self.reason = reason
        self.line = line
        self.column = column
    }

    /// `line:column: reason`, or the reason alone.
    public var description: String {
        guard let line else { return reason }
        return "\(line):\(column ?? 1): \(reason)"
    }
}
