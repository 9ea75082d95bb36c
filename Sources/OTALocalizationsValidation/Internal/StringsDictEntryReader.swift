import OTALocalizationsCore

/// One structure problem of a `.stringsdict` entry.
struct StringsDictProblem: Sendable {
    var code: ValidationDiagnostic.Code
    var message: String
    /// Where in the entry: the keys below the entry's own key (`["COUNT", "one"]`); empty for the whole entry.
    var path: [String]
    /// The offending value (a form's text, the value type), recorded in baselines; nil when there is none.
    var value: String?
    /// For a `stringsdict-specifier-mismatch`, what causes it, equal for the same mistake copied into another
    /// localization (``ModuleValidator`` reports it once, on the development file).
    var cause: String?
    /// The end of the message that explains the rule (``ValidationDiagnostic/explanation``).
    var explanation: String?
}

/// Reads the `.stringsdict` entries of one file, collecting structure problems in ``problems``.
///
/// One reader serves a whole file: it keeps the value types it has already checked (a file uses a few,
/// such as `d` and `ld`, for every rule). Not shared between threads.
struct StringsDictEntryReader {
    /// Each problem found since the caller last emptied the list, in the order found.
    var problems: [StringsDictProblem] = []
    /// Value-type texts already checked (without a leading `%`), with the argument type each names (nil: not
    /// a printf conversion). A short list: a file uses a few.
    private var valueTypes: [(text: String, type: FormatSpecifier.ArgumentType?)] = []

    /// The keys whose dictionary holds width or device variants instead of a format.
    private static let variantRuleKeys = [StringsDictKey.widthRule, StringsDictKey.deviceRule]

    /// Reads one entry (a string, or a dictionary with a format key and rules, or with variants).
    /// - Parameter path: where a nested value sits (`["NSStringDeviceSpecificRuleType", "mac"]`), for messages and
    ///   each problem's ``StringsDictProblem/path``.
    /// - Returns: the entry, or nil when it cannot be read (the reason is in ``problems``).
    mutating func read(_ value: PropertyListValue, path: [String] = []) -> StringsDictEntryInfo? {
        let place = path.isEmpty ? "" : " (in \(path.joined(separator: "/")))"
        switch value {
        case .string(let text):
            return StringsDictEntryInfo(format: text, parsedFormat: FormatSpecifier.parse(text), rules: [], variants: [:])
        case .dictionary(let dictionary):
            for ruleKey in Self.variantRuleKeys {
                guard let variantsValue = dictionary[ruleKey] else { continue }
                guard let variantsDictionary = variantsValue.dictionaryValue else {
                    report(.stringsDictMalformedEntry, "\(ruleKey) must be a dictionary of variants\(place).",
                           path: path + [ruleKey], value: variantsValue)
                    return nil
                }
                var variants: [String: StringsDictEntryInfo] = [:]
                // In key order, so problems in several variants are always reported in the same order.
                for (variantKey, variant) in variantsDictionary.sorted(by: { $0.key < $1.key }) {
                    if let info = read(variant, path: path + [ruleKey, variantKey]) { variants[variantKey] = info }
                }
                return StringsDictEntryInfo(format: nil, rules: [], variants: variants, variantsKey: ruleKey)
            }
            return readPlural(dictionary, path: path, place: place)
        default:
            report(.stringsDictMalformedEntry, "An entry must be a string or a dictionary\(place); replace the value with a dictionary holding \(StringsDictKey.formatKey).",
                   path: path, value: value)
            return nil
        }
    }

    /// Adds a problem to ``problems``; a property-list `value` is recorded in its short text form.
    mutating func report(
        _ code: ValidationDiagnostic.Code, _ message: String, path: [String], value: PropertyListValue? = nil
    ) {
        report(code, message, path: path, text: value.map(ModuleValidator.describe))
    }

    /// Adds a problem to ``problems`` with the offending text.
    mutating func report(
        _ code: ValidationDiagnostic.Code, _ message: String, explanation: String? = nil, path: [String], text: String?,
        cause: String? = nil
    ) {
        problems.append(StringsDictProblem(
            code: code, message: message, path: path, value: text, cause: cause, explanation: explanation))
    }

