import OTALocalizationsCore
import OTALocalizationsNames

/// The readable tables of one module, by localization and table name.
struct TableIndex: Sendable {
    struct Strings: Sendable {
        var file: ValidationInput.File
        var table: StringsTable
        /// Each key's last definition (the one Apple keeps): its value, line and column.
        var definitions: [String: (value: String, line: Int, column: Int)]
    }

    struct Dict: Sendable {
        var file: ValidationInput.File
        var table: StringsDictTable
        /// Each entry that could be read (empty when the index was built without them).
        var entries: [String: StringsDictEntryInfo]
    }

    struct Pair: Sendable {
        var strings: Strings?
        var dict: Dict?
        /// A file of this table that could not be read.
        var unreadable: ValidationInput.File?

        var keys: Set<String> {
            Set(strings?.definitions.keys.map { $0 } ?? []).union(dict?.table.entries.keys.map { $0 } ?? [])
        }

        /// The file to name for a finding about the table as a whole.
        var anyFile: ValidationInput.File? { strings?.file ?? dict?.file ?? unreadable }
    }

    /// localization → table name → files.
    var tables: [String: [String: Pair]] = [:]

    /// - Parameter stringsDictEntries: per file of `input.files`, in order, the `.stringsdict` entries that
    ///   could be read; empty when the caller needs only keys.
    init(_ input: ValidationInput, stringsDictEntries: [[String: StringsDictEntryInfo]] = []) {
        for (position, file) in input.files.enumerated() {
            guard let localization = file.localization else { continue }
            var pair = tables[localization, default: [:]][file.tableName, default: Pair()]
            switch file.content {
            case .strings(let table):
                var definitions: [String: (value: String, line: Int, column: Int)] = [:]
                definitions.reserveCapacity(table.entries.count)
                for entry in table.entries { definitions[entry.key] = (entry.value, entry.line, entry.column) }
                pair.strings = Strings(file: file, table: table, definitions: definitions)
            case .stringsDict(let table):
                let entries = position < stringsDictEntries.count ? stringsDictEntries[position] : [:]
                pair.dict = Dict(file: file, table: table, entries: entries)
            case .unreadable:
                pair.unreadable = file
            }
            tables[localization, default: [:]][file.tableName] = pair
        }
    }

    /// The localization translations are compared with: the development region's `.lproj` (matched
    /// case-insensitively, `-` and `_` alike), else `Base`, else the first `.lproj` of the same language
    /// (`en-US` for `en`), else nil.
    func developmentLocalization(for region: String) -> String? {
        Self.developmentLocalization(for: region, among: tables.keys)
    }

    /// ``developmentLocalization(for:)`` among the localization names `names`.
    static func developmentLocalization(for region: String, among names: some Collection<String>) -> String? {
        let wanted = normalized(region)
        let names = names.sorted()
        if let match = names.first(where: { normalized($0) == wanted }) { return match }
        if names.contains(LocalizationFolder.base) { return LocalizationFolder.base }
        let language = wanted.split(separator: "-").first.map(String.init) ?? wanted
        return names.first { normalized($0).split(separator: "-").first.map(String.init) == language }
    }

    /// Whether `localization` (a ``developmentLocalization(for:)``) only stands in for the development region: another
    /// region of its language (`en-GB` for `en`), not the region's own `.lproj` nor `Base`.
    static func isStandIn(_ localization: String, for region: String) -> Bool {
        localization != LocalizationFolder.base && normalized(localization) != normalized(region)
    }

    static func normalized(_ name: String) -> String {
        name.lowercased().replacingOccurrences(of: "_", with: "-")
    }
}
