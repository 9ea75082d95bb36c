import OTALocalizationsCore
import OTALocalizationsPublishing

/// The compilation of one catalog, language by language (the rules are listed on `StringCatalogCompiler`).
struct CatalogCompilation {
    typealias Members = [(key: String, value: PropertyListNode)]

    let catalog: StringCatalog
    /// The plural value type of each entry's source-language plural, used when a translation's cases have
    /// no numeric specifier (indexed like `catalog.entries`).
    private let sourceValueTypes: [String?]

    init(catalog: StringCatalog) {
        self.catalog = catalog
        let source = ScalarKey(catalog.sourceLanguage)
        sourceValueTypes = catalog.entries.map { entry in
            guard let localization = entry.localizations.first(where: { ScalarKey($0.language) == source }) else { return nil }
            return Self.pluralValueType(of: localization.node)
        }
    }

    private static func pluralValueType(of node: CatalogNode) -> String? {
        switch node.variations {
        case .plural(let cases):
            return PluralArguments.arrange(orderedTexts(cases)).valueType
        case .device(let cases):
            for deviceCase in cases {
                if let type = pluralValueType(of: deviceCase.node) { return type }
            }
            return nil
        case nil:
            return nil
        }
    }

    private static func orderedTexts(_ cases: [CatalogCase]) -> [(category: String, text: String)] {
        var result: [(category: String, text: String)] = []
        for pluralCase in cases where pluralCase.node.variations == nil {
            if let value = pluralCase.node.stringUnit?.value { result.append((pluralCase.name, value)) }
        }
        return PluralCategory.sorted(result)
    }

    /// The `.strings` and `.stringsdict` members of one language.
    func compile(language: String) throws(CatalogError) -> (strings: Members, stringsDict: Members) {
        let wanted = ScalarKey(language)
        let isSource = wanted == ScalarKey(catalog.sourceLanguage)
        var strings: Members = []
        var stringsDict: Members = []
        for (index, entry) in catalog.entries.enumerated() {
            guard let localization = entry.localizations.first(where: { ScalarKey($0.language) == wanted }) else { continue }
            let context = Context(
                path: catalog.path, key: entry.key, language: language, isSource: isSource,
                sourceValueType: sourceValueTypes[index])
            let node = localization.node
            switch node.variations {
            case nil:
                guard let value = node.stringUnit?.value else { continue }
                if node.substitutions.isEmpty {
                    if isSource, node.stringUnit?.state == "new", entry.extractionState != "manual" { continue }
                    strings.append((entry.key, .string(CatalogFormat.removingNames(value))))
                } else {
                    stringsDict.append(
                        (entry.key, try context.substitutionFormat(value, substitutions: node.substitutions, onlyReferenced: false, at: node.location)))
                }
            case .plural(let cases):
                if let format = try context.pluralFormat(cases, at: node.location) {
                    stringsDict.append((entry.key, format))
                }
            case .device(let cases):
                var devices: Members = []
                for deviceCase in cases {
                    if deviceCase.name == "other" {
                        if let fallback = try context.deviceFallback(deviceCase.node) {
                            strings.append((entry.key, .string(fallback)))
                        }
                    } else if let value = try context.deviceCase(deviceCase.node, substitutions: node.substitutions) {
                        devices.append((deviceCase.name, value))
                    }
                }
                if !devices.isEmpty {
                    stringsDict.append((entry.key, .dictionary([("NSStringDeviceSpecificRuleType", .dictionary(devices))])))
                }
            }
        }
        return (strings, stringsDict)
    }
}

/// What one entry's compilation needs to know and to say in its errors.
private struct Context {
    var path: String
    var key: String
    var language: String
    var isSource: Bool
    var sourceValueType: String?

    func error(_ code: CatalogError.Code, _ reason: String, at location: CatalogLocation) -> CatalogError {
        CatalogError(
            code: code, reason: reason, path: path, line: location.line, column: location.column,
            jsonPath: location.jsonPath, key: key, language: language)
    }

    /// A plural variation as a format dictionary, or nil when no case has a value.
    func pluralFormat(_ cases: [CatalogCase], at location: CatalogLocation) throws(CatalogError) -> PropertyListNode? {
        var texts: [(category: String, text: String)] = []
        for pluralCase in cases {
            if pluralCase.node.variations != nil {
                throw error(.variedPluralCase, "plural case \"\(pluralCase.name)\" cannot be further varied", at: pluralCase.node.location)
            }
            if let value = pluralCase.node.stringUnit?.value { texts.append((pluralCase.name, value)) }
        }
        guard !texts.isEmpty else { return nil }
        texts = PluralCategory.sorted(texts)
        let arranged = PluralArguments.arrange(texts)
        if isSource, !arranged.referencesNumber {
            throw error(
                .pluralWithoutNumber,
                "plural variation never references the number; use a numeric specifier such as %lld in a case, or separate strings",
                at: location)
        }
        let valueType = arranged.valueType ?? sourceValueType ?? "d"
        var variable: CatalogCompilation.Members = [
            ("NSStringFormatSpecTypeKey", .string("NSStringPluralRuleType")),
            ("NSStringFormatValueTypeKey", .string(valueType)),
        ]
        for (category, text) in arranged.texts { variable.append((category, .string(text))) }
        let formatKey = arranged.countPosition.map { "%\($0)$#@value@" } ?? "%#@value@"
        return .dictionary([("NSStringLocalizedFormatKey", .string(formatKey)), ("value", .dictionary(variable))])
    }

