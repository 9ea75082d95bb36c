/// One `.strings` table as Apple's runtime reads it: an ordered list of key/value entries.
///
/// Entries keep file order and duplicates, so validation can name both lines of a key defined twice;
/// ``values`` gives what Apple's `Bundle` returns (the last definition of a key wins: docs/apple-platform.md E3).
public struct StringsTable: Sendable, Equatable {
    /// How the table was stored.
    public enum Format: String, Sendable, Equatable {
        case text          // old-style "key" = "value"; (OpenStep) text
        case xmlPropertyList
        case binaryPropertyList
    }

    /// One definition in the file.
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var value: String
        /// 1-based line of the key in the file (0 for a binary property list).
        public var line: Int
        /// 1-based column of the key's first character (its opening quote) in Unicode scalars, for old-style text;
        /// 0 for property lists.
        public var column: Int
        public init(key: String, value: String, line: Int, column: Int = 0) {
            self.key = key
            self.value = value
            self.line = line
            self.column = column
        }
    }

    public var format: Format
    public var entries: [Entry]

    public init(format: Format, entries: [Entry]) {
        self.format = format
        self.entries = entries
    }

    /// Key to value, the last definition of a duplicated key winning, as on device.
    public var values: [String: String] {
        var result: [String: String] = [:]
        result.reserveCapacity(entries.count)
        for entry in entries { result[entry.key] = entry.value }
        return result
    }
}
