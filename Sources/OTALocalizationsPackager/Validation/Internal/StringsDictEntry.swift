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

/// One plural rule of a `.stringsdict` entry, as far as it could be read.
struct PluralRuleInfo: Sendable {
    /// The argument position the variable reads in the whole call (1-based).
    var position: Int = 1
    var valueType: String?
    var argumentType: FormatSpecifier.ArgumentType?
    /// Category → form text (only string forms of category-like keys).
    var forms: [String: String]
    /// Category → the form's specifiers, parsed once.
    var parsedForms: [String: ParsedFormat] = [:]
}

/// A `.stringsdict` entry reduced to what translation checks compare: its format strings.
struct StringsDictEntryInfo: Sendable {
    /// `NSStringLocalizedFormatKey`, or a plain string value.
    var format: String?
    /// ``format``'s specifiers, parsed once.
    var parsedFormat: ParsedFormat?
    var rules: [String: PluralRuleInfo]
    /// Width or device variants: variant key → nested entry.
    var variants: [String: StringsDictEntryInfo]

    var variableTypes: [String: FormatSpecifier.ArgumentType] {
        rules.compactMapValues(\.argumentType)
    }
}

/// Reads one `.stringsdict` entry, reporting structure problems through `report`.
struct StringsDictEntryReader {
    /// (code, message) of one problem.
    var report: (ValidationDiagnostic.Code, String) -> Void

    func read(_ value: PropertyListValue, path: String = "") -> StringsDictEntryInfo? {
        let place = path.isEmpty ? "" : " (in \(path))"
        switch value {
        case .string(let text):
            return StringsDictEntryInfo(format: text, parsedFormat: FormatSpecifier.parse(text), rules: [:], variants: [:])
        case .dictionary(let dictionary):
            for ruleKey in [StringsDictKey.widthRule, StringsDictKey.deviceRule] {
                guard let variantsValue = dictionary[ruleKey] else { continue }
                guard let variantsDictionary = variantsValue.dictionaryValue else {
                    report(.stringsDictMalformedEntry, "\(ruleKey) must be a dictionary of variants\(place).")
                    return nil
                }
                var variants: [String: StringsDictEntryInfo] = [:]
                for (variantKey, variant) in variantsDictionary {
                    if let info = read(variant, path: "\(ruleKey)/\(variantKey)") { variants[variantKey] = info }
                }
                return StringsDictEntryInfo(format: nil, rules: [:], variants: variants)
            }
            return readPlural(dictionary, place: place)
        default:
            report(.stringsDictMalformedEntry, "An entry must be a string or a dictionary\(place); replace the value with a dictionary holding \(StringsDictKey.formatKey).")
            return nil
        }
    }

    private func readPlural(_ dictionary: [String: PropertyListValue], place: String) -> StringsDictEntryInfo? {
        guard let formatValue = dictionary[StringsDictKey.formatKey] else {
            report(.stringsDictMissingFormatKey, "The entry has no \(StringsDictKey.formatKey)\(place); add it with the format string, for example %#@count@.")
            return nil
        }
        guard let format = formatValue.stringValue else {
            report(.stringsDictMalformedEntry, "\(StringsDictKey.formatKey) must be a string\(place).")
            return nil
        }
        let parsedFormat = FormatSpecifier.parse(format)
        var info = StringsDictEntryInfo(format: format, parsedFormat: parsedFormat, rules: [:], variants: [:])
        var pending = Self.variablePositions(in: parsedFormat, firstSequentialPosition: 1)
        var seen: Set<String> = []
        while let (variable, position) = pending.first {
            pending.removeFirst()
            guard seen.insert(variable).inserted else { continue }
            guard let ruleValue = dictionary[variable] else {
                report(.stringsDictUndefinedVariable, "%#@\(variable)@ has no rule dictionary named \"\(variable)\"\(place); add one with \(StringsDictKey.specType), \(StringsDictKey.valueType) and an other form.")
                continue
            }
            guard let rule = ruleValue.dictionaryValue else {
                report(.stringsDictMalformedEntry, "The rule \"\(variable)\" must be a dictionary\(place).")
                continue
            }
            if var parsed = readRule(variable, rule, position: position, place: place) {
                parsed.position = position
                info.rules[variable] = parsed
                for (_, form) in parsed.parsedForms.sorted(by: { $0.key < $1.key }) {
                    pending.append(contentsOf: Self.variablePositions(in: form, firstSequentialPosition: position))
                }
            }
        }
        return info
    }

