/// One `.stringsdict` table: top-level keys to their property-list values.
///
/// Apple: "Stringsdict File Format" (Internationalization and Localization Guide). Each top-level value is
/// usually a dictionary holding `NSStringLocalizedFormatKey` and one rule dictionary per `%#@variable@`;
/// a plain string value is also legal (docs/apple-platform.md P1, P2).
public struct StringsDictTable: Sendable, Equatable {
    /// A key written twice in one dictionary of an XML file. ``entries`` holds the later value, as CF and Python's
    /// `plistlib` do.
    public struct DuplicateKey: Sendable, Equatable {
        /// The keys from the top-level entry down to the dictionary that repeats ``key`` (`["files", "count"]` for a
        /// form written twice in the rule `count` of the entry `files`); empty when the repeated key is a top-level one.
        public var path: [String]
        /// The top-level key whose entry holds the dictionary (the first of ``path``), or nil when the repeated key is
        /// a top-level one.
        public var entry: String? { path.first }
        /// The repeated key.
        public var key: String
        /// 1-based line of the first definition.
        public var firstLine: Int
        /// 1-based line of the later definition, whose value is kept.
        public var line: Int

        public init(path: [String], key: String, firstLine: Int, line: Int) {
            self.path = path
            self.key = key
            self.firstLine = firstLine
            self.line = line
        }

        /// A repeated key directly inside the entry `entry` (or at the top level when nil).
        public init(entry: String?, key: String, firstLine: Int, line: Int) {
            self.init(path: entry.map { [$0] } ?? [], key: key, firstLine: firstLine, line: line)
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
    /// 1-based line of each key below the top level in an XML file, by its key path: the top-level key first, then
    /// each nested dictionary key (`["files", "count", "one"]` for the form `one` of the rule `count`). A repeated
    /// key has the line of its later definition. Empty for binary property lists.
    public var keyPathLines: [[String]: Int]

    public init(
        format: StringsTable.Format, entries: [String: PropertyListValue], keyLines: [String: Int] = [:],
        duplicateKeys: [DuplicateKey] = [], keyPathLines: [[String]: Int] = [:]
    ) {
        self.format = format
        self.entries = entries
        self.keyLines = keyLines
        self.duplicateKeys = duplicateKeys
        self.keyPathLines = keyPathLines
    }

    /// The line of the key at `path` below the entry `key` (its rule, then its form), or of the nearest enclosing key
    /// that has one, down to the entry's own key; nil when none has a line (binary property lists).
    public func line(ofKey key: String, path: [String]) -> Int? {
        var full = [key] + path
        while full.count > 1 {
            if let line = keyPathLines[full] { return line }
            full.removeLast()
        }
        return keyLines[key]
    }
}
