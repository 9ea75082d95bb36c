import OTALocalizationsCore
import OTALocalizationsNames

extension ModuleValidator {
    /// Checks one table on its own: readability, duplicate and empty values, `.stringsdict` structure and
    /// CLDR plural categories.
    /// - Returns: for a `.stringsdict`, each entry that could be read (the translation checks reuse them).
    func checkTable(
        _ file: ValidationInput.File, developmentRegion: String, into sink: inout DiagnosticSink
    ) -> [String: StringsDictEntryInfo] {
        var entries: [String: StringsDictEntryInfo] = [:]
        switch file.content {
        case .unreadable(let error):
            let code: ValidationDiagnostic.Code = error.code == .encoding ? .encoding : .parseError
            sink.add(code, file: file, line: error.line, column: error.column,
                     message: "\(error.reason) \(ValidationDiagnostic.Code.neverBaselinedReason)")
        case .strings(let table):
            checkStrings(table, file: file, into: &sink)
        case .stringsDict(let table):
            entries = checkStringsDict(table, file: file, developmentRegion: developmentRegion, into: &sink)
        }
        return entries
    }

    private func checkStrings(_ table: StringsTable, file: ValidationInput.File, into sink: inout DiagnosticSink) {
        var first: [String: StringsTable.Entry] = [:]
        for entry in table.entries {
            if let earlier = first[entry.key] {
                if earlier.value == entry.value {
                    sink.add(.duplicateKeySameValue, file: file, key: entry.key, line: entry.line, column: entry.column,
                             message: "\"\(entry.key)\" is defined again with the same value (first on line \(earlier.line)); delete one of the two lines.",
                             value: entry.value)
                } else {
                    sink.add(.duplicateKey, file: file, key: entry.key, line: entry.line, column: entry.column,
                             message: "\"\(entry.key)\" is defined on line \(earlier.line) and again on line \(entry.line) with a different value; Apple keeps only the last one. Delete the wrong line.",
                             value: entry.value)
                }
            } else {
                first[entry.key] = entry
            }
        }
        // The empty key translated as empty ("" = "";) is what Xcode extracts for an empty literal: it shows nothing
        // either way, so there is nothing to fix.
        for entry in table.entries where entry.value.isEmpty && !entry.key.isEmpty && first[entry.key]?.line == entry.line {
            sink.add(.emptyValue, file: file, key: entry.key, line: entry.line, column: entry.column,
                     message: file.isStringCatalog
                        ? "\"\(entry.key)\" has empty \(file.localization ?? "") text in \(file.fileName), so the app shows nothing; translate it in the catalog, or delete the key there if the app no longer uses it."
                        : "\"\(entry.key)\" has an empty value, so the app shows nothing; translate it or delete the line.",
                     value: entry.value)
        }
    }

    private func checkStringsDict(
        _ table: StringsDictTable, file: ValidationInput.File, developmentRegion: String,
        into sink: inout DiagnosticSink
    ) -> [String: StringsDictEntryInfo] {
        var entries: [String: StringsDictEntryInfo] = [:]
        entries.reserveCapacity(table.entries.count)
        let language = file.localization == LocalizationFolder.base ? developmentRegion : file.localization
        // A table outside any `.lproj` has no language: only the rules every language shares (other) apply.
        let isDevelopment = file.localization.map { $0 == LocalizationFolder.base || TableIndex.normalized($0) == TableIndex.normalized(developmentRegion) } ?? false
        let plurals = PluralCheck(
            language: language ?? "", countsOfMillions: pluralCountsOfMillions, isDevelopmentLanguage: isDevelopment)
        var reader = StringsDictEntryReader()
        for duplicate in table.duplicateKeys {
            let entry = duplicate.entry ?? duplicate.key
            let what = duplicate.entry == nil ? "the key is" : "the key \"\(duplicate.key)\" inside it is"
            let path = duplicate.path.dropFirst() + [duplicate.key]
            let kept = duplicate.entry == nil ? table.entries[entry] : Self.value(in: table.entries[entry], at: Array(path))
            sink.add(.stringsDictDuplicateKey, file: file, key: entry, keyPath: duplicate.entry == nil ? [] : Array(path),
                     line: duplicate.line,
                     message: "\"\(entry)\": \(what) written on line \(duplicate.firstLine) and again on line \(duplicate.line); Apple keeps only the later value, so the first is dead text. Delete the wrong one.",
                     value: kept.map(Self.describe))
        }
        // Any order: the validator sorts what it finds, and each entry's findings keep their own order.
        for (key, value) in table.entries {
            let info = reader.read(value)
            for problem in reader.problems {
                // An unused rule changes nothing on device; every other structure problem leaves the entry unformattable.
                sink.add(problem.code, file: file, key: key, keyPath: problem.path,
                         line: table.line(ofKey: key, path: problem.path), message: "\"\(key)\": \(problem.message)",
                         value: problem.value, cause: problem.cause, explanation: problem.explanation)
            }
            reader.problems.removeAll(keepingCapacity: true)
            guard let info else { continue }
            plurals.check(info, key: key, table: table, file: file, into: &sink)
            entries[key] = info
        }
        return entries
    }

    /// The value at `path` below `value` (each key a dictionary member), or nil.
    static func value(in value: PropertyListValue?, at path: [String]) -> PropertyListValue? {
        var current = value
        for key in path { current = current?.dictionaryValue?[key] }
        return current
    }
}
