import OTALocalizationsCore
import OTALocalizationsPackager

/// `diff`'s text and JSON output.
enum DiffText {
    /// One block per module that differs, one per table under it, one line per key (a `.stringsdict` key's
    /// strings indented below it), then a total line. Values are quoted and escaped as JSON strings.
    static func text(_ diff: StringsDiff) -> String {
        var lines: [String] = []
        for module in diff.modules {
            lines.append(module.name + presenceNote(module.presence, "module"))
            for localization in module.localizations {
                for table in localization.tables {
                    let path = place(localization, table)
                    let note = tableNote(module, localization, table)
                    if let reason = notCompared(table) {
                        lines.append("  \(path)\(note): not compared: \(reason)")
                        continue
                    }
                    lines.append("  \(path)\(note)")
                    for key in table.keys { lines += keyLines(key) }
                }
            }
        }
        lines.append(total(diff))
        return lines.joined(separator: "\n")
    }

    /// Where a table's keys are edited: `fr.lproj/UI.strings`, or for a table compiled from a String Catalog the
    /// catalog and the language, with the compiled table it is published as
    /// (`Sources/Shop/UI.xcstrings, fr (published as fr.lproj/UI.strings)`).
    static func place(_ localization: StringsDiff.Localization, _ table: StringsDiff.Table) -> String {
        let compiled = "\(localization.name).lproj/\(table.fileName)"
        guard let catalog = table.catalog else { return compiled }
        return "\(catalog), \(localization.name) (published as \(compiled))"
    }

    /// ` (new module)`, ` (module removed)` or "" for something on both sides.
    static func presenceNote(_ presence: StringsDiff.Presence, _ noun: String) -> String {
        switch presence {
        case .newOnly: return " (new \(noun))"
        case .publishedOnly: return " (\(noun) removed)"
        default: return ""
        }
    }

    /// The note on a table's line: where what is on one side only starts, said once (a new module's tables carry
    /// none, a new localization's tables say so).
    static func tableNote(_ module: StringsDiff.Module, _ localization: StringsDiff.Localization, _ table: StringsDiff.Table) -> String {
        if module.presence != .both { return "" }
        if localization.presence != .both { return presenceNote(localization.presence, "localization") }
        return presenceNote(table.presence, "table")
    }

    /// Why a table's keys were not compared, or nil when they were.
    static func notCompared(_ table: StringsDiff.Table) -> String? {
        let reasons = [
            table.publishedUnreadable.map { "the published table cannot be read (\($0))" },
            table.newUnreadable.map { "the new table cannot be read (\($0))" },
        ].compactMap { $0 }
        return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
    }

    private static func keyLines(_ key: StringsDiff.Key) -> [String] {
        let head = "    " + Output.padded(key.change.rawValue, 9) + key.key
        if key.values.count == 1, let value = key.values.first, value.path.isEmpty {
            return [head + ": " + values(value, key.change)]
        }
        return [head] + key.values.map { String(repeating: " ", count: 15) + label($0.path) + ": " + values($0, key.change) }
    }

    /// `count/one` for a `.stringsdict` leaf; `(value)` for an entry that is a plain string.
    static func label(_ path: [String]) -> String {
        path.isEmpty ? "(value)" : path.joined(separator: "/")
    }

    /// One quoted string for an added or removed key; `"old" → "new"` for a changed one, `(none)` standing for
    /// the side that has no string at this path.
    private static func values(_ value: StringsDiff.Value, _ change: StringsDiff.Change) -> String {
        let old = value.published.map(JSONText.quoted) ?? "(none)"
        let new = value.new.map(JSONText.quoted) ?? "(none)"
        switch change {
        case .added: return new
        case .removed: return old
        default: return old + " → " + new
        }
    }

    /// `Differences in 2 of 4 modules: 3 keys added, 1 removed, 2 changed.` or `No differences in 4 modules.`
    static func total(_ diff: StringsDiff) -> String {
        guard !diff.isEmpty else { return "No differences in \(Output.count(diff.comparedModules, "module"))." }
        var line = "Differences in \(diff.modules.count) of \(Output.count(diff.comparedModules, "module")): "
            + "\(Output.count(diff.count(.added), "key")) added, \(diff.count(.removed)) removed, \(diff.count(.changed)) changed"
        if diff.tablesNotCompared > 0 { line += "; \(Output.count(diff.tablesNotCompared, "table")) not compared" }
        return line + "."
    }

    /// One JSON object: the two locations as given, the totals, and every difference (shape in docs/ci.md).
    static func json(_ diff: StringsDiff, published: String, new: String) -> String {
        func optional(_ text: String?) -> String { text.map(JSONText.quoted) ?? "null" }
        let modules = diff.modules.map { module in
            let localizations = module.localizations.map { localization in
                let tables = localization.tables.map { table in
                    let keys = table.keys.map { key in
                        let values = key.values.map {
                            "{\"path\":[\($0.path.map(JSONText.quoted).joined(separator: ","))],"
                                + "\"published\":\(optional($0.published)),\"new\":\(optional($0.new))}"
                        }
                        return "{\"key\":\(JSONText.quoted(key.key)),\"change\":\(JSONText.quoted(key.change.rawValue)),"
                            + "\"values\":[\(values.joined(separator: ","))]}"
                    }
                    return "{\"table\":\(JSONText.quoted(table.fileName)),\"catalog\":\(optional(table.catalog)),"
                        + "\"presence\":\(JSONText.quoted(table.presence.rawValue)),"
                        + "\"publishedUnreadable\":\(optional(table.publishedUnreadable)),"
                        + "\"newUnreadable\":\(optional(table.newUnreadable)),\"keys\":[\(keys.joined(separator: ","))]}"
                }
                return "{\"localization\":\(JSONText.quoted(localization.name)),"
                    + "\"presence\":\(JSONText.quoted(localization.presence.rawValue)),\"tables\":[\(tables.joined(separator: ","))]}"
            }
            return "{\"module\":\(JSONText.quoted(module.name)),\"presence\":\(JSONText.quoted(module.presence.rawValue)),"
                + "\"localizations\":[\(localizations.joined(separator: ","))]}"
        }
        return "{\"published\":\(JSONText.quoted(published)),\"new\":\(JSONText.quoted(new)),\"identical\":\(diff.isEmpty),"
            + "\"modules\":\(diff.comparedModules),\"modulesWithDifferences\":\(diff.modules.count),"
            + "\"keysAdded\":\(diff.count(.added)),\"keysRemoved\":\(diff.count(.removed)),\"keysChanged\":\(diff.count(.changed)),"
            + "\"tablesNotCompared\":\(diff.tablesNotCompared),\"differences\":[\(modules.joined(separator: ","))]}"
    }
}
