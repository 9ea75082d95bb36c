import OTALocalizationsCore

extension StringsDictEntryReader {
    /// Reads one `NSStringPluralRuleType` dictionary: its spec type, value type and CLDR category forms.
    ///
    /// Problems are reported in this order: the spec type (which ends the reading), the value type, each
    /// key that is not a usable form (by key), then the forms whose conversion disagrees with the value type (by
    /// category name, or once for the rule when the forms read the count at another position). A missing `other`
    /// form is the caller's to judge: it depends on the language (``PluralCheck``).
    /// - Parameters:
    ///   - name: the variable name.
    ///   - position: the argument position the variable reads in the whole call (1-based).
    ///   - path: the keys of a width or device variant holding the entry's rules, else empty.
    ///   - place: `" (in …)"` for a nested variant, else empty; appended to messages.
    /// - Returns: the rule, or nil when its spec type is missing or not `NSStringPluralRuleType`.
    mutating func readRule(
        _ name: String, _ rule: [String: PropertyListValue], position: Int, path: [String], place: String
    ) -> PluralRuleInfo? {
        // One pass over the keys, in any order: a rule has a few, and comparing them is cheaper than hashing
        // the long spec and value type keys. Problems with forms are rare; they are sorted by key below.
        var specType: PropertyListValue?
        var valueType: PropertyListValue?
        var info = PluralRuleInfo(name: name, position: position)
        let rulePath = path + [name]
        var formProblems: [(key: String, code: ValidationDiagnostic.Code, message: String, value: PropertyListValue)] = []
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
                    formProblems.append((key, .stringsDictMalformedEntry, "The form \"\(key)\" of rule \"\(name)\" must be a string\(place).", value))
                }
            } else if key == StringsDictKey.specType {
                specType = value
            } else if key == StringsDictKey.valueType {
                valueType = value
            } else {
                formProblems.append((key, .stringsDictUnknownPluralCategory, "The rule \"\(name)\" has a form \"\(key)\"\(place), which is not a CLDR plural category (zero, one, two, few, many, other); Apple never selects it.", value))
            }
        }
        guard let specType else {
            report(.stringsDictMissingSpecType, "The rule \"\(name)\" has no \(StringsDictKey.specType)\(place); add it with the value \(StringsDictKey.pluralRule).",
                   path: rulePath)
            return nil
        }
        guard specType.stringValue == StringsDictKey.pluralRule else {
            let found = specType.stringValue.map { "\"\($0)\"" } ?? "a non-string value"
            report(.stringsDictUnknownSpecType, "The rule \"\(name)\" has \(StringsDictKey.specType) \(found)\(place); the only rule type for a variable is \(StringsDictKey.pluralRule).",
                   path: rulePath, value: specType)
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
                report(.stringsDictInvalidValueType, "The rule \"\(name)\" has \(StringsDictKey.valueType) \"\(text)\"\(place), the conversion of \(type.rawValue), but a plural rule selects its form by a number; use d, ld, lu, f or similar.",
                       path: rulePath, value: valueType)
            } else {
                report(.stringsDictInvalidValueType, "The rule \"\(name)\" has \(StringsDictKey.valueType) \"\(text)\"\(place), which is not a printf conversion; use d, ld, lu, f or similar.",
                       path: rulePath, value: valueType)
            }
        } else {
            report(.stringsDictMissingValueType, "The rule \"\(name)\" has no \(StringsDictKey.valueType)\(place); add the conversion of its argument, for example d or ld.",
                   path: rulePath)
        }
        if formProblems.count > 1 { formProblems.sort { $0.key < $1.key } }
        for problem in formProblems { report(problem.code, problem.message, path: rulePath + [problem.key], value: problem.value) }
        if let type = info.argumentType { reportSpecifierMismatches(info, type: type, path: rulePath, place: place) }
        return info
    }

    /// Reports the forms whose specifier for the rule's number (non-positional, or `%n$` at the variable's position)
    /// has another type than the value type: once for the rule when every such form reads that position with `%n$`
    /// as a non-number and the count is read at one other position (`%#@COUNT@` with forms `%1$@ … %2$d`: the
    /// variable should read argument 2), else once per form.
    private mutating func reportSpecifierMismatches(
        _ info: PluralRuleInfo, type: FormatSpecifier.ArgumentType, path: [String], place: String
    ) {
        let name = info.name
        let position = info.position
        var mismatched: [(form: PluralFormInfo, read: FormatSpecifier.ArgumentType)] = []
        for form in info.forms {
            if let read = Self.firstType(at: position, in: form.parsed), read != type { mismatched.append((form, read)) }
        }
        guard !mismatched.isEmpty else { return }
        if let countPosition = Self.countPosition(of: info, type: type, mismatched: mismatched.map(\.form)) {
            let written = mismatched.map { item in
                item.form.parsed.arguments.filter { $0.position == position }.map(\.text).first ?? ""
            }
            let readAs = Set(mismatched.map(\.read.rawValue)).sorted().joined(separator: " or ")
            let forms = mismatched.map { "\"\($0.form.category)\"" }.joined(separator: ", ")
            let countRead = info.forms.lazy.compactMap { form in
                form.parsed.arguments.first { $0.position == countPosition && $0.variable == nil }?.text
            }.first
            let fix = "%\(countPosition)$#@\(name)@"
            let reading = countRead.map { "and the count as argument \(countPosition) (\($0))" } ?? "and never read the count"
            let write = countRead == nil ? "If the app passes the count as argument \(countPosition), write" : "Write"
            report(.stringsDictSpecifierMismatch, "The rule \"\(name)\"\(place) takes its number from argument \(position) (NSStringFormatValueTypeKey \"\(info.valueType ?? "")\", \(type.rawValue)), but its forms \(forms) read argument \(position) as \(readAs) (\(Set(written).sorted().joined(separator: ", "))) \(reading). \(write) \(fix) where the entry refers to the variable (%#@\(name)@ in \(StringsDictKey.formatKey)) and keep the forms as they are.",
                   explanation: "As written, iOS chooses the plural form by the variable's argument read as a number, which is not the count; changing the forms' conversions instead would print the wrong text.",
                   path: path, text: info.forms.map { "\($0.category)=\($0.text)" }.joined(separator: "; "),
                   cause: "position|\(path.joined(separator: "/"))|\(position)|\(countPosition)")
            return
        }
        for (form, read) in mismatched {
            let written = form.parsed.arguments
                .filter { $0.variable == nil && ($0.position == nil || $0.position == position) }
                .map(\.text).joined(separator: ", ")
            report(.stringsDictSpecifierMismatch, "The form \"\(form.category)\" of rule \"\(name)\" formats with \(written) but \(StringsDictKey.valueType) is \"\(info.valueType ?? "")\" (\(type.rawValue))\(place); use the same conversion.\(Self.cutShort(form, position: position, valueType: info.valueType))",
                   path: path + [form.category], text: form.text,
                   cause: "type|\(path.joined(separator: "/"))|\(position)|\(read.rawValue)")
        }
    }

    /// What a form's `%a` (or `%A`) at the rule's position most likely is, for the message: printf's hexadecimal
    /// floating point conversion reads a double (IEEE Std 1003.1 `fprintf`), and in natural-language forms it is
    /// a longer token (`%arg`) that a translation tool cut short. Empty for any other conversion.
    private static func cutShort(_ form: PluralFormInfo, position: Int, valueType: String?) -> String {
        guard let cut = form.parsed.arguments.first(where: { specifier in
            specifier.variable == nil && (specifier.position == nil || specifier.position == position)
                && (specifier.conversion == "a" || specifier.conversion == "A")
        }) else { return "" }
        let fix = valueType.map { " (%\($0))" } ?? ""
        return " \(cut.text) reads a double (printf's hexadecimal floating point): most likely a tool cut a longer token "
            + "that starts with it (such as %arg) short; write the conversion of the value type\(fix) in \(MessageText.quoted(form.text))."
    }

    /// The argument position the forms of a rule read its count at, when the mismatched forms read the variable's
    /// own position only with `%n$` and as a non-number: the one other position the forms read with `%n$` as the
    /// value type, or, when no form reads the count, the position after the last one the forms read (a guess the
    /// message says is one). Nil when the forms do not follow that pattern.
    private static func countPosition(
        of info: PluralRuleInfo, type: FormatSpecifier.ArgumentType, mismatched: [PluralFormInfo]
    ) -> Int? {
        let position = info.position
        for form in mismatched {
            let atPosition = form.parsed.arguments.filter { $0.variable == nil && ($0.position == nil || $0.position == position) }
            guard !atPosition.isEmpty,
                  atPosition.allSatisfy({ $0.position == position && !($0.argumentType?.isNumber ?? true) }) else { return nil }
        }
        var countPositions: Set<Int> = []
        var highest = 0
        for form in info.forms {
            for specifier in form.parsed.arguments where specifier.variable == nil {
                guard let explicit = specifier.position else {
                    // A non-positional specifier reads from the variable's position: not the pattern.
                    if specifier.argumentType == type { return nil }
                    continue
                }
                highest = max(highest, explicit)
                if explicit != position, specifier.argumentType == type { countPositions.insert(explicit) }
            }
        }
        if countPositions.count == 1, let only = countPositions.first { return only }
        if countPositions.isEmpty, highest > 0 { return highest + 1 }
        return nil
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
