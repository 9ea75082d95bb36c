/// An error reading or compiling a String Catalog (`.xcstrings`), with the place in the catalog it concerns.
///
/// Compare errors by ``code``; ``reason`` is for people and may change wording between releases.
/// ``line`` and ``column`` point into the catalog's JSON text; ``jsonPath`` (an RFC 6901 JSON Pointer such as
/// `/strings/greeting/localizations/de/variations/device/other`) names the value when there is one.
public struct CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable identifier for the kind of problem.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The bytes are not JSON (RFC 8259) in UTF-8; `line`/`column` give the first offending character.
        public static let invalidJSON = Code(rawValue: "invalid-json")
        /// The catalog's `version` is not one Xcode writes (`1.0`, `1.1`, `1.2`).
        public static let unsupportedVersion = Code(rawValue: "unsupported-version")
        /// Valid JSON whose shape is not a String Catalog (a required member is missing or has the wrong type).
        public static let structure = Code(rawValue: "structure")
        /// A `variations` object with a kind other than `plural` or `device`, or with more than one kind.
        public static let unsupportedVariation = Code(rawValue: "unsupported-variation")
        /// A plural case named other than the CLDR categories `zero one two few many other`.
        public static let invalidPluralCategory = Code(rawValue: "invalid-plural-category")
        /// A plural case that is itself varied (Xcode: "Plural case cannot be further varied").
        public static let variedPluralCase = Code(rawValue: "varied-plural-case")
        /// A device `other` case that is varied or references substitutions
        /// (Xcode: "Fallback value cannot be further varied").
        public static let variedFallback = Code(rawValue: "varied-fallback")
        /// A source-language plural whose cases never reference the number
        /// (Xcode: "Plural variation requires referencing the number in the string").
        public static let pluralWithoutNumber = Code(rawValue: "plural-without-number")
        /// A `%#@name@` reference to a substitution the localization does not define
        /// (Xcode: "Referencing undefined substitution").
        public static let undefinedSubstitution = Code(rawValue: "undefined-substitution")
        /// A substitution that is neither a plain string nor a plural variation
        /// (Xcode: "Cannot reference substitution … because it is not a plain string or plural variation").
        public static let invalidSubstitution = Code(rawValue: "invalid-substitution")
    }

    public var code: Code
    /// What was found and what was expected, in one sentence.
    public var reason: String
    /// The catalog file, as given to ``StringCatalog/init(bytes:path:)`` (may be empty).
    public var path: String
    /// 1-based line in the catalog, or 0 when unknown.
    public var line: Int
    /// 1-based column in characters (Unicode scalars), or 0 when unknown.
    public var column: Int
    /// RFC 6901 JSON Pointer to the value concerned, or nil when the error is not about one value.
    public var jsonPath: String?
    /// The catalog key (string entry) concerned, if any.
    public var key: String?
    /// The localization (language) concerned, if any.
    public var language: String?

    public init(
        code: Code, reason: String, path: String = "", line: Int = 0, column: Int = 0,
        jsonPath: String? = nil, key: String? = nil, language: String? = nil
    ) {
        self.code = code
        self.reason = reason
        self.path = path
        self.line = line
        self.column = column
        self.jsonPath = jsonPath
        self.key = key
        self.language = language
    }

    /// `path:line:column: reason (language: key)`, the form compilers use, so editors can jump to it.
    public var description: String {
        var location = path.isEmpty ? "<catalog>" : path
        if line > 0 {
            location += ":\(line)"
            if column > 0 { location += ":\(column)" }
        }
        var text = "\(location): \(reason)"
        if let key {
            text += " (\(language ?? "?"): \(key))"
        } else if let jsonPath {
            text += " (at \(jsonPath))"
        }
        return text
    }
}
