/// What changes from one side's tables to the other's, per module, localization, table and key: what a reviewer
/// approves before a publish (`ota-localizations diff`).
///
/// Only what differs is listed: a module, localization or table whose keys and values are the same on both sides
/// is left out (``comparedModules`` still counts its module). Everything is sorted: modules, localizations and
/// tables by name, keys by key, a key's values by ``StringsValue/readingOrder(_:_:)``.
public struct StringsDiff: Sendable, Equatable {
    /// On which side something is.
    public struct Presence: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// On both sides.
        public static let both = Presence(rawValue: "both")
        /// Only on the published side: the new tables no longer have it.
        public static let publishedOnly = Presence(rawValue: "published")
        /// Only on the new side: nothing published has it yet.
        public static let newOnly = Presence(rawValue: "new")
    }

    /// What happened to a key.
    public struct Change: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The key is only in the new table.
        public static let added = Change(rawValue: "added")
        /// The key is only in the published table.
        public static let removed = Change(rawValue: "removed")
        /// The key is in both, with a different value.
        public static let changed = Change(rawValue: "changed")
    }

    /// One string of a key's value on each side: a `.strings` value, or one leaf of a `.stringsdict` entry.
    public struct Value: Sendable, Equatable {
        /// Where in the entry (``StringsValue/leaves``): empty for a `.strings` value, `["count", "one"]` for a form.
        public var path: [String]
        /// The published string; nil when this side has none at ``path``.
        public var published: String?
        /// The new string; nil when this side has none at ``path``.
        public var new: String?

        public init(path: [String], published: String?, new: String?) {
            self.path = path
            self.published = published
            self.new = new
        }
    }

    /// One key that differs.
    public struct Key: Sendable, Equatable {
        public var key: String
        public var change: Change
        /// For an added or removed key, every string it holds; for a changed key, only the strings that differ.
        public var values: [Value]
    }

    /// One table file that differs.
    public struct Table: Sendable, Equatable {
        /// The file name inside the `.lproj` folder (`Localizable.strings`).
        public var fileName: String
        public var presence: Presence
        /// Why the published table could not be read; its keys are then not compared.
        public var publishedUnreadable: String?
        /// Why the new table could not be read; its keys are then not compared.
        public var newUnreadable: String?
        /// The keys that differ, sorted; empty when either side is unreadable.
        public var keys: [Key]
        /// The String Catalog the new side compiles this table from (repository-relative), or nil: keys are then
        /// the catalog's keys and values its text for the localization.
        public var catalog: String?

        /// Whether the keys were compared (both sides that have the table could be read).
        public var isCompared: Bool { publishedUnreadable == nil && newUnreadable == nil }
    }

    /// One localization of a module that differs.
    public struct Localization: Sendable, Equatable {
        /// The `.lproj` folder's name without `.lproj`.
        public var name: String
        public var presence: Presence
        public var tables: [Table]
    }

    /// One module that differs.
    public struct Module: Sendable, Equatable {
        public var name: String
        public var presence: Presence
        public var localizations: [Localization]
    }

    /// The modules that differ, by name.
    public var modules: [Module]
    /// How many modules the two sides have together, whether or not they differ.
    public var comparedModules: Int

    /// True when the two sides hold the same tables, keys and values.
    public var isEmpty: Bool { modules.isEmpty }

    /// Every differing key, in order.
    public var keys: [Key] { modules.flatMap { $0.localizations.flatMap { $0.tables.flatMap(\.keys) } } }

    /// How many keys have `change`.
    public func count(_ change: Change) -> Int { keys.filter { $0.change == change }.count }

    /// How many tables could not be compared because one side could not be read.
    public var tablesNotCompared: Int {
        modules.reduce(0) { $0 + $1.localizations.reduce(0) { $0 + $1.tables.filter { !$0.isCompared }.count } }
    }
}
