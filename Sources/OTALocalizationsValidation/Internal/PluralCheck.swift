import OTALocalizationsCore

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
    /// Whether the file is in the development language (its region's `.lproj` or `Base`): there a rule whose one
    /// form is `other` is the text its authors chose for every count, and no category is missing.
    let isDevelopmentLanguage: Bool

    init(language: String, countsOfMillions: Bool = false, isDevelopmentLanguage: Bool = false) {
        self.language = language
        self.countsOfMillions = countsOfMillions
        self.isDevelopmentLanguage = isDevelopmentLanguage
        let ruleSet = PluralCategories.ruleSet(forLocalization: language)
        categories = ruleSet.map { PluralCategorySet($0.categories) }
        integerCategories = PluralCategorySet(ruleSet?.integerCategories ?? [])
        millionCategories = PluralCategorySet(ruleSet?.millionCategories ?? [])
    }

    /// Reports, for each rule by name and then each variant by key, a missing `other` form, the categories the
    /// language needs that the rule lacks, and the forms the language never selects.
    /// - Parameters:
    ///   - path: the keys of the width or device variant `info` is (empty for the entry itself).
    ///   - table: the file's table, for the line of each rule.
    func check(
        _ info: StringsDictEntryInfo, key: String, path: [String] = [], table: StringsDictTable,
        file: ValidationInput.File, into sink: inout DiagnosticSink
    ) {
        for rule in info.rules {
            let rulePath = path + [rule.name]
            let line = table.line(ofKey: key, path: rulePath)
            func add(
                _ code: ValidationDiagnostic.Code, _ message: String, _ value: String,
                severity: ValidationDiagnostic.Severity? = nil, explanation: String? = nil
            ) {
                sink.add(code, severity: severity, file: file, key: key, keyPath: rulePath, line: line, message: message, value: value,
                         explanation: explanation)
            }
            if !rule.categories.contains(.other) { checkMissingOther(rule, key: key) { add($0, $1, $2, explanation: $3) } }
            guard let categories else { continue }
            if isDevelopmentLanguage, rule.categories == .other { continue }
            let isInteger = rule.argumentType.map(\.isInteger) ?? true
            let required = isInteger ? integerCategories : categories
            let missing = required.subtracting(rule.categories).subtracting(.other)
            let regular = missing.subtracting(millionCategories)
            if !regular.isEmpty {
                add(.stringsDictMissingPluralCategory,
                    "\"\(key)\": rule \"\(rule.name)\" lacks \(regular.names) that \(language) uses for \(isInteger ? "integers" : "numbers") (required: \(required.names); \(PluralCategories.source)); those numbers fall back to other.",
                    regular.names)
            }
            let large = missing.intersection(millionCategories)
            if !large.isEmpty {
                let severity = ValidationDiagnostic.Code.stringsDictMissingMillionCategory.severity(
                    pluralCountsOfMillions: countsOfMillions
                )
                let condition = countsOfMillions
                    ? "the configuration says the app formats such counts (pluralCountsOfMillions)"
                    : "set pluralCountsOfMillions in ota-localizations.json if the app formats such counts"
                add(.stringsDictMissingMillionCategory,
                    "\"\(key)\": rule \"\(rule.name)\" lacks \(large.names), which \(language) selects only for numbers of a million and more.",
                    large.names, severity: severity,
                    explanation: "Such counts (1000000, 2000000, …; \(PluralCategories.source)) show the other form instead. This is a \(severity.rawValue): \(condition).")
            }
            // Apple honours `zero` for 0 in every language (docs/apple-platform.md P1), so it is never unused.
            let unused = rule.categories.subtracting(categories).subtracting(.zero)
            if !unused.isEmpty {
                add(.stringsDictUnusedPluralCategory,
                    "\"\(key)\": rule \"\(rule.name)\" has \(unused.names), which \(language) never selects (it uses \(categories.names); \(PluralCategories.source)); remove the form or check the language.",
                    unused.names)
            }
        }
        guard !info.variants.isEmpty else { return }
        for (variantKey, variant) in info.variants.sorted(by: { $0.key < $1.key }) {
            check(variant, key: key, path: path + info.variantPath(variantKey), table: table, file: file, into: &sink)
        }
    }

    /// A rule without `other`: a warning when only a non-integer count could need it (an integer value type in a
    /// language whose integers never select `other`, with every category integers select), else an error naming
    /// a count that reaches the missing form.
    private func checkMissingOther(
        _ rule: PluralRuleInfo, key: String,
        add: (ValidationDiagnostic.Code, String, String, String?) -> Void
    ) {
        let isInteger = rule.argumentType?.isInteger == true
        if isInteger, categories != nil, !integerCategories.contains(.other),
           rule.categories.isSuperset(of: integerCategories) {
            add(.stringsDictMissingDecimalOther, "\"\(key)\": rule \"\(rule.name)\" has no other form; in \(language) every integer selects \(integerCategories.names), which the rule has, and its value type \(rule.valueType ?? "") passes only integers.",
                "other",
                "Only a non-integer count such as 1.5 selects other in this language (\(PluralCategories.source)). Apple's documentation still calls other required (\"Localizing strings that contain plurals\") and does not document what a device shows for a count with no form; add an other form to follow it.")
            return
        }
        var reach = ""
        if let (count, category) = countReachingMissingForm(rule, isInteger: isInteger) {
            reach = " In \(language), \(count) selects \(category), which the rule lacks (\(PluralCategories.source))."
        }
        add(.stringsDictMissingOther,
            "\"\(key)\": rule \"\(rule.name)\" has no other form; Apple requires it (\"Localizing strings that contain plurals\": every count without its own form uses other).\(reach) Add an other form.",
            "other", nil)
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
