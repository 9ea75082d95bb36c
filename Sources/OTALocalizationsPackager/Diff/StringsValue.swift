import Foundation
import OTALocalizationsCore

/// One key's value as `diff` compares it: every string it holds, by where it sits inside the entry.
///
/// A `.strings` value is one string at the empty path. A `.stringsdict` entry is every leaf of its dictionary by
/// key path: `["NSStringLocalizedFormatKey"]`, `["count", "NSStringFormatValueTypeKey"]`, `["count", "one"]`
/// (Apple, "Stringsdict File Format"); an entry that is a plain string is one leaf at the empty path. Leaves that
/// are not strings (integers, booleans, dates, data) are written as text, and an empty dictionary or array is a
/// leaf `{}` or `[]`, so that no difference disappears.
public struct StringsValue: Sendable, Equatable {
    /// Key path inside the entry → the string there.
    public var leaves: [[String]: String]

    public init(leaves: [[String]: String]) {
        self.leaves = leaves
    }

    /// A `.strings` value: one leaf at the empty path.
    public init(text: String) {
        self.leaves = [[]: text]
    }

    /// A `.stringsdict` entry: every leaf of `value`.
    public init(propertyList value: PropertyListValue) {
        var leaves: [[String]: String] = [:]
        Self.collect(value, path: [], into: &leaves)
        self.leaves = leaves
    }

    /// The leaves' paths in reading order: the format key first, plural categories in CLDR's order (`zero`, `one`,
    /// `two`, `few`, `many`, `other`), then other keys alphabetically, component by component.
    public var sortedPaths: [[String]] {
        leaves.keys.sorted(by: Self.readingOrder)
    }

    /// Whether `lhs` comes before `rhs` in ``sortedPaths``'s order.
    public static func readingOrder(_ lhs: [String], _ rhs: [String]) -> Bool {
        for (left, right) in zip(lhs, rhs) where left != right {
            let ranks = (rank(left), rank(right))
            return ranks.0 != ranks.1 ? ranks.0 < ranks.1 : left < right
        }
        return lhs.count < rhs.count
    }

    private static let ranked = ["NSStringLocalizedFormatKey", "zero", "one", "two", "few", "many", "other"]

    private static func rank(_ component: String) -> Int {
        ranked.firstIndex(of: component) ?? ranked.count
    }

    private static func collect(_ value: PropertyListValue, path: [String], into leaves: inout [[String]: String]) {
        switch value {
        case .string(let text): leaves[path] = text
        case .integer(let number): leaves[path] = String(number)
        case .real(let number): leaves[path] = String(number)
        case .bool(let flag): leaves[path] = flag ? "true" : "false"
        case .date(let date): leaves[path] = ISO8601DateFormatter().string(from: date)
        case .data(let bytes): leaves[path] = "<\(bytes.count) bytes: \(bytes.base64EncodedString())>"
        case .array(let items):
            if items.isEmpty { leaves[path] = "[]" }
            for (index, item) in items.enumerated() { collect(item, path: path + [String(index)], into: &leaves) }
        case .dictionary(let dictionary):
            if dictionary.isEmpty { leaves[path] = "{}" }
            for (key, item) in dictionary { collect(item, path: path + [key], into: &leaves) }
        }
    }
}

extension StringsSnapshot.Table {
    /// The entries of a parsed table: a `.strings` table's values (the last definition of a key winning, as on a
    /// device), or each `.stringsdict` entry's leaves.
    init(_ table: LocalizationTable) {
        switch table {
        case .strings(let strings):
            self.init(entries: strings.values.mapValues(StringsValue.init(text:)))
        case .stringsDict(let dictionary):
            self.init(entries: dictionary.entries.mapValues(StringsValue.init(propertyList:)))
        }
    }
}
