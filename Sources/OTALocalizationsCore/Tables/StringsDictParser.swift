import Foundation

/// A reader for `.stringsdict` tables: an XML or binary property list whose root is a dictionary.
///
/// Apple: "Stringsdict File Format" (Internationalization and Localization Guide). Only the container is checked
/// here; the meaning of each entry (`NSStringLocalizedFormatKey`, plural rule dictionaries) is validation's job.
/// A key written twice in one dictionary: the last wins, as in CF and `plistlib`, and both lines are kept in
/// ``StringsDictTable/duplicateKeys`` (XML only). Callable from any thread; never traps.
public enum StringsDictParser {
    /// Parses a `.stringsdict` table.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - path: The file's path, only for error messages.
    /// - Returns: The top-level entries, the format, and (for XML) the 1-based line of each key (top-level and
    ///   nested) and the keys written twice.
    /// - Throws: `TableError` with code `.encoding`, `.propertyList` (see ``PropertyListReader``) or `.structure`
    ///   (the root is not a dictionary).
    public static func parse(_ data: Data, path: String = "") throws(TableError) -> StringsDictTable {
        let (list, format) = try PropertyListReader.readParsed(data, path: path)
        guard case .dictionary(let entries) = list.value, let topLevel = list.topLevelEntries else {
            throw TableError(
                code: .structure,
                reason: "the property list's root is \(list.value.kindDescription), but a stringsdict table needs a dictionary",
                path: path, line: list.rootLine, column: 0)
        }
        var keyLines: [String: Int] = [:]
        if format == .xmlPropertyList {
            for entry in topLevel { keyLines[entry.key] = entry.line }
        }
        return StringsDictTable(
            format: format, entries: entries, keyLines: keyLines, duplicateKeys: list.duplicateKeys,
            keyPathLines: list.keyPathLines)
    }
}
