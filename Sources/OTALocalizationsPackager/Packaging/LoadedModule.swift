import Foundation
import OTALocalizationsCore
import OTALocalizationsCatalogs

/// One table as it will be published: its place in the bundle, its bytes, and what it parsed to.
public struct LoadedTable: Sendable, Equatable {
    /// `<localization>.lproj/<file name>` inside the module's bundle.
    public var bundlePath: String
    /// The `.lproj` name without extension.
    public var localization: String
    /// The table name lookups use (file name without extension).
    public var tableName: String
    /// The repository-relative file it comes from: the `.lproj` table itself, or the String Catalog it was compiled from.
    public var sourcePath: String
    /// The bytes to publish: as the repository holds them, or as the catalog compiler wrote them.
    public var bytes: Data
    public var table: LocalizationTable
    /// True when compiled from a String Catalog.
    public var isCompiled: Bool
}

/// A module with every table read, compiled and parsed: what gets validated and packed.
public struct LoadedModule: Sendable {
    public var module: DiscoveredModule
    /// Sorted by ``LoadedTable/bundlePath``.
    public var tables: [LoadedTable]
    /// The catalogs that were read, in ``DiscoveredModule/catalogs`` order.
    public var catalogs: [StringCatalog]

    /// Every `.lproj` name the published bundle holds, sorted.
    public var localizations: [String] { Array(Set(tables.map(\.localization))).sorted() }
}
