/// One `.stringsdict` table: top-level keys to their property-list values.
///
/// Apple: "Stringsdict File Format" (Internationalization and Localization Guide). Each top-level value is
/// usually a dictionary holding `NSStringLocalizedFormatKey` and one rule dictionary per `%#@variable@`;
/// a plain string value is also legal (APPLE-BUNDLE.md 5.1).
public struct StringsDictTable: Sendable, Equatable {
    /// A key written twice in one dictionary of an XML file. ``entries`` holds the later value, as CF and Python's
    /// `plistlib` do.
    public struct DuplicateKey: Sendable, Equatable {
        /// The top-level key whose entry holds the dictionary, or nil when the repeated key is a top-level one.
        public var entry: String?
        /// The repeated key.
        public var key: String
        /// 1-based line of the first definition.
        public var firstLine: Int
        /// 1-based line of the later definition, whose value is kept.
        public var line: Int

        public init(entry: String?, key: String, firstLine: Int, line: Int) {
            self.entry = entry
            self.key = key
            self.firstLine = firstLine
            self.line = line
        }
    }

    public var format: StringsTable.Format
    /// Top-level entries, sorted by key.
    public var entries: [String: PropertyListValue]
    /// 1-based line of each top-level key in an XML file; empty for binary property lists.
    public var keyLines: [String: Int]
    /// Every key written twice in one dictionary (top level or nested), in file order of the later definition;
    /// empty for binary property lists.
    public var duplicateKeys: [DuplicateKey]

    public init(
        format: StringsTable.Format, entries: [String: PropertyListValue], keyLines: [String: Int] = [:],
        duplicateKeys: [DuplicateKey] = []
    ) {
        self.format = format
        self.entries = entries
        self.keyLines = keyLines
        self.duplicateKeys = duplicateKeys
    }
}
