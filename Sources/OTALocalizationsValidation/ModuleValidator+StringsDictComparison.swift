import OTALocalizationsCore

extension ModuleValidator {
    /// Compares a localization's `.stringsdict` entries with the development region's (prepared once in
    /// `reference`), and each key the development table lacks with its value in the sources as a plain-string entry
    /// (``KeyReferences``), and reports each entry whose format arguments differ.
    /// - Returns: how many of the table's keys the development table has.
    func compareDicts(
        _ dict: TableIndex.Dict, with reference: ReferenceTable, keys: inout KeyReferences, into sink: inout DiagnosticSink
    ) -> Int {
        let referenceDict = reference.pair.dict
        var shared = 0
        // Any order: the validator sorts what it finds. The entries that could be read first (no lookup on this
        // side), then the keys whose entry could not be read, which are few.
        for (key, mine) in dict.entries {
            let theirs: ReferenceDictEntry
            let developmentName: String
            if let own = reference.dictEntries[key], let referenceDict {
                shared += 1
                (theirs, developmentName) = (own, referenceDict.file.localization ?? "the development region")
            } else if referenceDict?.table.entries[key] != nil {
                shared += 1
                continue
            } else if reference.strings[key] != nil {
                continue   // The development value is a `.strings` value.
            } else if let code = keys.reference(for: key) {
                (theirs, developmentName) = (code.dictEntry, code.origin)
            } else {
                continue
            }
            guard let (problem, path) = Self.entryMismatch(mine, theirs), let value = dict.table.entries[key] else { continue }
            // The whole entry is the value (its identity in baselines); the line is that of the string that differs.
            let line = dict.table.line(ofKey: key, path: path)
            if let omitted = problem.omitted {
                sink.add(.trailingArgumentOmitted, file: dict.file, key: key, line: line,
                         message: "\"\(key)\": \(problem.text) (\(developmentName)'s last \(omitted.count == 1 ? "one" : "ones")); String(format:) ignores arguments a format does not read, so nothing shifts and nothing crashes, but users of \(dict.file.localization ?? "this localization") do not see \(omitted.count == 1 ? "that value" : "those values"). Add \(omitted.count == 1 ? "it" : "them") if the sentence needs \(omitted.count == 1 ? "it" : "them").",
                         value: Self.describe(value))
                continue
            }
            sink.add(.formatSpecifierMismatch, file: dict.file, key: key, line: line,
                     message: "\"\(key)\": the format specifiers differ from \(developmentName): \(problem.text); at run time this crashes or prints garbage. Use the same specifiers and value types.",
                     value: Self.describe(value))
        }
        if let referenceDict, dict.entries.count < dict.table.entries.count {
            for key in dict.table.entries.keys where dict.entries[key] == nil && referenceDict.table.entries[key] != nil {
                shared += 1
            }
        }
        return shared
    }

    /// One difference between a translated `.stringsdict` entry and the development one.
    struct EntryProblem {
        /// What differs, for the message.
        var text: String
        /// For a format that leaves out only the development format's last arguments (``TrailingOmission``), their
        /// positions: a warning, not a mismatch.
        var omitted: ClosedRange<Int>?
    }

    /// The first difference between a translated `.stringsdict` entry and the development one: the format
    /// first, then each rule by variable name (its value type, then each form by category name), then each
    /// variant by key; with the keys below the entry of the string that differs (`["COUNT", "one"]`). A format that
    /// only leaves out trailing arguments is returned last, when nothing else differs.
    static func entryMismatch(_ mine: StringsDictEntryInfo, _ theirs: ReferenceDictEntry) -> (EntryProblem, [String])? {
        var trailing: (EntryProblem, [String])?
        if let format = mine.format, let parsed = mine.parsedFormat, theirs.formatReads != nil {
            // Equal reads cannot differ; otherwise the full comparison says whether and how they do.
            let reads = ArgumentReads(parsed, variableType: { mine.argumentType(ofVariable: $0) })
            if reads != theirs.formatReads, let development = theirs.formatArguments {
                let translated = FormatArguments(parsed, variableTypes: mine.variableTypes)
                if let problem = FormatArguments.mismatch(translation: translated, development: development) {
                    let text = "in \(StringsDictKey.formatKey) \"\(format)\", \(problem)"
                    guard let omitted = TrailingOmission.omitted(translation: translated, format: parsed, development: development, text: format)
                    else { return (EntryProblem(text: text), [StringsDictKey.formatKey]) }
                    trailing = (EntryProblem(text: text, omitted: omitted), [StringsDictKey.formatKey])
                }
            }
        }
        if let problem = ruleOrVariantMismatch(mine, theirs) { return problem }
        return trailing
    }

    /// The first difference in the rules (value type, then forms) or the variants of an entry.
    private static func ruleOrVariantMismatch(
        _ mine: StringsDictEntryInfo, _ theirs: ReferenceDictEntry
    ) -> (EntryProblem, [String])? {
        for rule in mine.rules {
            // The development rule is read in place: every localization's thread shares it.
            guard let index = theirs.ruleIndex(named: rule.name) else { continue }
            if let type = rule.argumentType, let referenceType = theirs.rules[index].argumentType, type != referenceType {
                return (EntryProblem(text: "rule \"\(rule.name)\" has \(StringsDictKey.valueType) \"\(rule.valueType ?? "")\" but \"\(theirs.rules[index].valueType ?? "")\" in the development value"),
                        [rule.name, StringsDictKey.valueType])
            }
            for form in rule.forms {
                if let problem = formMismatch(form, of: rule, in: mine, allowed: theirs, ruleIndex: index) {
                    return (EntryProblem(text: problem), [rule.name, form.category])
                }
            }
        }
        guard !mine.variants.isEmpty else { return nil }
        var trailing: (EntryProblem, [String])?
        for (variantKey, variant) in mine.variants.sorted(by: { $0.key < $1.key }) {
            guard let reference = theirs.variants[variantKey] else { continue }
            if let (found, path) = entryMismatch(variant, reference) {
                var problem = found
                problem.text = "in variant \"\(variantKey)\", \(problem.text)"
                guard problem.omitted != nil else { return (problem, mine.variantPath(variantKey) + path) }
                trailing = trailing ?? (problem, mine.variantPath(variantKey) + path)
            }
        }
        return trailing
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
            // A form reading the rule's own number as another type than its value type has its own finding
            // (stringsdict-specifier-mismatch, once per form); the comparison does not report it again.
            if read.position == rule.position, let ruleType = rule.argumentType, let type = read.type, type != ruleType {
                continue
            }
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
