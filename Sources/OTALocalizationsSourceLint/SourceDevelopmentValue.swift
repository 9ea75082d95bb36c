/// A development-language value that a lookup in Swift code writes beside its key, for the tables that do not hold
/// it: the `value:` of `NSLocalizedString(_:tableName:bundle:value:comment:)`, or the `defaultValue:` of
/// `String(localized:defaultValue:table:bundle:locale:comment:)` and
/// `LocalizedStringResource(_:defaultValue:table:locale:bundle:comment:)`.
///
/// Apple's lookups return this value when the table lacks the key (`Bundle.localizedString(forKey:value:table:)`:
/// a non-empty `value` for a key not found), so it is what users of the development language see, and the text every
/// translation of the key is formatted like.
public struct SourceDevelopmentValue: Sendable, Equatable, Codable {
    /// The table the call names (`tableName:` or `table:`), `Localizable` when it names none or `nil`.
    public var table: String
    /// The key, as the call writes it.
    public var key: String
    /// The value's text between its interpolations, escapes decoded and a multi-line literal's indentation removed:
    /// one segment for a plain literal, one more than there are `\(…)` in a `defaultValue:` that interpolates.
    public var segments: [String]
    /// The Swift file, as given to the reader (a folder argument joined with the path below it).
    public var file: String
    /// 1-based line of the call's name.
    public var line: Int
    /// 1-based column of the call's name, in Unicode scalars.
    public var column: Int

    public init(table: String, key: String, segments: [String], file: String, line: Int, column: Int) {
        self.table = table
        self.key = key
        self.segments = segments
        self.file = file
        self.line = line
        self.column = column
    }

    /// The value as one text, each interpolation written `\(…)`.
    public var text: String { segments.joined(separator: "\\(…)") }
}
