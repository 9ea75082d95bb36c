import OTALocalizationsCore

/// Reads the `.stringsdict` entries of one file, collecting structure problems in ``problems``.
///
/// One reader serves a whole file: it keeps the value types it has already checked (a file uses a few,
/// such as `d` and `ld`, for every rule). Not shared between threads.
struct StringsDictEntryReader {
    /// (code, message) of each problem found since the caller last emptied the list, in the order found.
    var problems: [(ValidationDiagnostic.Code, String)] = []
    /// Value-type texts already checked (without a leading `%`), with the argument type each names (nil: not
    /// a printf conversion). A short list: a file uses a few.
    private var valueTypes: [(text: String, type: FormatSpecifier.ArgumentType?)] = []

    /// The keys whose dictionary holds width or device variants instead of a format.
    private static let variantRuleKeys = [StringsDictKey.widthRule, StringsDictKey.deviceRule]

    /// Reads one entry (a string, or a dictionary with a format key and rules, or with variants).
    /// - Parameter path: where a nested value sits (`NSStringDeviceSpecificRuleType/mac`), for messages.
    /// - Returns: the entry, or nil when it cannot be read (the reason is in ``problems``).
    mutating func read(_ value: PropertyListValue, path: String = "") -> StringsDictEntryInfo? {
        let place = path.isEmpty ? "" : " (in \(path))"
        switch value {
        case .string(let text):
            return StringsDictEntryInfo(format: text, parsedFormat: FormatSpecifier.parse(text), rules: [], variants: [:])
        case .dictionary(let dictionary):
            for ruleKey in Self.variantRuleKeys {
                guard let variantsValue = dictionary[ruleKey] else { continue }
                guard let variantsDictionary = variantsValue.dictionaryValue else {
                    report(.stringsDictMalformedEntry, "\(ruleKey) must be a dictionary of variants\(place).")
                    return nil
                }
                var variants: [String: StringsDictEntryInfo] = [:]
                // In key order, so problems in several variants are always reported in the same order.
                for (variantKey, variant) in variantsDictionary.sorted(by: { $0.key < $1.key }) {
                    if let info = read(variant, path: "\(ruleKey)/\(variantKey)") { variants[variantKey] = info }
                }
                return StringsDictEntryInfo(format: nil, rules: [], variants: variants)
            }
            return readPlural(dictionary, place: place)
        default:
            report(.stringsDictMalformedEntry, "An entry must be a string or a dictionary\(place); replace the value with a dictionary holding \(StringsDictKey.formatKey).")
            return nil
        }
    }

    /// Adds a problem to ``problems``.
    mutating func report(_ code: ValidationDiagnostic.Code, _ message: String) {
        problems.append((code, message))
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

    private mutating func readPlural(_ dictionary: [String: PropertyListValue], place: String) -> StringsDictEntryInfo? {
        guard let formatValue = dictionary[StringsDictKey.formatKey] else {
            report(.stringsDictMissingFormatKey, "The entry has no \(StringsDictKey.formatKey)\(place); add it with the format string, for example %#@count@.")
            return nil
        }
        guard let format = formatValue.stringValue else {
            report(.stringsDictMalformedEntry, "\(StringsDictKey.formatKey) must be a string\(place).")
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
                report(.stringsDictUndefinedVariable, "%#@\(variable)@ has no rule dictionary named \"\(variable)\"\(place); add one with \(StringsDictKey.specType), \(StringsDictKey.valueType) and an other form.")
                continue
            }
            guard let rule = ruleValue.dictionaryValue else {
                unread.append(variable)
                report(.stringsDictMalformedEntry, "The rule \"\(variable)\" must be a dictionary\(place).")
                continue
            }
            guard let parsed = readRule(variable, rule, position: position, place: place) else {
                unread.append(variable)
                continue
            }
            info.rules.append(parsed)
            for form in parsed.forms where !form.parsed.specifiers.isEmpty {
                pending.append(contentsOf: Self.variablePositions(in: form.parsed, firstSequentialPosition: position))
            }
        }
        if info.rules.count > 1 { info.rules.sort { $0.name < $1.name } }
        return info
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
