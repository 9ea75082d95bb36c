import OTALocalizationsCore

/// The Stringsdict dictionary keys (Apple: "Stringsdict File Format").
enum StringsDictKey {
    static let formatKey = "NSStringLocalizedFormatKey"
    static let specType = "NSStringFormatSpecTypeKey"
    static let valueType = "NSStringFormatValueTypeKey"
    static let pluralRule = "NSStringPluralRuleType"
    static let widthRule = "NSStringVariableWidthRuleType"
    static let deviceRule = "NSStringDeviceSpecificRuleType"
}

/// One string form of a plural rule: a CLDR category and its text.
struct PluralFormInfo: Sendable {
    /// The category name (`one`, `other`, …).
    var category: String
    /// The form text.
    var text: String
    /// ``text``'s specifiers, parsed once.
    var parsed: ParsedFormat

    /// The rank of ``category`` in alphabetical order (few, many, one, other, two, zero): forms sort by
    /// it as by name, without comparing strings.
    var alphabeticalRank: Int {
        switch category {
        case "few": return 0
        case "many": return 1
        case "one": return 2
        case "other": return 3
        case "two": return 4
        default: return 5
        }
    }
}

/// One plural rule of a `.stringsdict` entry, as far as it could be read.
struct PluralRuleInfo: Sendable {
    /// The variable name (the `name` of `%#@name@`).
    var name: String
    /// The argument position the variable reads in the whole call (1-based).
    var position: Int = 1
    var valueType: String?
    var argumentType: FormatSpecifier.ArgumentType?
    /// The string forms of CLDR category keys, sorted by category name (few, many, one, other, two, zero).
    var forms: [PluralFormInfo] = []
    /// The categories of ``forms``.
    var categories: PluralCategorySet = []
}

/// A `.stringsdict` entry reduced to what translation checks compare: its format strings.
struct StringsDictEntryInfo: Sendable {
    /// `NSStringLocalizedFormatKey`, or a plain string value.
    var format: String?
    /// ``format``'s specifiers, parsed once.
    var parsedFormat: ParsedFormat?
    /// The plural rules that could be read, sorted by variable name (each name once).
    var rules: [PluralRuleInfo]
    /// Width or device variants: variant key → nested entry.
    var variants: [String: StringsDictEntryInfo]
    /// The key holding ``variants`` (`NSStringVariableWidthRuleType` or `NSStringDeviceSpecificRuleType`).
    var variantsKey: String?

    init(
        format: String?, parsedFormat: ParsedFormat? = nil, rules: [PluralRuleInfo],
        variants: [String: StringsDictEntryInfo], variantsKey: String? = nil
    ) {
        self.format = format
        self.parsedFormat = parsedFormat
        self.rules = rules
        self.variants = variants
        self.variantsKey = variantsKey
    }

    /// The keys of the variant `variantKey` below this entry (`["NSStringDeviceSpecificRuleType", "mac"]`).
    func variantPath(_ variantKey: String) -> [String] {
        (variantsKey.map { [$0] } ?? []) + [variantKey]
    }

    /// The rule of the variable `name`, or nil.
    func rule(named name: String) -> PluralRuleInfo? {
        for rule in rules where rule.name == name { return rule }
        return nil
    }

    /// The argument type of the variable `name`: its rule's value type, or nil when the rule is missing or
    /// its value type could not be read.
    func argumentType(ofVariable name: String) -> FormatSpecifier.ArgumentType? {
        for rule in rules where rule.name == name { return rule.argumentType }
        return nil
    }

    /// Variable name → argument type, for the variables whose value type could be read.
    var variableTypes: [String: FormatSpecifier.ArgumentType] {
        var types: [String: FormatSpecifier.ArgumentType] = [:]
        for rule in rules { types[rule.name] = rule.argumentType }
        return types
    }
}
