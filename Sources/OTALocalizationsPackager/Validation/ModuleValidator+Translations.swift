import OTALocalizationsCore

extension ModuleValidator {
    /// Compares every localization's tables with the development region's: format arguments, missing
    /// keys, whitespace and values equal to their key. Localizations are checked on every core; the development
    /// side of each table is read once (``ReferenceTable``) and shared.
    func checkTranslations(_ input: ValidationInput, index: TableIndex) -> [ValidationDiagnostic] {
        guard let development = index.developmentLocalization(for: input.developmentRegion),
              let developmentTables = index.tables[development] else { return [] }
        let references = developmentTables.mapValues(ReferenceTable.init)
        let localizations = index.tables.keys.sorted().filter { $0 != development }
        let perLocalization = ParallelMap.map(localizations) { localization -> [ValidationDiagnostic] in
            var sink = DiagnosticSink(module: input.module)
            guard let tables = index.tables[localization] else { return [] }
            for tableName in tables.keys.sorted() {
                guard let pair = tables[tableName], let reference = references[tableName] else { continue }
                // A file the localization lacks is taken whole from the development region (APPLE-BUNDLE.md 2.2,
                // 3.2); a file that has every development key lacks none, which the comparisons count as they go.
                var complete = true
                if let strings = pair.strings {
                    let shared = compareStrings(strings, with: reference, developmentName: development, into: &sink)
                    complete = shared == (reference.pair.strings?.definitions.count ?? 0)
                }
                if let dict = pair.dict, let referenceDict = reference.pair.dict {
                    let shared = compareDicts(dict, with: reference, into: &sink)
                    complete = complete && shared == referenceDict.table.entries.count
                }
                if !complete {
                    reportMissingKeys(pair, reference: reference, developmentName: development, into: &sink)
                }
            }
            return sink.diagnostics
        }
        return perLocalization.flatMap { $0 }
    }

    /// - Returns: how many of the table's keys the development table has.
    private func compareStrings(
        _ strings: TableIndex.Strings, with reference: ReferenceTable, developmentName: String,
        into sink: inout DiagnosticSink
    ) -> Int {
        guard reference.pair.strings != nil else { return 0 }
        var shared = 0
        // Any order: the validator sorts what it finds.
        for (key, definition) in strings.definitions {
            guard let (developmentValue, developmentArguments) = reference.strings[key] else { continue }
            shared += 1
            let (value, line) = definition
            // Neither value has a `%`: neither reads an argument, so they cannot differ.
            if developmentArguments != nil || value.utf8.contains(UInt8(ascii: "%")) {
                let mine = FormatArguments(FormatSpecifier.parse(value))
                let theirs = developmentArguments ?? FormatArguments(FormatSpecifier.parse(developmentValue))
                if let problem = FormatArguments.mismatch(translation: mine, development: theirs) {
                    let omissionOnly = FormatArguments.mismatch(translation: mine, development: theirs, allowsOmittedArguments: true) == nil
                    let consequence = omissionOnly
                        ? "the translation loses a value the app passes (and, without %n$, the later ones shift)"
                        : "at run time this crashes or prints garbage"
                    sink.add(.error, .formatSpecifierMismatch, file: strings.file, key: key, line: line,
                             message: "\"\(key)\": the format specifiers differ from \(developmentName) (\"\(developmentValue)\"): \(problem); \(consequence). Use the same specifiers, reordered with %n$ if needed.",
                             value: value)
                }
            }
            if !value.isEmpty, value == key, developmentValue != key {
                sink.add(.warning, .valueEqualsKey, file: strings.file, key: key, line: line,
                         message: "\"\(key)\": the value is the key itself while \(developmentName) has \"\(developmentValue)\"; translate it.",
                         value: value)
            }
            if !value.isEmpty, !developmentValue.isEmpty,
               let problem = Self.whitespaceDifference(value, developmentValue, developmentName: developmentName) {
                sink.add(.warning, .whitespaceMismatch, file: strings.file, key: key, line: line,
                         message: "\"\(key)\": \(problem); match it.",
                         value: value)
            }
        }
        return shared
    }

    /// Describes a difference in leading or trailing whitespace or a trailing newline, or nil.
    static func whitespaceDifference(_ value: String, _ reference: String, developmentName: String) -> String? {
        func describe(_ what: String, _ valueHasIt: Bool) -> String {
            valueHasIt
                ? "it has \(what == "trailing newline" ? "a " : "")\(what) that the \(developmentName) value does not have"
                : "it lacks the \(what) that the \(developmentName) value has"
        }
        let newline = endsWithNewline(value)
        if newline != endsWithNewline(reference) { return describe("trailing newline", newline) }
        let leading = isWhitespace(value.unicodeScalars.first)
        if leading != isWhitespace(reference.unicodeScalars.first) { return describe("leading whitespace", leading) }
        let trailing = isWhitespace(value.unicodeScalars.last)
        if trailing != isWhitespace(reference.unicodeScalars.last) { return describe("trailing whitespace", trailing) }
        return nil
    }

    /// `text.hasSuffix("\n")` from the UTF-8 bytes: a last character that is LF alone (CR LF is one character).
    private static func endsWithNewline(_ text: String) -> Bool {
        var bytes = text.utf8.reversed().makeIterator()
        return bytes.next() == 0x0A && bytes.next() != 0x0D
    }

    /// Unicode White_Space, answered without a property lookup for ASCII (tab through carriage return, space).
    private static func isWhitespace(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        if scalar.isASCII { return scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace
    }

    private func reportMissingKeys(
        _ pair: TableIndex.Pair, reference: ReferenceTable, developmentName: String, into sink: inout DiagnosticSink
    ) {
        guard pair.unreadable == nil, reference.pair.unreadable == nil,
              let file = pair.strings?.file ?? pair.dict?.file else { return }
        // A file the localization lacks is taken whole from the development region (APPLE-BUNDLE.md 2.2, 3.2).
        let strings = pair.strings?.definitions ?? reference.pair.strings?.definitions ?? [:]
        let entries = pair.dict?.table.entries ?? reference.pair.dict?.table.entries ?? [:]
        for key in reference.keys where strings[key] == nil && entries[key] == nil {
            // Name the file of the same kind as the development region's definition when there is one.
            let inDict = reference.pair.dict?.table.entries[key] != nil && reference.pair.strings?.definitions[key] == nil
            let file = (inDict ? pair.dict?.file : pair.strings?.file) ?? file
            sink.add(.warning, .missingKey, file: file, key: key,
                     message: "\"\(key)\" is in \(developmentName)'s \(file.tableName) table but not here; with no per-key fallback, users of \(file.localization ?? "this localization") see the raw key. Add a translation.")
        }
    }
}
