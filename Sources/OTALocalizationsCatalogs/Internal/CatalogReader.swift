import OTALocalizationsCore
import OTALocalizationsPublishing
import OTALocalizationsNames

/// Turns catalog JSON into the compiler's model, reporting every problem with its position.
struct CatalogReader {
    private let bytes: [UInt8]
    private let path: String
    private let lines: TextLocator

    init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
        self.lines = TextLocator(utf8: bytes, lineBreaks: .lineFeed)
    }

    func parseDocument() throws(CatalogError) -> OrderedJSONValue {
        do {
            return try OrderedJSONParser.parse(bytes)
        } catch {
            let position = lines.location(of: error.offset)
            throw CatalogError(
                code: .invalidJSON, reason: "invalid JSON: \(error.reason)", path: path,
                line: position.line, column: position.column)
        }
    }

    func location(_ jsonPath: String, offset: Int) -> CatalogLocation {
        let position = lines.location(of: offset)
        return CatalogLocation(jsonPath: jsonPath, line: position.line, column: position.column)
    }

    private func structureError(_ reason: String, at location: CatalogLocation, key: String? = nil, language: String? = nil) -> CatalogError {
        CatalogError(
            code: .structure, reason: reason, path: path, line: location.line, column: location.column,
            jsonPath: location.jsonPath, key: key, language: language)
    }

    /// Appends one RFC 6901 reference token to a JSON Pointer.
    static func pointer(_ base: String, _ token: String) -> String {
        var escaped = ""
        for character in token.unicodeScalars {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return base + "/" + escaped
    }

    func readCatalog(_ root: OrderedJSONValue) throws(CatalogError) -> StringCatalog {
        let rootLocation = location("", offset: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        guard case .object(let members) = root else {
            throw structureError("the catalog's root is \(root.kindName), expected an object", at: rootLocation)
        }
        var sourceLanguage: String?
        var version: String?
        var versionLocation = rootLocation
        var entries: [CatalogEntry] = []
        var sawStrings = false
        for member in members {
            let memberLocation = location(Self.pointer("", member.key), offset: member.valueOffset)
            switch member.key {
            case "sourceLanguage":
                guard case .string(let text) = member.value, !text.isEmpty else {
                    throw structureError("sourceLanguage must be a non-empty string", at: memberLocation)
                }
                guard LanguageIdentifier.isValid(text) else {
                    throw structureError(Self.languageProblem(text), at: memberLocation)
                }
                sourceLanguage = text
            case "version":
                guard case .string(let text) = member.value else {
                    throw structureError("version must be a string", at: memberLocation)
                }
                version = text
                versionLocation = memberLocation
            case "strings":
                guard case .object(let stringMembers) = member.value else {
                    throw structureError("strings must be an object, found \(member.value.kindName)", at: memberLocation)
                }
                sawStrings = true
                entries.reserveCapacity(stringMembers.count)
                var indexByKey: [ScalarKey: Int] = [:]
                for stringMember in stringMembers {
                    let entry = try readEntry(stringMember)
                    // A key written twice: the later definition wins, as with any JSON object reader.
                    if let earlier = indexByKey[ScalarKey(entry.key)] {
                        entries[earlier] = entry
                    } else {
                        indexByKey[ScalarKey(entry.key)] = entries.count
                        entries.append(entry)
                    }
                }
            default:
                continue
            }
        }
        guard let sourceLanguage else { throw structureError("the catalog has no sourceLanguage", at: rootLocation) }
        guard let version else { throw structureError("the catalog has no version", at: rootLocation) }
        guard StringCatalog.supportedVersions.contains(version) else {
            throw CatalogError(
                code: .unsupportedVersion,
                reason: "catalog version \"\(version)\" is not one Xcode writes (\(StringCatalog.supportedVersions.joined(separator: ", ")))",
                path: path, line: versionLocation.line, column: versionLocation.column, jsonPath: versionLocation.jsonPath)
        }
        _ = sawStrings  // A catalog without `strings` is an empty catalog.
        var languageSet: Set<ScalarKey> = [ScalarKey(sourceLanguage)]
        var languages = [sourceLanguage]
        var keyLines: [String: Int] = [:]
        for entry in entries {
            if keyLines[entry.key] == nil { keyLines[entry.key] = entry.location.line }
            for localization in entry.localizations where languageSet.insert(ScalarKey(localization.language)).inserted {
                languages.append(localization.language)
            }
        }
        languages.sort(by: ScalarOrder.precedes)
        return StringCatalog(
            sourceLanguage: sourceLanguage, version: version, languages: languages, path: path, keyLines: keyLines,
            entries: entries)
    }

    private func readEntry(_ member: OrderedJSONMember) throws(CatalogError) -> CatalogEntry {
        let key = member.key
        let entryPath = Self.pointer("/strings", key)
        let keyLocation = location(entryPath, offset: member.keyOffset)
        guard case .object(let fields) = member.value else {
            throw structureError("a string entry must be an object, found \(member.value.kindName)", at: location(entryPath, offset: member.valueOffset), key: key)
        }
        var entry = CatalogEntry(key: key, extractionState: nil, shouldTranslate: true, localizations: [], location: keyLocation)
        for field in fields {
            let fieldLocation = location(Self.pointer(entryPath, field.key), offset: field.valueOffset)
            switch field.key {
            case "extractionState":
                guard case .string(let state) = field.value else {
                    throw structureError("extractionState must be a string", at: fieldLocation, key: key)
                }
                entry.extractionState = state
            case "shouldTranslate":
                guard case .bool(let flag) = field.value else {
                    throw structureError("shouldTranslate must be true or false", at: fieldLocation, key: key)
                }
                entry.shouldTranslate = flag
            case "localizations":
                guard case .object(let languages) = field.value else {
                    throw structureError("localizations must be an object", at: fieldLocation, key: key)
                }
                var indexByLanguage: [ScalarKey: Int] = [:]
                for language in languages {
                    let languagePath = Self.pointer(fieldLocation.jsonPath, language.key)
                    guard LanguageIdentifier.isValid(language.key) else {
                        throw structureError(
                            Self.languageProblem(language.key),
                            at: location(languagePath, offset: language.valueOffset), key: key
                        )
                    }
                    let node = try readNode(language.value, path: languagePath, offset: language.valueOffset, key: key, language: language.key)
                    let localization = CatalogLocalization(language: language.key, node: node)
                    if let earlier = indexByLanguage[ScalarKey(language.key)] {
                        entry.localizations[earlier] = localization
                    } else {
                        indexByLanguage[ScalarKey(language.key)] = entry.localizations.count
                        entry.localizations.append(localization)
                    }
                }
            default:
                continue  // comment, isCommentAutoGenerated, …: not compiled.
            }
        }
        return entry
    }

    private func readNode(_ value: OrderedJSONValue, path nodePath: String, offset: Int, key: String, language: String) throws(CatalogError) -> CatalogNode {
        let nodeLocation = location(nodePath, offset: offset)
        guard case .object(let fields) = value else {
            throw structureError("a localization value must be an object, found \(value.kindName)", at: nodeLocation, key: key, language: language)
        }
        var node = CatalogNode(stringUnit: nil, variations: nil, substitutions: [], location: nodeLocation)
        for field in fields {
            let fieldPath = Self.pointer(nodePath, field.key)
            let fieldLocation = location(fieldPath, offset: field.valueOffset)
            switch field.key {
            case "stringUnit":
                guard case .object(let unitFields) = field.value else {
                    throw structureError("stringUnit must be an object", at: fieldLocation, key: key, language: language)
                }
                var unit = CatalogStringUnit(state: nil, value: nil)
                for unitField in unitFields {
                    let unitLocation = location(Self.pointer(fieldPath, unitField.key), offset: unitField.valueOffset)
                    switch unitField.key {
                    case "state":
                        guard case .string(let state) = unitField.value else {
                            throw structureError("state must be a string", at: unitLocation, key: key, language: language)
                        }
                        unit.state = state
                    case "value":
                        guard case .string(let text) = unitField.value else {
                            throw structureError("value must be a string", at: unitLocation, key: key, language: language)
                        }
                        unit.value = text
                        unit.valueLocation = unitLocation
                    default:
                        continue
                    }
                }
                node.stringUnit = unit
            case "variations":
                node.variations = try readVariations(field.value, path: fieldPath, location: fieldLocation, key: key, language: language)
            case "substitutions":
                guard case .object(let substitutionMembers) = field.value else {
                    throw structureError("substitutions must be an object", at: fieldLocation, key: key, language: language)
                }
                for substitution in substitutionMembers {
                    node.substitutions.removeAll { ScalarKey($0.name) == ScalarKey(substitution.key) }
                    node.substitutions.append(
                        try readSubstitution(substitution, path: Self.pointer(fieldPath, substitution.key), key: key, language: language))
                }
            default:
                continue
            }
        }
        return node
    }

    private func readVariations(_ value: OrderedJSONValue, path variationsPath: String, location variationsLocation: CatalogLocation, key: String, language: String) throws(CatalogError) -> CatalogVariations? {
        guard case .object(let kinds) = value else {
            throw structureError("variations must be an object", at: variationsLocation, key: key, language: language)
        }
        guard let kind = kinds.first else { return nil }
        guard kinds.count == 1 else {
            throw CatalogError(
                code: .unsupportedVariation,
                reason: "a variations object has more than one kind (\(kinds.map(\.key).joined(separator: ", "))); Xcode varies by one kind per level",
                path: path, line: variationsLocation.line, column: variationsLocation.column, jsonPath: variationsLocation.jsonPath,
                key: key, language: language)
        }
        let kindPath = Self.pointer(variationsPath, kind.key)
        let kindLocation = location(kindPath, offset: kind.valueOffset)
        guard kind.key == "plural" || kind.key == "device" else {
            throw CatalogError(
                code: .unsupportedVariation, reason: "variation kind \"\(kind.key)\" is not supported (only plural and device)",
                path: path, line: kindLocation.line, column: kindLocation.column, jsonPath: kindPath, key: key, language: language)
        }
        guard case .object(let caseMembers) = kind.value else {
            throw structureError("\(kind.key) variations must be an object", at: kindLocation, key: key, language: language)
        }
        var cases: [CatalogCase] = []
        for caseMember in caseMembers {
            let casePath = Self.pointer(kindPath, caseMember.key)
            if kind.key == "plural", !PluralCategory.all.contains(caseMember.key) {
                let caseLocation = location(casePath, offset: caseMember.keyOffset)
                throw CatalogError(
                    code: .invalidPluralCategory,
                    reason: "plural case \"\(caseMember.key)\" is not a CLDR plural category (zero, one, two, few, many, other)",
                    path: path, line: caseLocation.line, column: caseLocation.column, jsonPath: casePath, key: key, language: language)
            }
            let node = try readNode(caseMember.value, path: casePath, offset: caseMember.valueOffset, key: key, language: language)
            // A case written twice: the later one wins, as for every JSON object member.
            cases.removeAll { ScalarKey($0.name) == ScalarKey(caseMember.key) }
            cases.append(CatalogCase(name: caseMember.key, node: node))
        }
        return kind.key == "plural" ? .plural(cases) : .device(cases)
    }

    private func readSubstitution(_ member: OrderedJSONMember, path substitutionPath: String, key: String, language: String) throws(CatalogError) -> CatalogSubstitution {
        let node = try readNode(member.value, path: substitutionPath, offset: member.valueOffset, key: key, language: language)
        var substitution = CatalogSubstitution(name: member.key, argumentNumber: nil, formatSpecifier: nil, node: node)
        guard case .object(let fields) = member.value else { return substitution }
        for field in fields {
            let fieldLocation = location(Self.pointer(substitutionPath, field.key), offset: field.valueOffset)
            switch field.key {
            case "argNum":
                guard case .number(let literal) = field.value, let number = Int(literal), number >= 1 else {
                    throw structureError("argNum must be a positive integer", at: fieldLocation, key: key, language: language)
                }
                substitution.argumentNumber = number
            case "formatSpecifier":
                guard case .string(let specifier) = field.value else {
                    throw structureError("formatSpecifier must be a string", at: fieldLocation, key: key, language: language)
                }
                substitution.formatSpecifier = specifier
            default:
                continue
            }
        }
        return substitution
    }
}

/// The CLDR plural categories, in CLDR's order (Unicode TR35, "Language Plural Rules").
enum PluralCategory {
    static let all = ["zero", "one", "two", "few", "many", "other"]
}
