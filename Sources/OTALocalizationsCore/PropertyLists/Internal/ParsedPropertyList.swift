/// A property list as the internal readers return it: the value plus, for a dictionary root, its entries in
/// file order with the 1-based line of each key (0 when the format has no lines).
struct ParsedPropertyList {
    struct TopLevelEntry {
        var key: String
        var value: PropertyListValue
        var line: Int
    }

    var value: PropertyListValue
    /// Nil unless the root is a dictionary; duplicates kept in file order.
    var topLevelEntries: [TopLevelEntry]?
    /// Line of the root element (0 for binary).
    var rootLine: Int
    /// Keys written twice in one dictionary, in file order (XML only).
    var duplicateKeys: [StringsDictTable.DuplicateKey] = []
    /// The line of each key below the root dictionary's own keys, by key path (XML only).
    var keyPathLines: [[String]: Int] = [:]
}

/// Upper bound on container nesting in any property list, so hostile input cannot exhaust the stack.
///
/// Both readers recurse once per level; a level costs up to 1.6 KB of stack in a release build and 10.8 KB in a
/// debug build (x86_64, `BinaryPropertyListParser.decode`). The app parses downloaded tables on Swift concurrency
/// threads, which have 512 KiB on Apple platforms: at the former cap of 512, a 2 KB binary `.stringsdict` of 400
/// nested arrays overflowed such a stack (docs/fuzzing.md). The corpus's `.stringsdict` files nest at most 4 levels.
let maximumPropertyListDepth = 32

extension PropertyListValue {
    /// "a string", "an array", ... for messages.
    var kindDescription: String {
        switch self {
        case .string: return "a string"
        case .integer: return "an integer"
        case .real: return "a real number"
        case .bool: return "a boolean"
        case .date: return "a date"
        case .data: return "data"
        case .array: return "an array"
        case .dictionary: return "a dictionary"
        }
    }
}