    /// Each `%#@name@` of a format with the argument position it reads (non-positional ones in order from
    /// `firstSequentialPosition`, counting every argument-reading specifier).
    static func variablePositions(in format: ParsedFormat, firstSequentialPosition: Int) -> [(String, Int)] {
        var next = firstSequentialPosition
        var result: [(String, Int)] = []
        for specifier in format.arguments {
            if case .argument(nil) = specifier.width { next += 1 }
            if case .argument(nil) = specifier.precision { next += 1 }
            let position: Int
            if let explicit = specifier.position { position = explicit } else { position = next; next += 1 }
            if let variable = specifier.variable { result.append((variable, position)) }
        }
        return result
    }

    private func readRule(_ name: String, _ rule: [String: PropertyListValue], position: Int, place: String) -> PluralRuleInfo? {
        guard let specType = rule[StringsDictKey.specType] else {
            report(.stringsDictMissingSpecType, "The rule \"\(name)\" has no \(StringsDictKey.specType)\(place); add it with the value \(StringsDictKey.pluralRule).")
            return nil
        }
        guard specType.stringValue == StringsDictKey.pluralRule else {
            let found = specType.stringValue.map { "\"\($0)\"" } ?? "a non-string value"
            report(.stringsDictUnknownSpecType, "The rule \"\(name)\" has \(StringsDictKey.specType) \(found)\(place); the only rule type for a variable is \(StringsDictKey.pluralRule).")
            return nil
        }
        var info = PluralRuleInfo(valueType: nil, argumentType: nil, forms: [:])
        if let valueType = rule[StringsDictKey.valueType] {
            // Apple documents a bare conversion ("d", "ld"); a leading "%" is tolerated as the same conversion.
            var text = valueType.stringValue ?? ""
            if text.hasPrefix("%") { text.removeFirst() }
            let parsed = FormatSpecifier.parse("%" + text)
            if let only = parsed.specifiers.first, parsed.specifiers.count == 1, parsed.invalid.isEmpty,
               only.text == "%" + text, let type = only.argumentType {
                info.valueType = text
                info.argumentType = type
            } else {
                report(.stringsDictInvalidValueType, "The rule \"\(name)\" has \(StringsDictKey.valueType) \"\(text)\"\(place), which is not a printf conversion; use d, ld, lu, f or similar.")
            }
        } else {
            report(.stringsDictMissingValueType, "The rule \"\(name)\" has no \(StringsDictKey.valueType)\(place); add the conversion of its argument, for example d or ld.")
        }
        for (category, form) in rule.sorted(by: { $0.key < $1.key })
        where category != StringsDictKey.specType && category != StringsDictKey.valueType {
            guard PluralCategories.all.contains(category) else {
                report(.stringsDictUnknownPluralCategory, "The rule \"\(name)\" has a form \"\(category)\"\(place), which is not a CLDR plural category (zero, one, two, few, many, other); Apple never selects it.")
                continue
            }
            guard let text = form.stringValue else {
                report(.stringsDictMalformedEntry, "The form \"\(category)\" of rule \"\(name)\" must be a string\(place).")
                continue
            }
            info.forms[category] = text
            info.parsedForms[category] = FormatSpecifier.parse(text)
        }
        if info.forms["other"] == nil {
            report(.stringsDictMissingOther, "The rule \"\(name)\" has no other form\(place); Apple requires it (every number without its own form uses it).")
        }
        if let type = info.argumentType {
            for (category, form) in info.parsedForms.sorted(by: { $0.key < $1.key }) {
                // The form's specifiers that read the variable's number: `%n$` at its position, or the
                // non-positional ones (which start at its position).
                let arguments = FormatArguments(form, firstSequentialPosition: position)
                if let read = arguments.types[position], read != type {
                    let written = form.arguments
                        .filter { $0.variable == nil && ($0.position == nil || $0.position == position) }
                        .map(\.text).joined(separator: ", ")
                    report(.stringsDictSpecifierMismatch, "The form \"\(category)\" of rule \"\(name)\" formats with \(written) but \(StringsDictKey.valueType) is \"\(info.valueType ?? "")\" (\(type.rawValue))\(place); use the same conversion.")
                }
            }
        }
        return info
    }
}
