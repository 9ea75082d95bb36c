import OTALocalizationsCore

extension ModuleValidator {
    /// Compares a localization's `.stringsdict` entries with the development region's (prepared once in
    /// `reference`) and reports each entry whose format arguments differ.
    /// - Returns: how many of the table's keys the development table has.
    func compareDicts(
        _ dict: TableIndex.Dict, with reference: ReferenceTable, into sink: inout DiagnosticSink
    ) -> Int {
        guard let referenceDict = reference.pair.dict else { return 0 }
        var shared = 0
        // Any order: the validator sorts what it finds. The entries that could be read first (no lookup on this
        // side), then the keys whose entry could not be read, which are few.
        for (key, mine) in dict.entries {
            guard let theirs = reference.dictEntries[key] else {
                if referenceDict.table.entries[key] != nil { shared += 1 }
                continue
            }
            shared += 1
            guard let (problem, path) = Self.entryMismatch(mine, theirs), let value = dict.table.entries[key] else { continue }
            let developmentName = referenceDict.file.localization ?? "the development region"
            // The whole entry is the value (its identity in baselines); the line is that of the string that differs.
            sink.add(.formatSpecifierMismatch, file: dict.file, key: key, line: dict.table.line(ofKey: key, path: path),
                     message: "\"\(key)\": the format specifiers differ from \(developmentName): \(problem); at run time this crashes or prints garbage. Use the same specifiers and value types.",
                     value: Self.describe(value))
        }
        if dict.entries.count < dict.table.entries.count {
            for key in dict.table.entries.keys where dict.entries[key] == nil && referenceDict.table.entries[key] != nil {
                shared += 1
            }
        }
        return shared
    }

    /// The first difference between a translated `.stringsdict` entry and the development one: the format
    /// first, then each rule by variable name (its value type, then each form by category name), then each
    /// variant by key; with the keys below the entry of the string that differs (`["COUNT", "one"]`).
    static func entryMismatch(_ mine: StringsDictEntryInfo, _ theirs: ReferenceDictEntry) -> (String, [String])? {
        if let format = mine.format, let parsed = mine.parsedFormat, theirs.formatReads != nil {
            // Equal reads cannot differ; otherwise the full comparison says whether and how they do.
            let reads = ArgumentReads(parsed, variableType: { mine.argumentType(ofVariable: $0) })
            if reads != theirs.formatReads, let development = theirs.formatArguments {
                let translated = FormatArguments(parsed, variableTypes: mine.variableTypes)
                if let problem = FormatArguments.mismatch(translation: translated, development: development) {
                    return ("in \(StringsDictKey.formatKey) \"\(format)\", \(problem)", [StringsDictKey.formatKey])
                }
            }
        }
        for rule in mine.rules {
            // The development rule is read in place: every localization's thread shares it.
            guard let index = theirs.ruleIndex(named: rule.name) else { continue }
            if let type = rule.argumentType, let referenceType = theirs.rules[index].argumentType, type != referenceType {
                return ("rule \"\(rule.name)\" has \(StringsDictKey.valueType) \"\(rule.valueType ?? "")\" but \"\(theirs.rules[index].valueType ?? "")\" in the development value",
                        [rule.name, StringsDictKey.valueType])
            }
            for form in rule.forms {
                if let problem = formMismatch(form, of: rule, in: mine, allowed: theirs, ruleIndex: index) {
                    return (problem, [rule.name, form.category])
                }
            }
        }
        guard !mine.variants.isEmpty else { return nil }
        for (variantKey, variant) in mine.variants.sorted(by: { $0.key < $1.key }) {
            guard let reference = theirs.variants[variantKey] else { continue }
            if let (problem, path) = entryMismatch(variant, reference) {
                return ("in variant \"\(variantKey)\", \(problem)", mine.variantPath(variantKey) + path)
            }
        }
        return nil
    }

    /// The first argument (by position) a translated form reads that the development entry never reads, or
    /// reads only as other types. A form may read any argument the development entry reads anywhere (its
    /// format or any form of this rule) as any type it is read as there, and may leave any out ("one file").
    private static func formMismatch(
        _ form: PluralFormInfo, of rule: PluralRuleInfo, in mine: StringsDictEntryInfo,
        allowed theirs: ReferenceDictEntry, ruleIndex: Int
    ) -> String? {
        let reads = ArgumentReads(
            form.parsed, firstSequentialPosition: rule.position, variableType: { mine.argumentType(ofVariable: $0) })
        for read in reads.reads {
            var place: String { "in form \"\(form.category)\" of rule \"\(rule.name)\" (\"\(form.text)\")" }
            guard let types = theirs.rules[ruleIndex].allowedTypes(at: read.position) else {
                return "\(place), it reads argument \(read.position), which the development entry never reads"
            }
            if let type = read.type, !types.isEmpty, !types.contains(type) {
                let expected = types.map(\.rawValue).sorted().joined(separator: " or ")
                return "\(place), argument \(read.position) is read as \(type.rawValue) but as \(expected) in the development entry"
            }
        }
        return nil
    }

    /// A short text form of a `.stringsdict` value for messages and baselines: the format key and forms.
    static func describe(_ value: PropertyListValue) -> String {
        switch value {
        case .string(let text): return text
        case .dictionary(let dictionary):
            return dictionary.keys.sorted().map { "\($0)=\(describe(dictionary[$0]!))" }.joined(separator: "; ")
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .bool(let flag): return String(flag)
        case .array(let items): return "[" + items.map(describe).joined(separator: ", ") + "]"
        case .date, .data: return "…"
        }
    }

}
