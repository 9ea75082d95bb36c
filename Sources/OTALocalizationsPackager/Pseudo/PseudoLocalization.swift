import Foundation
import OTALocalizationsCore
import OTALocalizationsNames
import OTALocalizationsPublishing

/// Pseudo-localization: one localization's tables replaced, in every module that has that localization, by
/// ``PseudoText`` derived from the development region's tables, for QA on a channel other than production
/// (docs/packaging.md, "Pseudo-localization"; docs/rollouts.md).
///
/// For each table of the development region (`en.lproj/Shop.strings`, `en.lproj/Shop.stringsdict`) the module gets
/// `<localization>.lproj/` the table of the same file name, with every key of the development table, so no key is
/// missing; the localization's own tables are dropped (a table or key only they had is not published). A `.strings`
/// table is written as old-style UTF-8 text (``StringsTextWriter``): each key once, in the development table's order,
/// with the value a device reads there (the last definition); a `.stringsdict` table as an XML property list, each
/// entry through ``PseudoStringsDict``. Each written table is parsed back before it is used.
///
/// A module without that localization, or without tables of the development region to derive it from, is left
/// as it is and named in ``Outcome``.
public enum PseudoLocalization {
    /// What ``apply(_:to:developmentRegion:)`` did.
    public struct Outcome: Sendable {
        /// Every module, in the order given, the pseudo-localized ones with their new tables.
        public var modules: [LoadedModule]
        /// The names of the modules whose localization was replaced.
        public var replaced: [String]
        /// The names of the modules without the localization, left as they are.
        public var lacking: [String]
        /// The names of the modules with the localization but no development-region table, left as they are.
        public var withoutDevelopmentTables: [String]
    }

    /// Replaces `localization`'s tables in each module of `modules` that has it.
    /// - Throws: ``PackagerError`` `invalidTables` when a development `.stringsdict` holds a value other than strings
    ///   and dictionaries (a property-list type a table cannot be written with), or a written table does not parse.
    public static func apply(_ localization: String, to modules: [LoadedModule], developmentRegion: String) throws -> Outcome {
        var outcome = Outcome(modules: [], replaced: [], lacking: [], withoutDevelopmentTables: [])
        for module in modules {
            let name = module.module.name
            guard module.tables.contains(where: { $0.localization == localization }) else {
                outcome.lacking.append(name)
                outcome.modules.append(module)
                continue
            }
            let development = module.tables.filter { $0.localization == developmentRegion }
            guard !development.isEmpty else {
                outcome.withoutDevelopmentTables.append(name)
                outcome.modules.append(module)
                continue
            }
            var replaced = module
            replaced.tables = try (module.tables.filter { $0.localization != localization }
                + development.map { try table(from: $0, localization: localization) })
                .sorted { $0.bundlePath < $1.bundlePath }
            outcome.replaced.append(name)
            outcome.modules.append(replaced)
        }
        return outcome
    }

    /// The pseudo-localized copy of the development table `source` for `localization`.
    /// - Throws: ``PackagerError`` `invalidTables`, as ``apply(_:to:developmentRegion:)``.
    static func table(from source: LoadedTable, localization: String) throws -> LoadedTable {
        let fileName = source.bundlePath.split(separator: "/").last.map(String.init) ?? source.bundlePath
        let bundlePath = LocalizationFolder.name(for: localization) + "/" + fileName
        let bytes: Data
        switch source.table {
        case .strings(let table):
            bytes = StringsTextWriter.data(lastValues(table).map { ($0.key, PseudoText.transform($0.value)) })
        case .stringsDict(let table):
            var members: [(key: String, value: PropertyListNode)] = []
            for (key, value) in table.entries {
                let rewritten = PseudoStringsDict.transform(value, localization: localization)
                guard let node = PseudoPropertyListNode.node(rewritten) else {
                    throw PackagerError(
                        code: .invalidTables,
                        reason: "\(source.sourcePath): the entry '\(key)' holds a value that is neither a string nor a "
                            + "dictionary, which no pseudo-localized table is written with; make it a string")
                }
                members.append((key, node))
            }
            bytes = PropertyListWriter.data(.dictionary(members), format: .xml)
        }
        let parsed: LocalizationTable
        do {
            parsed = try LocalizationTable.parse(bytes, path: bundlePath)
        } catch {
            throw PackagerError(
                code: .invalidTables, reason: "the pseudo-localized copy of \(source.sourcePath) does not parse: \(error)")
        }
        var result = source
        result.bundlePath = bundlePath
        result.localization = localization
        result.bytes = bytes
        result.table = parsed
        return result
    }

    /// Each key of `table` once, in the order of its first definition, with the value of its last (what a device reads).
    static func lastValues(_ table: StringsTable) -> [(key: String, value: String)] {
        let values = table.values
        var seen: Set<String> = []
        return table.entries.compactMap { entry in
            guard seen.insert(entry.key).inserted, let value = values[entry.key] else { return nil }
            return (entry.key, value)
        }
    }
}