    /// The argument type a `NSStringFormatValueTypeKey` names, or nil when `text` (without a leading `%`) is not
    /// exactly one printf conversion: `%` + `text` must parse as a single specifier that reads a value.
    /// The first eight texts (byte for byte) are remembered, so each is parsed once per reader.
    mutating func argumentType(ofValueType text: String) -> FormatSpecifier.ArgumentType? {
        if let known = valueTypes.first(where: { $0.text.utf8.elementsEqual(text.utf8) }) { return known.type }
        let specifierText = "%" + text
        let parsed = FormatSpecifier.parse(specifierText)
        var type: FormatSpecifier.ArgumentType?
        if let only = parsed.specifiers.first, parsed.specifiers.count == 1, parsed.invalid.isEmpty,
           only.text == specifierText {
            type = only.argumentType
        }
        if valueTypes.count < 8 { valueTypes.append((text, type)) }
        return type
    }

    private mutating func readPlural(
        _ dictionary: [String: PropertyListValue], path: [String], place: String
    ) -> StringsDictEntryInfo? {
        guard let formatValue = dictionary[StringsDictKey.formatKey] else {
            report(.stringsDictMissingFormatKey, "The entry has no \(StringsDictKey.formatKey)\(place); add it with the format string, for example %#@count@.",
                   path: path)
            return nil
        }
        guard let format = formatValue.stringValue else {
            report(.stringsDictMalformedEntry, "\(StringsDictKey.formatKey) must be a string\(place).",
                   path: path + [StringsDictKey.formatKey], value: formatValue)
            return nil
        }
        let parsedFormat = FormatSpecifier.parse(format)
        var info = StringsDictEntryInfo(format: format, parsedFormat: parsedFormat, rules: [], variants: [:])
        // Each variable is followed once, at the first position found; variables found in forms queue behind.
        var pending = Self.variablePositions(in: parsedFormat, firstSequentialPosition: 1)
        var unread: [String] = []
        var next = 0
        while next < pending.count {
            let (variable, position) = pending[next]
            next += 1
            guard !info.rules.contains(where: { $0.name == variable }), !unread.contains(variable) else { continue }
            guard let ruleValue = dictionary[variable] else {
                unread.append(variable)
                report(.stringsDictUndefinedVariable, "%#@\(variable)@ has no rule dictionary named \"\(variable)\"\(place); add one with \(StringsDictKey.specType), \(StringsDictKey.valueType) and an other form.",
                       path: path + [variable])
                continue
            }
            guard let rule = ruleValue.dictionaryValue else {
                unread.append(variable)
                report(.stringsDictMalformedEntry, "The rule \"\(variable)\" must be a dictionary\(place).",
                       path: path + [variable], value: ruleValue)
                continue
            }
            guard let parsed = readRule(variable, rule, position: position, path: path, place: place) else {
                unread.append(variable)
                continue
            }
            info.rules.append(parsed)
            for form in parsed.forms where !form.parsed.specifiers.isEmpty {
                pending.append(contentsOf: Self.variablePositions(in: form.parsed, firstSequentialPosition: position))
            }
        }
        if info.rules.count > 1 { info.rules.sort { $0.name < $1.name } }
        reportMalformedVariables(format, parsedFormat, where: "\(StringsDictKey.formatKey)\(place)",
                                 path: path + [StringsDictKey.formatKey])
        for rule in info.rules {
            for form in rule.forms where !form.parsed.invalid.isEmpty {
                reportMalformedVariables(form.text, form.parsed, where: "form \"\(form.category)\" of rule \"\(rule.name)\"\(place)",
                                         path: path + [rule.name, form.category])
            }
        }
        reportUnusedVariables(dictionary, referenced: info.rules.map(\.name) + unread, path: path, place: place)
        reportRecursiveVariables(info.rules, path: path, place: place)
        return info
    }

