import OTALocalizationsCore

extension StringsDictEntryReader {
    /// Reads one `NSStringPluralRuleType` dictionary: its spec type, value type and CLDR category forms.
    ///
    /// Problems are reported in this order: the spec type (which ends the reading), the value type, each
    /// key that is not a usable form (by key), then each form whose conversion disagrees with the value type (by
    /// category name). A missing `other` form is the caller's to judge: it depends on the language
    /// (``PluralCheck``).
    /// - Parameters:
    ///   - name: the variable name.
    ///   - position: the argument position the variable reads in the whole call (1-based).
    ///   - place: `" (in …)"` for a nested variant, else empty; appended to messages.
    /// - Returns: the rule, or nil when its spec type is missing or not `NSStringPluralRuleType`.
    mutating func readRule(
        _ name: String, _ rule: [String: PropertyListValue], position: Int, place: String
    ) -> PluralRuleInfo? {
        // One pass over the keys, in any order: a rule has a few, and comparing them is cheaper than hashing
        // the long spec and value type keys. Problems with forms are rare; they are sorted by key below.
        var specType: PropertyListValue?
        var valueType: PropertyListValue?
        var info = PluralRuleInfo(name: name, position: position)
        var formProblems: [(key: String, code: ValidationDiagnostic.Code, message: String)] = []
        info.forms.reserveCapacity(rule.count)
        for (key, value) in rule {
            if let category = PluralCategorySet(name: key) {
                if let text = value.stringValue {
                    // Kept sorted by category name as they come: a rule has a few forms.
                    info.forms.append(PluralFormInfo(category: key, text: text, parsed: FormatSpecifier.parse(text)))
                    var index = info.forms.count - 1
                    while index > 0, info.forms[index - 1].alphabeticalRank > info.forms[index].alphabeticalRank {
                        info.forms.swapAt(index - 1, index)
                        index -= 1
                    }
                    info.categories.insert(category)
                } else {
                    formProblems.append((key, .stringsDictMalformedEntry, "The form \"\(key)\" of rule \"\(name)\" must be a string\(place)."))
                }
            } else if key == StringsDictKey.specType {
                specType = value
            } else if key == StringsDictKey.valueType {
                valueType = value
            } else {
                formProblems.append((key, .stringsDictUnknownPluralCategory, "The rule \"\(name)\" has a form \"\(key)\"\(place), which is not a CLDR plural category (zero, one, two, few, many, other); Apple never selects it."))
            }
        }
        guard let specType else {
            report(.stringsDictMissingSpecType, "The rule \"\(name)\" has no \(StringsDictKey.specType)\(place); add it with the value \(StringsDictKey.pluralRule).")
            return nil
        }
        guard specType.stringValue == StringsDictKey.pluralRule else {
            let found = specType.stringValue.map { "\"\($0)\"" } ?? "a non-string value"
            report(.stringsDictUnknownSpecType, "The rule \"\(name)\" has \(StringsDictKey.specType) \(found)\(place); the only rule type for a variable is \(StringsDictKey.pluralRule).")
            return nil
        }
        if let valueType {
            // Apple documents a bare conversion ("d", "ld"); a leading "%" is tolerated as the same conversion.
            var text = valueType.stringValue ?? ""
            if text.hasPrefix("%") { text.removeFirst() }
            if let type = argumentType(ofValueType: text), type.isNumber {
                info.valueType = text
                info.argumentType = type
            } else if let type = argumentType(ofValueType: text) {
                report(.stringsDictInvalidValueType, "The rule \"\(name)\" has \(StringsDictKey.valueType) \"\(text)\"\(place), the conversion of \(type.rawValue), but a plural rule selects its form by a number; use d, ld, lu, f or similar.")
            } else {
                report(.stringsDictInvalidValueType, "The rule \"\(name)\" has \(StringsDictKey.valueType) \"\(text)\"\(place), which is not a printf conversion; use d, ld, lu, f or similar.")
            }
        } else {
            report(.stringsDictMissingValueType, "The rule \"\(name)\" has no \(StringsDictKey.valueType)\(place); add the conversion of its argument, for example d or ld.")
        }
        if formProblems.count > 1 { formProblems.sort { $0.key < $1.key } }
        for problem in formProblems { report(problem.code, problem.message) }
        if let type = info.argumentType {
            for form in info.forms {
                // The form's specifiers that read the variable's number: `%n$` at its position, or the
                // non-positional ones (which start at its position).
                if let read = Self.firstType(at: position, in: form.parsed), read != type {
                    let written = form.parsed.arguments
                        .filter { $0.variable == nil && ($0.position == nil || $0.position == position) }
                        .map(\.text).joined(separator: ", ")
                    report(.stringsDictSpecifierMismatch, "The form \"\(form.category)\" of rule \"\(name)\" formats with \(written) but \(StringsDictKey.valueType) is \"\(info.valueType ?? "")\" (\(type.rawValue))\(place); use the same conversion.")
                }
            }
        }
        return info
    }

    /// The first type a plural form reads at `position`, with its non-positional specifiers starting there
    /// and its variables untyped: ``FormatArguments/types`` at `position`.
    private static func firstType(at position: Int, in form: ParsedFormat) -> FormatSpecifier.ArgumentType? {
        var first: FormatSpecifier.ArgumentType?
        FormatArguments.forEachRead(in: form, firstSequentialPosition: position, variableType: { _ in nil }) { slot, type in
            if first == nil, slot == position { first = type }
        }
        return first
    }
}

extension FormatSpecifier.ArgumentType {
    /// Whether the type is a number a plural rule can select a form by: an integer or floating-point conversion.
    var isNumber: Bool {
        switch self {
        case .int8, .int16, .int32, .int64, .double, .longDouble: return true
        case .object, .cString, .unicharString, .wideString, .pointer, .writeBack: return false
        }
    }

    /// Whether the type is an integer conversion (`hh`, `h`, none, or a 64-bit modifier with `d`, `u`, …).
    var isInteger: Bool {
        switch self {
        case .int8, .int16, .int32, .int64: return true
        default: return false
        }
    }
}
