/// An error that stops the source linter before it can check every file, with a stable ``code``.
public struct SourceLintError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A path given to the linter is neither a file nor a folder.
        public static let missingPath = Code(rawValue: "missing-path")
        /// A Swift file could not be read.
        public static let unreadable = Code(rawValue: "unreadable")
    }

    public var code: Code
    /// One line: what is wrong, where, and what to do.
    public var reason: String
    /// The path concerned, as given.
    public var path: String

    public init(code: Code, reason: String, path: String) {
        self.code = code
        self.reason = reason
        self.path = path
    }

    public var description: String { reason }
}