    /// Reports each `%#@` (or `%n$#@`) in `text` that the parser could not read as `%#@name@`.
    private mutating func reportMalformedVariables(
        _ text: String, _ parsed: ParsedFormat, where place: String, path: [String]
    ) {
        guard !parsed.invalid.isEmpty else { return }
        let scalars = Array(text.unicodeScalars)
        for invalid in parsed.invalid {
            var index = invalid.offset + 1
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
            if index > invalid.offset + 1 {
                guard index < scalars.count, scalars[index] == "$" else { continue }
                index += 1
            }
            guard index + 1 < scalars.count, scalars[index] == "#", scalars[index + 1] == "@" else { continue }
            var end = index + 2
            while end < scalars.count, end - invalid.offset < 40, !scalars[end].properties.isWhitespace { end += 1 }
            let written = String(String.UnicodeScalarView(scalars[invalid.offset..<end]))
            report(.stringsDictMalformedVariable, "\"\(written)\" in \(place) is not a variable: a variable is written %#@name@, with a name and a closing @. As written it names no rule, so iOS does not pluralise it (what it shows instead is not documented).",
                   path: path, text: written)
        }
    }

    /// Reports each rule dictionary of the entry that the format key and the forms never refer to.
    private mutating func reportUnusedVariables(
        _ dictionary: [String: PropertyListValue], referenced: [String], path: [String], place: String
    ) {
        guard dictionary.count > referenced.count + 1 else { return }
        let unused = dictionary.keys.filter { key in
            key != StringsDictKey.formatKey && !referenced.contains(key) && dictionary[key]?.dictionaryValue != nil
        }.sorted()
        let none = referenced.isEmpty
        for name in unused {
            report(.stringsDictUnusedVariable, "The rule \"\(name)\"\(place) is never used: neither \(StringsDictKey.formatKey) nor any form contains %#@\(name)@\(none ? ", so iOS never pluralises this entry" : ""). Refer to it in the format, or delete it.",
                   path: path + [name])
        }
    }

    /// Reports each rule whose forms lead back to itself, naming the chain of variables.
    private mutating func reportRecursiveVariables(_ rules: [PluralRuleInfo], path: [String], place: String) {
        guard rules.contains(where: { rule in rule.forms.contains { !$0.parsed.variables.isEmpty } }) else { return }
        var references: [String: [String]] = [:]
        for rule in rules {
            references[rule.name] = Array(Set(rule.forms.flatMap(\.parsed.variables))).sorted()
        }
        for rule in rules {
            // Breadth first over the variables the forms lead to; `parent[v]` is the variable whose forms name v.
            var parent: [String: String] = [:]
            var queue: [String] = []
            for name in references[rule.name] ?? [] {
                parent[name] = rule.name
                queue.append(name)
            }
            var index = 0
            while index < queue.count, parent[rule.name] == nil {
                let name = queue[index]
                index += 1
                for target in references[name] ?? [] where parent[target] == nil {
                    parent[target] = name
                    queue.append(target)
                }
            }
            guard var current = parent[rule.name] else { continue }
            var chain = [rule.name]
            while current != rule.name, let up = parent[current] {
                chain.append(current)
                current = up
            }
            chain.append(rule.name)
            let loop = chain.reversed().joined(separator: " → ")
            report(.stringsDictRecursiveVariable, "The rule \"\(rule.name)\"\(place) refers to itself through its forms (\(loop)): its text would contain itself without end, and what iOS shows for it is not documented. Remove the reference that closes the loop.",
                   path: path + [rule.name], text: loop)
        }
    }

    /// Each `%#@name@` of a format with the argument position it reads (non-positional ones in order from
    /// `firstSequentialPosition`, counting every argument-reading specifier).
    static func variablePositions(in format: ParsedFormat, firstSequentialPosition: Int) -> [(String, Int)] {
        var next = firstSequentialPosition
        var result: [(String, Int)] = []
        for specifier in format.specifiers where !specifier.isLiteralPercent {
            if case .argument(nil) = specifier.width { next += 1 }
            if case .argument(nil) = specifier.precision { next += 1 }
            let position: Int
            if let explicit = specifier.position { position = explicit } else { position = next; next += 1 }
            if let variable = specifier.variable { result.append((variable, position)) }
        }
        return result
    }
}
