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
}

/// Upper bound on container nesting in any property list, so hostile input cannot exhaust the stack.
let maximumPropertyListDepth = 512

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
