/// The CLDR plural categories of one file's language, for checking each `.stringsdict` rule's forms against
/// them: the categories the language needs that a rule lacks, and the forms it never selects.
struct PluralCheck: Sendable {
    /// The language as named in messages (the `.lproj` name, or the development region for `Base`).
    let language: String
    /// CLDR's categories for the language, as bits and as listed in messages.
    let categories: PluralCategorySet
    /// The categories an integer can select.
    let integerCategories: PluralCategorySet

    /// Nil when CLDR has no rules for the language.
    init?(language: String) {
        guard let ruleSet = PluralCategories.ruleSet(forLocalization: language) else { return nil }
        self.language = language
        categories = PluralCategorySet(ruleSet.categories)
        integerCategories = PluralCategorySet(ruleSet.integerCategories)
    }

    /// Reports, for each rule by name and then each variant by key, the categories the language needs that
    /// the rule lacks, and the forms the language never selects.
    func check(
        _ info: StringsDictEntryInfo, key: String, line: Int?, file: ValidationInput.File,
        into sink: inout DiagnosticSink
    ) {
        for rule in info.rules {
            let isInteger = rule.argumentType.map(Self.isInteger) ?? true
            let required = isInteger ? integerCategories : categories
            let missing = required.subtracting(rule.categories).subtracting(.other)
            if !missing.isEmpty {
                sink.add(.warning, .stringsDictMissingPluralCategory, file: file, key: key, line: line,
                         message: "\"\(key)\": rule \"\(rule.name)\" lacks \(missing.names) that \(language) uses for \(isInteger ? "integers" : "numbers") (required: \(required.names); \(PluralCategories.source)); those numbers fall back to other.",
                         value: missing.names)
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

    /// Whether a value type is an integer conversion (`hh`, `h`, none, or a 64-bit modifier with `d`, `u`, …).
    private static func isInteger(_ type: FormatSpecifier.ArgumentType) -> Bool {
        switch type {
        case .int8, .int16, .int32, .int64: return true
        default: return false
        }
    }
}
