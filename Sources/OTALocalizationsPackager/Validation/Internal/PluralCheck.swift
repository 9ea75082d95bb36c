/// The CLDR plural categories of one file's language, for checking each `.stringsdict` rule's forms against
/// them: the categories the language needs that a rule lacks, the forms it never selects, and whether a missing
/// `other` form can be reached.
struct PluralCheck: Sendable {
    /// The language as named in messages (the `.lproj` name, or the development region for `Base`).
    let language: String
    /// CLDR's categories for the language, as bits and as listed in messages; nil when CLDR has no rules for it.
    let categories: PluralCategorySet?
    /// The categories an integer can select.
    let integerCategories: PluralCategorySet
    /// The categories only numbers of a million and more select (fr, es, it, pt, ca `many`).
    let millionCategories: PluralCategorySet
    /// Whether the app formats numbers of a million and more in plurals (`pluralCountsOfMillions`): then a missing
    /// million category is a warning, else a note.
    let countsOfMillions: Bool

    init(language: String, countsOfMillions: Bool = false) {
        self.language = language
        self.countsOfMillions = countsOfMillions
        let ruleSet = PluralCategories.ruleSet(forLocalization: language)
        categories = ruleSet.map { PluralCategorySet($0.categories) }
        integerCategories = PluralCategorySet(ruleSet?.integerCategories ?? [])
        millionCategories = PluralCategorySet(ruleSet?.millionCategories ?? [])
    }

    /// Reports, for each rule by name and then each variant by key, a missing `other` form, the categories the
    /// language needs that the rule lacks, and the forms the language never selects.
    func check(
        _ info: StringsDictEntryInfo, key: String, line: Int?, file: ValidationInput.File,
        into sink: inout DiagnosticSink
    ) {
        for rule in info.rules {
            if !rule.categories.contains(.other) { checkMissingOther(rule, key: key, line: line, file: file, into: &sink) }
            guard let categories else { continue }
            let isInteger = rule.argumentType.map(\.isInteger) ?? true
            let required = isInteger ? integerCategories : categories
            let missing = required.subtracting(rule.categories).subtracting(.other)
            let regular = missing.subtracting(millionCategories)
            if !regular.isEmpty {
                sink.add(.warning, .stringsDictMissingPluralCategory, file: file, key: key, line: line,
                         message: "\"\(key)\": rule \"\(rule.name)\" lacks \(regular.names) that \(language) uses for \(isInteger ? "integers" : "numbers") (required: \(required.names); \(PluralCategories.source)); those numbers fall back to other.",
                         value: regular.names)
            }
            let large = missing.intersection(millionCategories)
            if !large.isEmpty {
                let severity: ValidationDiagnostic.Severity = countsOfMillions ? .warning : .note
                let condition = countsOfMillions
                    ? "the configuration says the app formats such counts (pluralCountsOfMillions)"
                    : "set pluralCountsOfMillions in ota-localizations.json if the app formats such counts"
                sink.add(severity, .stringsDictMissingMillionCategory, file: file, key: key, line: line,
                         message: "\"\(key)\": rule \"\(rule.name)\" lacks \(large.names), which \(language) selects only for numbers of a million and more (1000000, 2000000, …; \(PluralCategories.source)); those counts show the other form. This is a \(severity.rawValue): \(condition).",
                         value: large.names)
            }
            // Apple honours `zero` for 0 in every language (APPLE-BUNDLE.md row 5.2), so it is never unused.
            let unused = rule.categories.subtracting(categories).subtracting(.zero)
            if !unused.isEmpty {
                sink.add(.warning, .stringsDictUnusedPluralCategory, file: file, key: key, line: line,
                         message: "\"\(key)\": rule \"\(rule.name)\" has \(unused.names), which \(language) never selects (it uses \(categories.names); \(PluralCategories.source)); remove the form or check the language.",
                         value: unused.names)
            }
        }
        guard !info.variants.isEmpty else { return }
        for (_, variant) in info.variants.sorted(by: { $0.key < $1.key }) {
            check(variant, key: key, line: line, file: file, into: &sink)
        }
    }

    /// A rule without `other`: a warning when only a non-integer count could need it (an integer value type in a
    /// language whose integers never select `other`, with every category integers select), else an error naming
    /// a count that reaches the missing form.
    private func checkMissingOther(
        _ rule: PluralRuleInfo, key: String, line: Int?, file: ValidationInput.File, into sink: inout DiagnosticSink
    ) {
        let isInteger = rule.argumentType?.isInteger == true
        if isInteger, categories != nil, !integerCategories.contains(.other),
           rule.categories.isSuperset(of: integerCategories) {
            sink.add(.warning, .stringsDictMissingDecimalOther, file: file, key: key, line: line,
                     message: "\"\(key)\": rule \"\(rule.name)\" has no other form. In \(language) an integer always selects \(integerCategories.names), which the rule has; other is only for a non-integer count such as 1.5 (\(PluralCategories.source)), which the value type \(rule.valueType ?? "") cannot pass. Apple's documentation still calls other required (\"Localizing strings that contain plurals\") and does not document what a device shows for a count with no form; add an other form to follow it.",
                     value: "other")
            return
        }
        var reach = ""
        if let (count, category) = countReachingMissingForm(rule, isInteger: isInteger) {
            reach = " In \(language), \(count) selects \(category), which the rule lacks (\(PluralCategories.source))."
        }
        sink.add(.error, .stringsDictMissingOther, file: file, key: key, line: line,
                 message: "\"\(key)\": rule \"\(rule.name)\" has no other form; Apple requires it (\"Localizing strings that contain plurals\": every count without its own form uses other).\(reach) Add an other form.",
                 value: "other")
    }

    /// The first count (integers from 0, or decimals for a non-integer value type) whose CLDR category the rule
    /// has no form for, with that category; nil when CLDR has no rules for the language.
    private func countReachingMissingForm(_ rule: PluralRuleInfo, isInteger: Bool) -> (String, String)? {
        guard categories != nil else { return nil }
        let integers: [String] = (0...200).map { String($0) } + ["1000000"]
        let decimals: [String] = ["1.5", "0.5", "2.5", "0.1", "1.1"]
        let candidates = isInteger ? integers : decimals + integers
        for count in candidates {
            guard let category = PluralCategories.category(for: count, localization: language) else { return nil }
            if let bit = PluralCategorySet(name: category), !rule.categories.contains(bit) { return (count, category) }
        }
        return nil
    }
}
