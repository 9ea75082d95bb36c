import OTALocalizationsCore

/// The localization tables of one side of a `diff`: every table file of every module, with what it holds.
///
/// A table is identified by its module, its localization (the `.lproj` name without the extension) and its file
/// name, so `Localizable.strings` and `Localizable.stringsdict` of one localization are two tables. A module or a
/// localization is on a side when at least one of its tables is.
public struct StringsSnapshot: Sendable, Equatable {
    /// Where a table sits: module, localization and file name.
    public struct TableID: Sendable, Hashable, Comparable {
        public var module: String
        /// The `.lproj` folder's name without `.lproj` (`fr-CA`, `Base`).
        public var localization: String
        /// The file name inside the `.lproj` folder (`Localizable.stringsdict`).
        public var fileName: String

        public init(module: String, localization: String, fileName: String) {
            self.module = module
            self.localization = localization
            self.fileName = fileName
        }

        /// The path inside the module's bundle: `fr-CA.lproj/Localizable.stringsdict`.
        public var bundlePath: String { "\(localization).lproj/\(fileName)" }

        /// By module, then localization, then file name.
        public static func < (lhs: TableID, rhs: TableID) -> Bool {
            (lhs.module, lhs.localization, lhs.fileName) < (rhs.module, rhs.localization, rhs.fileName)
        }
    }

    /// One table file: its keys and values, or why it could not be read.
    public struct Table: Sendable, Equatable {
        /// Key → value, as a device reads it (a `.strings` key defined twice has its last value); empty when
        /// ``unreadableReason`` is set.
        public var entries: [String: StringsValue]
        /// Why the file could not be parsed (`path:line:column: reason`), or nil.
        public var unreadableReason: String?
        /// The String Catalog the table is compiled from (its repository-relative path), or nil for a table read as
        /// it is (a repository's `.lproj` file, or any published table).
        public var catalog: String?

        public init(entries: [String: StringsValue], unreadableReason: String? = nil, catalog: String? = nil) {
            self.entries = entries
            self.unreadableReason = unreadableReason
            self.catalog = catalog
        }
    }

    /// Every table of the side.
    public var tables: [TableID: Table]

    public init(tables: [TableID: Table] = [:]) {
        self.tables = tables
    }
}
