import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager
import OTALocalizationsValidation

/// The forms of an installed `.stringsdict` entry, for `lookup`: every form of every variable, and with a count
/// the form CLDR selects for it.
enum PluralFormsText {
    /// The lines after the format string; empty when the entry is a plain string or cannot be read again.
    static func lines(key: String, file: URL, localization: String, count: String?) -> [String] {
        guard let data = try? Data(contentsOf: file),
              case .stringsDict(let table)? = try? LocalizationTable.parse(data, path: file.path),
              let entry = table.entries[key]?.dictionaryValue else { return [] }
        var lines: [String] = []
        var rules: [(name: String, forms: [String: String])] = []
        describe(entry, prefix: "", into: &lines, rules: &rules)
        guard let count else { return lines }
        guard let category = PluralCategories.category(for: count, localization: localization) else {
            lines.append("--count \(count): CLDR has no plural rules for \(localization); pass the .lproj of a language")
            return lines
        }
        for rule in rules {
            let form = rule.forms[category].map { "\"\($0)\"" }
                ?? "no form (Apple documents other as the form of every count without its own: \(rule.forms["other"].map { "\"\($0)\"" } ?? "none either"))"
            lines.append("--count \(count) in \(localization): \(rule.name) selects \(category) (\(PluralCategories.source)): \(form)")
            if let zero = rule.forms["zero"], category != "zero", Double(count) == 0 {
                lines.append("  \(rule.name) also has a zero form, which Apple's documentation uses for 0 in every language: \"\(zero)\"")
            }
        }
        lines.append("On a device Apple's Bundle chooses the form, with the CLDR data of its iOS release.")
        return lines
    }

    /// `  <variable> <category>: <form>` for each rule of a format entry, in key order; variants by key.
    private static func describe(
        _ entry: [String: PropertyListValue], prefix: String, into lines: inout [String],
        rules: inout [(name: String, forms: [String: String])]
    ) {
        for ruleType in ["NSStringDeviceSpecificRuleType", "NSStringVariableWidthRuleType"] {
            guard let variants = entry[ruleType]?.dictionaryValue else { continue }
            for variant in variants.keys.sorted() {
                guard let value = variants[variant] else { continue }
                if let text = value.stringValue {
                    lines.append("  \(prefix)\(variant): \(text)")
                } else if let nested = value.dictionaryValue {
                    lines.append("  \(prefix)\(variant): \(nested["NSStringLocalizedFormatKey"]?.stringValue ?? "")")
                    describe(nested, prefix: prefix + variant + " ", into: &lines, rules: &rules)
                }
            }
        }
        for name in entry.keys.sorted() where name != "NSStringLocalizedFormatKey" {
            guard let rule = entry[name]?.dictionaryValue, rule["NSStringFormatSpecTypeKey"] != nil else { continue }
            var forms: [String: String] = [:]
            for category in ["zero", "one", "two", "few", "many", "other"] {
                guard let form = rule[category]?.stringValue else { continue }
                forms[category] = form
                lines.append("  \(prefix)\(name) \(category): \(form)")
            }
            rules.append((prefix + name, forms))
        }
    }
}
