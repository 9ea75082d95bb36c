/// One `.stringsdict` table: top-level keys to their property-list values.
///
/// Apple: "Stringsdict File Format" (Internationalization and Localization Guide). Each top-level value is
/// usually a dictionary holding `NSStringLocalizedFormatKey` and one rule dictionary per `%#@variable@`;
/// a plain string value is also legal (APPLE-BUNDLE.md 5.1).
public struct StringsDictTable: Sendable, Equatable {
    public var format: StringsTable.Format
    /// Top-level entries, sorted by key.
    public var entries: [String: PropertyListValue]
    /// 1-based line of each top-level key in an XML file; empty for binary property lists.
    public var keyLines: [String: Int]

    public init(format: StringsTable.Format, entries: [String: PropertyListValue], keyLines: [String: Int] = [:]) {
        self.format = format
        self.entries = entries
        self.keyLines = keyLines
    }
}
