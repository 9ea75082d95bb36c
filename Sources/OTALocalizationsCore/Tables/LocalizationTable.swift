import Foundation
import OTALocalizationsNames

/// Either kind of table, chosen by file extension (`.strings` / `.stringsdict`, case-insensitive, after a non-empty
/// table name).
public enum LocalizationTable: Sendable, Equatable {
    case strings(StringsTable)
    case stringsDict(StringsDictTable)

    /// Parses `data` with ``StringsTableParser`` or ``StringsDictParser`` according to `path`'s extension.
    ///
    /// - Throws: `TableError`; code `.structure` when the file name is not a table name followed by `.strings` or
    ///   `.stringsdict` (so `.strings` alone is refused), otherwise whatever the chosen parser throws.
    public static func parse(_ data: Data, path: String) throws(TableError) -> LocalizationTable {
        switch TableKind(anyCaseFileName: BundlePath(path).fileName) {
        case .stringsDict: return .stringsDict(try StringsDictParser.parse(data, path: path))
        case .strings: return .strings(try StringsTableParser.parse(data, path: path))
        case nil: break
        }
        throw TableError(
            code: .structure,
            reason: "not a localization table: expected a file name ending in .strings or .stringsdict",
            path: path)
    }

    /// Number of top-level keys: distinct keys for `.strings` (a duplicated key counts once, as on device),
    /// entries for `.stringsdict`.
    public var keyCount: Int {
        switch self {
        case .strings(let table): return Set(table.entries.map(\.key)).count
        case .stringsDict(let table): return table.entries.count
        }
    }
}
