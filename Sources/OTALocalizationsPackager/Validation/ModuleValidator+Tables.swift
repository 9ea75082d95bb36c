import OTALocalizationsCore

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
            sink.add(.error, code, file: file, line: error.line, column: error.column,
                     message: "\(error.reason) Apple's runtime reads the whole table as empty; fix the file.")
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
                    sink.add(.warning, .duplicateKeySameValue, file: file, key: entry.key, line: entry.line,
                             message: "\"\(entry.key)\" is defined again with the same value (first on line \(earlier.line)); delete one of the two lines.",
                             value: entry.value)
                } else {
                    sink.add(.error, .duplicateKey, file: file, key: entry.key, line: entry.line,
                             message: "\"\(entry.key)\" is defined on line \(earlier.line) and again on line \(entry.line) with a different value; Apple keeps only the last one. Delete the wrong line.",
                             value: entry.value)
                }
            } else {
                first[entry.key] = entry
            }
        }
        for entry in table.entries where entry.value.isEmpty && first[entry.key]?.line == entry.line {
            sink.add(.warning, .emptyValue, file: file, key: entry.key, line: entry.line,
                     message: "\"\(entry.key)\" has an empty value, so the app shows nothing; translate it or delete the line.",
                     value: entry.value)
        }
    }

    private func checkStringsDict(
        _ table: StringsDictTable, file: ValidationInput.File, developmentRegion: String,
        into sink: inout DiagnosticSink
    ) -> [String: StringsDictEntryInfo] {
        var entries: [String: StringsDictEntryInfo] = [:]
        let language = file.localization == "Base" ? developmentRegion : file.localization
        let ruleSet = language.flatMap(PluralCategories.ruleSet(forLocalization:))
        for key in table.entries.keys.sorted() {
            guard let value = table.entries[key] else { continue }
            let line = table.keyLines[key]
            var problems: [(ValidationDiagnostic.Code, String)] = []
            let reader = StringsDictEntryReader(report: { problems.append(($0, $1)) })
            let info = reader.read(value)
            for (code, message) in problems {
                sink.add(.error, code, file: file, key: key, line: line, message: "\"\(key)\": \(message)")
            }
            guard let info else { continue }
            entries[key] = info
            guard let ruleSet, let language else { continue }
            checkPluralCategories(info, ruleSet: ruleSet, language: language, key: key, line: line, file: file, into: &sink)
        }
        return entries
    }

    private func checkPluralCategories(
        _ info: StringsDictEntryInfo, ruleSet: PluralCategories.RuleSet, language: String, key: String,
        line: Int?, file: ValidationInput.File, into sink: inout DiagnosticSink
    ) {
        for (name, rule) in info.rules.sorted(by: { $0.key < $1.key }) {
            let isInteger = rule.argumentType.map(Self.integerTypes.contains) ?? true
            let required = isInteger ? ruleSet.integerCategories : ruleSet.categories
            let missing = required.subtracting(rule.forms.keys).subtracting(["other"])
            if !missing.isEmpty {
                sink.add(.warning, .stringsDictMissingPluralCategory, file: file, key: key, line: line,
                         message: "\"\(key)\": rule \"\(name)\" lacks \(Self.list(missing)) that \(language) uses for \(isInteger ? "integers" : "numbers") (required: \(Self.list(required)); \(PluralCategories.source)); those numbers fall back to other.",
                         value: Self.list(missing))
            }
            // Apple honours `zero` for 0 in every language (APPLE-BUNDLE.md row 5.2), so it is never unused.
            let unused = Set(rule.forms.keys).subtracting(ruleSet.categories).subtracting(["zero"])
            if !unused.isEmpty {
                sink.add(.warning, .stringsDictUnusedPluralCategory, file: file, key: key, line: line,
                         message: "\"\(key)\": rule \"\(name)\" has \(Self.list(unused)), which \(language) never selects (it uses \(Self.list(ruleSet.categories)); \(PluralCategories.source)); remove the form or check the language.",
                         value: Self.list(unused))
            }
        }
        for (_, variant) in info.variants.sorted(by: { $0.key < $1.key }) {
            checkPluralCategories(variant, ruleSet: ruleSet, language: language, key: key, line: line, file: file, into: &sink)
        }
    }

    static let integerTypes: Set<FormatSpecifier.ArgumentType> = [.int8, .int16, .int32, .int64]

    /// Categories in CLDR order, comma-separated.
    static func list(_ categories: Set<String>) -> String {
        ["zero", "one", "two", "few", "many", "other"].filter(categories.contains).joined(separator: ", ")
    }
}
