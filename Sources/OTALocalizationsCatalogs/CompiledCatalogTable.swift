import Foundation
import OTALocalizationsNames

/// The tables one language of one catalog compiles to: what to write to
/// `<localization>.lproj/<tableName>.strings` and `<localization>.lproj/<tableName>.stringsdict`.
///
/// Both are property lists in the ``CatalogTableFormat`` asked of ``StringCatalogCompiler`` (by default XML in
/// the byte layout of Xcode's `xcstringstool compile`). A table with no entries is nil and must not be written, as Xcode writes none;
/// at least one of the two is non-nil.
public struct CompiledCatalogTable: Sendable, Equatable {
    /// The `.lproj` name: the catalog's localization key verbatim (`de`, `pt-BR`, `zh-Hans`).
    public var localization: String
    /// The table name: the catalog's file name without `.xcstrings` (`Localizable`).
    public var tableName: String
    /// The `.strings` bytes (an XML property list of string keys to string values), or nil when empty.
    public var strings: Data?
    /// The `.stringsdict` bytes (an XML property list of keys to format dictionaries), or nil when empty.
    public var stringsDict: Data?

    /// Where ``strings`` goes, relative to the bundle root: `<localization>.lproj/<tableName>.strings`.
    public var stringsPath: String { BundlePath(localization: localization, table: tableName, kind: .strings).path }

    /// Where ``stringsDict`` goes, relative to the bundle root: `<localization>.lproj/<tableName>.stringsdict`.
    public var stringsDictPath: String { BundlePath(localization: localization, table: tableName, kind: .stringsDict).path }

    public init(localization: String, tableName: String, strings: Data?, stringsDict: Data?) {
        self.localization = localization
        self.tableName = tableName
        self.strings = strings
        self.stringsDict = stringsDict
    }
}
