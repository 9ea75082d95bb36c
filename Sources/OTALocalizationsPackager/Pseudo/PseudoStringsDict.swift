import OTALocalizationsCore
import OTALocalizationsValidation

/// A `.stringsdict` entry of the development region rewritten as pseudo-text for another localization.
///
/// Every key is kept. Every string becomes ``PseudoText`` (the format key `NSStringLocalizedFormatKey`, a plain string
/// entry, a form, a width or device variant), except the values of `NSStringFormatSpecTypeKey` and
/// `NSStringFormatValueTypeKey`, which are kept. A plural rule (a dictionary whose `NSStringFormatSpecTypeKey` is
/// `NSStringPluralRuleType`) gets exactly the CLDR plural categories of the target language
/// (``PluralCategories/ruleSet(forLocalization:)``, CLDR `plurals.xml`): each form is the pseudo-text of the
/// development rule's form of the same category, or else of its `other` form, or else of its first form in CLDR order
/// (`zero one two few many other`). For a language CLDR has no rules for, the rule keeps the development rule's
/// categories. Any other key of a rule, and values that are neither strings nor dictionaries, are kept as they are.
enum PseudoStringsDict {
    /// The keys whose string values are names, not text.
    static let nonTextKeys: Set<String> = ["NSStringFormatSpecTypeKey", "NSStringFormatValueTypeKey"]
    /// CLDR's category order (Unicode TR35, "Language Plural Rules").
    static let categoryOrder = ["zero", "one", "two", "few", "many", "other"]

    /// `value`, a top-level entry's value, rewritten for `localization`.
    static func transform(_ value: PropertyListValue, localization: String) -> PropertyListValue {
        let categories = PluralCategories.ruleSet(forLocalization: localization)?.categories
        return rewrite(value, categories: categories)
    }

    private static func rewrite(_ value: PropertyListValue, categories: Set<String>?) -> PropertyListValue {
        switch value {
        case .string(let text):
            return .string(PseudoText.transform(text))
        case .dictionary(let members):
            if members["NSStringFormatSpecTypeKey"]?.stringValue == "NSStringPluralRuleType" {
                return pluralRule(members, categories: categories)
            }
            var result: [String: PropertyListValue] = [:]
            for (key, member) in members {
                result[key] = nonTextKeys.contains(key) ? member : rewrite(member, categories: categories)
            }
            return .dictionary(result)
        default:
            return value
        }
    }

    /// A plural rule with exactly `categories` (nil: the development rule's own) as forms.
    private static func pluralRule(_ rule: [String: PropertyListValue], categories: Set<String>?) -> PropertyListValue {
        let forms = rule.filter { PluralCategories.all.contains($0.key) }
        var result: [String: PropertyListValue] = [:]
        for (key, member) in rule where !PluralCategories.all.contains(key) {
            result[key] = nonTextKeys.contains(key) ? member : rewrite(member, categories: categories)
        }
        let fallback = forms["other"] ?? categoryOrder.lazy.compactMap { forms[$0] }.first
        for category in categories ?? Set(forms.keys) {
            guard let source = forms[category] ?? fallback else { continue }
            result[category] = rewrite(source, categories: categories)
        }
        return .dictionary(result)
    }
}