    /// A string with `%#@name@` references as a format dictionary with one variable per substitution.
    func substitutionFormat(
        _ value: String, substitutions: [CatalogSubstitution], onlyReferenced: Bool, at location: CatalogLocation
    ) throws(CatalogError) -> PropertyListNode {
        let references = SubstitutionReference.names(in: value)
        let defined = Set(substitutions.map { ScalarKey($0.name) })
        for reference in references where !defined.contains(ScalarKey(reference)) {
            throw error(.undefinedSubstitution, "the string references substitution '\(reference)', which is not defined", at: location)
        }
        var formatKey = CatalogFormat.removingNames(value)
        var members: CatalogCompilation.Members = []
        let referenced = Set(references.map(ScalarKey.init))
        for substitution in substitutions {
            if let number = substitution.argumentNumber {
                formatKey = CatalogFormat.replacing(
                    "%#@\(substitution.name)@", with: "%\(number)$#@\(substitution.name)@", in: formatKey)
            }
            if onlyReferenced, !referenced.contains(ScalarKey(substitution.name)) { continue }
            if let variable = try substitutionVariable(substitution) {
                members.append((substitution.name, variable))
            }
        }
        members.insert(("NSStringLocalizedFormatKey", .string(formatKey)), at: 0)
        return .dictionary(members)
    }

    /// One substitution's variable dictionary, or nil when it has no value.
    private func substitutionVariable(_ substitution: CatalogSubstitution) throws(CatalogError) -> PropertyListNode? {
        let specifier = substitution.formatSpecifier ?? "d"
        let argument = "%" + (substitution.argumentNumber.map { "\($0)$" } ?? "") + specifier
        func resolve(_ text: String) -> String {
            CatalogFormat.removingNames(CatalogFormat.replacing("%arg", with: argument, in: text))
        }
        var texts: [(category: String, text: String)] = []
        switch substitution.node.variations {
        case .plural(let cases):
            for pluralCase in cases {
                if pluralCase.node.variations != nil {
                    throw error(.variedPluralCase, "plural case \"\(pluralCase.name)\" of substitution '\(substitution.name)' cannot be further varied", at: pluralCase.node.location)
                }
                if let value = pluralCase.node.stringUnit?.value { texts.append((pluralCase.name, resolve(value))) }
            }
        case .device:
            throw error(
                .invalidSubstitution,
                "substitution '\(substitution.name)' is not a plain string or plural variation", at: substitution.node.location)
        case nil:
            // A plain substitution: a plural whose only case is `other` renders it for every count.
            if let value = substitution.node.stringUnit?.value { texts.append(("other", resolve(value))) }
        }
        guard !texts.isEmpty else { return nil }
        var variable: CatalogCompilation.Members = [
            ("NSStringFormatSpecTypeKey", .string("NSStringPluralRuleType")),
            ("NSStringFormatValueTypeKey", .string(specifier)),
        ]
        for (category, text) in PluralCategory.sorted(texts) { variable.append((category, .string(text))) }
        return .dictionary(variable)
    }

    /// The device `other` case: a plain string for `.strings`, or nil when it has no value.
    func deviceFallback(_ node: CatalogNode) throws(CatalogError) -> String? {
        guard let value = node.stringUnit?.value else {
            if node.variations != nil {
                throw error(.variedFallback, "the device fallback (other) cannot be further varied", at: node.location)
            }
            return nil
        }
        if node.variations != nil || !node.substitutions.isEmpty || !SubstitutionReference.names(in: value).isEmpty {
            throw error(.variedFallback, "the device fallback (other) cannot be further varied or reference substitutions", at: node.location)
        }
        return CatalogFormat.removingNames(value)
    }

    /// One device case (not `other`): a string, or a format dictionary for plurals and substitutions.
    func deviceCase(_ node: CatalogNode, substitutions: [CatalogSubstitution]) throws(CatalogError) -> PropertyListNode? {
        switch node.variations {
        case .plural(let cases):
            return try pluralFormat(cases, at: node.location)
        case .device:
            throw error(.unsupportedVariation, "a device variation cannot contain another device variation", at: node.location)
        case nil:
            guard let value = node.stringUnit?.value else { return nil }
            let available = node.substitutions + substitutions.filter { outer in
                !node.substitutions.contains { ScalarKey($0.name) == ScalarKey(outer.name) }
            }
            if SubstitutionReference.names(in: value).isEmpty {
                return .string(CatalogFormat.removingNames(value))
            }
            return try substitutionFormat(value, substitutions: available, onlyReferenced: true, at: node.location)
        }
    }
}

/// `%#@name@` references (Apple: "Localizing strings that contain plurals", `NSStringLocalizedFormatKey`).
enum SubstitutionReference {
    /// The names referenced in `text`, in order of first appearance, with or without a position (`%2$#@n@`).
    static func names(in text: String) -> [String] {
        guard text.contains("#@") else { return [] }
        var names: [String] = []
        for name in CatalogFormat.specifiers(text).compactMap(\.variable)
        where !names.contains(where: { ScalarKey($0) == ScalarKey(name) }) {
            names.append(name)
        }
        return names
    }
}

extension PluralCategory {
    /// `cases` in CLDR order (`zero one two few many other`), the later of two equal categories winning.
    static func sorted(_ cases: [(category: String, text: String)]) -> [(category: String, text: String)] {
        var byCategory: [String: String] = [:]
        for (category, text) in cases { byCategory[category] = text }
        return all.compactMap { category in byCategory[category].map { (category, $0) } }
    }
}
