/// An error reading a localization table (`.strings` or `.stringsdict`), with the place it concerns.
///
/// Compare errors by ``code``; ``reason`` is for people and may change wording between releases.
public struct TableError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable identifier for the kind of problem.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The bytes are in no encoding Apple's runtime reads (UTF-8, UTF-16/32 with a byte-order mark).
        public static let encoding = Code(rawValue: "encoding")
        /// Old-style `"key" = "value";` text that does not follow the grammar.
        public static let syntax = Code(rawValue: "syntax")
        /// An XML or binary property list that is malformed.
        public static let propertyList = Code(rawValue: "property-list")
        /// A well-formed property list whose shape is not a table (for example, the root is not a dictionary).
        public static let structure = Code(rawValue: "structure")
    }

    public var code: Code
    /// What was found and what was expected, in one sentence.
    public var reason: String
    /// The file the table was read from, as given to the parser (may be empty).
    public var path: String
    /// 1-based line, or 0 when the format has no lines (binary property list).
    public var line: Int
    /// 1-based column in characters (Unicode scalars), or 0 when unknown.
    public var column: Int

    public init(code: Code, reason: String, path: String = "", line: Int = 0, column: Int = 0) {
        self.code = code
        self.reason = reason
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column: reason`, the form compilers use, so editors can jump to it.
    public var description: String {
        var location = path.isEmpty ? "<table>" : path
        if line > 0 {
            location += ":\(line)"
            if column > 0 { location += ":\(column)" }
        }
        return "\(location): \(reason)"
    }
}
