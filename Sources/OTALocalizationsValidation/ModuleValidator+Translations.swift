import OTALocalizationsCore
import OTALocalizationsPublishing

extension ModuleValidator {
    /// Compares every localization's tables with the development region's: format arguments, missing
    /// keys, whitespace and values equal to their key. A key the development table lacks is compared with its
    /// development value in the module's Swift sources (``ValidationInput/sourceValues``) when there is one, and
    /// counted in one `development-value-missing` finding per table when there is none. Localizations are checked on
    /// every core; the development side of each table is read once (``ReferenceTable``) and shared.
    func checkTranslations(_ input: ValidationInput, index: TableIndex) -> [ValidationDiagnostic] {
        let development = index.developmentLocalization(for: input.developmentRegion)
        let sources = SourceReferences(input.sourceValues)
        guard development != nil || !sources.isEmpty else { return [] }
        let references = (development.flatMap { index.tables[$0] } ?? [:]).mapValues(ReferenceTable.init)
        var developmentSink = DiagnosticSink(module: input.module)
        for name in references.keys.sorted() {
            guard let reference = references[name] else { continue }
            reportLiteralPercents(reference, into: &developmentSink)
        }
        // Another region of the development language (en-GB for en) is a reference for formats, not for which keys
        // a table must have: the development region's keys are unknown.
        let checksMissingKeys = development.map { !TableIndex.isStandIn($0, for: input.developmentRegion) } ?? false
        let localizations = index.tables.keys.sorted().filter { $0 != development }
        let perLocalization = ParallelMap.map(localizations) { localization -> TranslationFindings in
            guard let tables = index.tables[localization] else {
                return TranslationFindings(sink: DiagnosticSink(module: input.module))
            }
            return checkLocalization(
                tables, module: input.module, references: references, sources: sources,
                developmentName: development ?? input.developmentRegion, checksMissingKeys: checksMissingKeys)
        }
        var unvalued: [String: Set<String>] = [:]
        for found in perLocalization { unvalued.merge(found.unvalued) { $0.union($1) } }
        var translationSinks = perLocalization.map(\.sink)
        if let development {
            DevelopmentWhitespace.reportOnce(
                from: &translationSinks, development: development, references: references, index: index,
                into: &developmentSink)
        }
        // A literal percent sign the development value has too is reported once, on the development value.
        var diagnostics = Self.reportingCopiedMistakesOnce([developmentSink] + translationSinks, development: development)
        if let development {
            diagnostics += reportKeysWithoutDevelopmentValue(
                unvalued, module: input.module, development: development, references: references, index: index)
        }
        return diagnostics
    }

    /// What one localization's comparison found: its findings, and per table the keys that have no development value.
    struct TranslationFindings: Sendable {
        var sink: DiagnosticSink
        var unvalued: [String: Set<String>] = [:]
    }

    /// Compares one localization's tables (table name → files) with the development tables and the Swift sources.
    private func checkLocalization(
        _ tables: [String: TableIndex.Pair], module: String, references: [String: ReferenceTable],
        sources: SourceReferences, developmentName: String, checksMissingKeys: Bool
    ) -> TranslationFindings {
        var sink = DiagnosticSink(module: module)
        var found = TranslationFindings(sink: DiagnosticSink(module: module))
        for tableName in tables.keys.sorted() {
            guard let pair = tables[tableName] else { continue }
            // A table the development region lacks is compared with the sources alone.
            let reference = references[tableName] ?? ReferenceTable(TableIndex.Pair())
            var keys = KeyReferences(table: tableName, sources: sources)
            // A file the localization lacks is taken whole from the development region (docs/apple-platform.md F1,
            // F5); a file that has every development key lacks none, which the comparisons count as they go.
            var complete = true
            if let strings = pair.strings {
                let shared = compareStrings(strings, with: reference, keys: &keys, developmentName: developmentName, into: &sink)
                complete = shared == (reference.pair.strings?.definitions.count ?? 0)
            }
            if let dict = pair.dict {
                let shared = compareDicts(dict, with: reference, keys: &keys, into: &sink)
                if let referenceDict = reference.pair.dict {
                    complete = complete && shared == referenceDict.table.entries.count
                }
            }
            if !complete, checksMissingKeys {
                reportMissingKeys(pair, reference: reference, developmentName: developmentName, into: &sink)
            }
            if !keys.unvalued.isEmpty { found.unvalued[tableName] = keys.unvalued }
        }
        found.sink = sink
        return found
    }

    /// Reports each development value holding a `%` that reads as a conversion but is a literal percent sign.
    private func reportLiteralPercents(_ reference: ReferenceTable, into sink: inout DiagnosticSink) {
        guard let file = reference.pair.strings?.file, let definitions = reference.pair.strings?.definitions else { return }
        for (key, prepared) in reference.strings where !prepared.literals.isEmpty {
            let definition = definitions[key]
            let reads = prepared.literals.map { literal in
                "'\(literal.text)' reads \(Self.article(literal.argumentType)) argument"
            }.joined(separator: " and ")
            sink.add(.developmentLiteralPercent, file: file, key: key, line: definition?.line, column: definition?.column,
                     message: "\(MessageText.quoted(key)): in \(MessageText.quoted(prepared.value)), \(reads) that the app almost surely does not pass. Write %% for a literal percent sign.",
                     value: prepared.value, cause: LiteralPercent.cause,
                     explanation: "A percent sign followed by a space or '-' and a word is a conversion to printf: where the app formats this string (String(format:), a lookup with arguments), it prints garbage or crashes there. Translations are checked as if it were %%.")
        }
    }

    /// "a double", "an object", … for messages.
    static func article(_ type: FormatSpecifier.ArgumentType?) -> String {
        guard let type else { return "an" }
        switch type {
        case .object, .int8, .int16, .int32, .int64: return "an \(type.rawValue)"
        default: return "a \(type.rawValue)"
        }
    }

    /// Compares a translated `.strings` table with the development table's values, and each key that table lacks
    /// with its value in the sources (``KeyReferences``).
    /// - Returns: how many of the table's keys the development table has.
    private func compareStrings(
        _ strings: TableIndex.Strings, with reference: ReferenceTable, keys: inout KeyReferences,
        developmentName tableName: String, into sink: inout DiagnosticSink
    ) -> Int {
        var shared = 0
        // Any order: the validator sorts what it finds.
        for (key, definition) in strings.definitions {
            let development: ReferenceTable.Value
            let developmentName: String
            if let own = reference.strings[key] {
                shared += 1
                (development, developmentName) = (own, tableName)
            } else if reference.pair.dict?.table.entries[key] != nil {
                continue   // The development value is a `.stringsdict` entry.
            } else if let code = keys.reference(for: key) {
                (development, developmentName) = (code.value, code.origin)
            } else {
                continue
            }
            let developmentValue = development.value
            let (value, line, column) = definition
            // Neither value has a `%`: neither reads an argument, so they cannot differ.
            if development.arguments != nil || value.utf8.contains(UInt8(ascii: "%")) {
                compareArguments(value, key: key, development: development, developmentName: developmentName,
                                 file: strings.file, line: line, column: column, into: &sink)
            }
            if !value.isEmpty, value == key, developmentValue != key, Self.isIdentifierKey(key) {
                sink.add(.valueEqualsKey, file: strings.file, key: key, line: line, column: column,
                         message: "\(MessageText.quoted(key)): the value is the key itself while \(developmentName) has \(MessageText.quoted(developmentValue)); translate it.",
                         value: value)
            }
            if !value.isEmpty, !developmentValue.isEmpty,
               let difference = Self.whitespaceDifferenceFound(value, developmentValue) {
                // What the development table's value has and a translation lacks may be the development value's slip.
                let cause = difference.translationHasIt || developmentName != tableName
                    ? nil : DevelopmentWhitespace.cause(difference.what)
                sink.add(.whitespaceMismatch, file: strings.file, key: key, line: line, column: column,
                         message: "\(MessageText.quoted(key)): \(difference.text(developmentName: developmentName)); match it.",
                         value: value, cause: cause)
            }
        }
        return shared
    }

    /// Compares the printf arguments of a translated `.strings` value with the development value's.
    ///
    /// Literal percent signs (``LiteralPercent``) read no argument the app passes: a difference that only the
    /// development value's literals explain is not reported, and one that the translation's literals explain is
    /// reported naming them and `%%`.
    private func compareArguments(
        _ value: String, key: String, development: ReferenceTable.Value, developmentName: String,
        file: ValidationInput.File, line: Int, column: Int, into sink: inout DiagnosticSink
    ) {
        let parsed = FormatSpecifier.parse(value)
        let mine = FormatArguments(parsed)
        let theirs = development.arguments ?? FormatArguments(FormatSpecifier.parse(development.value))
        guard FormatArguments.mismatch(translation: mine, development: theirs) != nil else { return }
        let literals = LiteralPercent.specifiers(in: parsed, of: value)
        let intendedMine = literals.isEmpty ? mine : FormatArguments(LiteralPercent.removing(literals, from: parsed))
        let intendedTheirs = development.intendedArguments ?? theirs
        let hasLiterals = !literals.isEmpty || !development.literals.isEmpty
        let problem: String
        let omissionOnly: Bool
        var cause: String?
        if hasLiterals, FormatArguments.mismatch(translation: intendedMine, development: intendedTheirs) == nil {
            // Only literal percent signs differ: the development value's are its own finding.
            guard !literals.isEmpty else { return }
            // With one in the development value too, the string is evidently shown unformatted: the translation's
            // are counted in the development value's finding instead of blocking.
            if !development.literals.isEmpty { cause = LiteralPercent.cause }
            problem = literals.map { literal in
                "'\(literal.text)' reads \(Self.article(literal.argumentType)) argument the app does not pass: it is a percent sign followed by a word, and a literal percent sign is written %%"
            }.joined(separator: "; ")
            omissionOnly = false
        } else {
            let (translated, developed) = hasLiterals ? (intendedMine, intendedTheirs) : (mine, theirs)
            let translatedFormat = literals.isEmpty ? parsed : LiteralPercent.removing(literals, from: parsed)
            let developmentParsed = FormatSpecifier.parse(development.value)
            let developmentFormat = LiteralPercent.removing(development.literals, from: developmentParsed)
            guard let difference = FormatArguments.mismatch(
                translation: translated, development: developed,
                translationFormat: translatedFormat, developmentFormat: developmentFormat) else { return }
            let stray = literals.isEmpty ? "" : " (\(literals.map { "'\($0.text)'" }.joined(separator: ", ")) in it is a literal percent sign followed by a word: write %%)"
            // A `%` and a space that the development value does not have is most likely a percent sign ("50 % la").
            let spaced = translatedFormat.arguments.filter { specifier in
                specifier.flags.contains(" ") && specifier.variable == nil
                    && !developmentFormat.specifiers.contains { $0.text == specifier.text }
            }
            let percent = spaced.isEmpty ? "" : " ('\(spaced[0].text)' is a percent sign and a space, which printf reads as a conversion with the space flag: if it is meant as a percent sign, write %%)"
            problem = difference + stray + percent
            omissionOnly = FormatArguments.mismatch(translation: translated, development: developed, allowsOmittedArguments: true) == nil
            if omissionOnly, literals.isEmpty,
               let omitted = TrailingOmission.omitted(translation: translated, format: translatedFormat, development: developed, text: value) {
                reportTrailingOmission(
                    omitted, key: key, value: value, development: development.value, developmentFormat: developmentFormat,
                    developmentName: developmentName, file: file, line: line, column: column, into: &sink)
                return
            }
        }
        let consequence = omissionOnly
            ? "the translation loses a value the app passes (and, without %n$, the later ones shift)"
            : "at run time this crashes or prints garbage"
        sink.add(.formatSpecifierMismatch, file: file, key: key, line: line, column: column,
                 message: "\(MessageText.quoted(key)): the format specifiers differ from \(developmentName) (\(MessageText.quoted(development.value))): \(problem); \(consequence). Use the same specifiers, reordered with %n$ if needed.",
                 value: value, cause: cause)
    }

    /// Whether a key is an identifier rather than natural-language text: no white space, and a `.` or `_` between
    /// two letters or digits (`settings.title`, `SETTINGS_TITLE`) or a lowercase letter followed by an uppercase one
    /// (`settingsTitle`). A translation equal to a natural-language key ("banana" for "banana") is a translation.
    static func isIdentifierKey(_ key: String) -> Bool {
        let scalars = Array(key.unicodeScalars)
        guard !scalars.contains(where: { $0.properties.isWhitespace }) else { return false }
        for index in scalars.indices.dropFirst() {
            let previous = scalars[index - 1]
            let current = scalars[index]
            if previous.properties.isLowercase, current.properties.isUppercase { return true }
            if current == "." || current == "_", index + 1 < scalars.count,
               isAlphanumeric(previous), isAlphanumeric(scalars[index + 1]) {
                return true
            }
        }
        return false
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// Describes a difference in leading or trailing whitespace or a trailing newline, or nil.
    static func whitespaceDifference(_ value: String, _ reference: String, developmentName: String) -> String? {
        whitespaceDifferenceFound(value, reference).map { $0.text(developmentName: developmentName) }
    }

    /// The first difference in a trailing newline, leading or trailing whitespace, or nil.
    static func whitespaceDifferenceFound(_ value: String, _ reference: String) -> WhitespaceDifference? {
        let newline = endsWithNewline(value)
        if newline != endsWithNewline(reference) { return WhitespaceDifference(what: .trailingNewline, translationHasIt: newline) }
        let leading = isWhitespace(value.unicodeScalars.first)
        if leading != isWhitespace(reference.unicodeScalars.first), leading || !isSpacedByItself(value.unicodeScalars.first) {
            return WhitespaceDifference(what: .leadingWhitespace, translationHasIt: leading)
        }
        let trailing = isWhitespace(value.unicodeScalars.last)
        if trailing != isWhitespace(reference.unicodeScalars.last), trailing || !isSpacedByItself(value.unicodeScalars.last) {
            return WhitespaceDifference(what: .trailingWhitespace, translationHasIt: trailing)
        }
        return nil
    }

    /// Whether a translation may rightly end (or start) without the space the development value has there: the
    /// character is full-width CJK punctuation, which carries its own spacing (", " is "、" or "，" in Japanese and
    /// Chinese, ". " is "。": such marks are wide (Unicode UAX #11, East Asian Width) and set in a full em box whose
    /// blank half is the spacing, W3C "Requirements for Japanese Text Layout", www.w3.org/TR/jlreq/), or a Han
    /// ideograph or kana, between which Japanese and Chinese put no spaces. Hangul is not included: Korean spaces
    /// its words. Only a missing space is excused; a translation that adds one is still reported.
    static func isSpacedByItself(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar, !scalar.isASCII else { return false }
        switch scalar.value {
        case 0x3000...0x303F,  // CJK Symbols and Punctuation: 、。「」『』【】〜
             0xFF01...0xFF0F, 0xFF1A...0xFF20, 0xFF3B...0xFF40, 0xFF5B...0xFF60,  // full-width ！，．：；？（）［］｛｝
             0x3040...0x30FF,  // Hiragana, Katakana
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F:  // Han ideographs
            return true
        default:
            return false
        }
    }

    /// `text.hasSuffix("\n")` from the UTF-8 bytes: a last character that is LF alone (CR LF is one character).
    private static func endsWithNewline(_ text: String) -> Bool {
        var bytes = text.utf8.reversed().makeIterator()
        return bytes.next() == 0x0A && bytes.next() != 0x0D
    }

    /// Unicode White_Space, answered without a property lookup for ASCII (tab through carriage return, space).
    private static func isWhitespace(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        if scalar.isASCII { return scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace
    }

    /// Reports the development keys a localization's table lacks: one finding per table, with the count and the
    /// first keys in the message and every missing key in ``ValidationDiagnostic/value`` (one per line, sorted).
    private func reportMissingKeys(
        _ pair: TableIndex.Pair, reference: ReferenceTable, developmentName: String, into sink: inout DiagnosticSink
    ) {
        guard pair.unreadable == nil, reference.pair.unreadable == nil,
              let file = pair.strings?.file ?? pair.dict?.file else { return }
        // A file the localization lacks is taken whole from the development region (docs/apple-platform.md F1, F5).
        let strings = pair.strings?.definitions ?? reference.pair.strings?.definitions ?? [:]
        let entries = pair.dict?.table.entries ?? reference.pair.dict?.table.entries ?? [:]
        let missing = reference.keys.filter { strings[$0] == nil && entries[$0] == nil }
        guard let first = missing.first else { return }
        let users = "users of \(file.localization ?? "this localization")"
        // What a user sees instead: the key. Where the key is the development text itself ("Add account" =
        // "Add account"), that is the untranslated text, not an identifier.
        let asText = missing.allSatisfy { reference.strings[$0]?.value == $0 }
        let sees = asText
            ? (missing.count == 1 ? "see the key, which is the \(developmentName) text itself, untranslated" : "see the keys, which are the \(developmentName) text itself, untranslated")
            : (missing.count == 1 ? "see the raw key" : "see the raw keys")
        if missing.count == 1 {
            // Name the file of the same kind as the development region's definition when there is one.
            let inDict = reference.pair.dict?.table.entries[first] != nil && reference.pair.strings?.definitions[first] == nil
            let file = (inDict ? pair.dict?.file : pair.strings?.file) ?? file
            // A String Catalog holds every language: "here" is its value in this localization.
            let message = file.isStringCatalog
                ? "\(MessageText.quoted(first)) has \(developmentName) text in \(file.fileName) but no \(file.localization ?? "") text; with no per-key fallback, \(users) \(sees). Translate it in the catalog."
                : "\(MessageText.quoted(first)) is in \(developmentName)'s \(file.tableName) table but not here; with no per-key fallback, \(users) \(sees). Add a translation."
            sink.add(.missingKey, file: file, key: first, message: message, value: first)
            return
        }
        let shown = missing.prefix(Self.missingKeysShown).map(MessageText.quoted).joined(separator: ", ")
        let more = missing.count > Self.missingKeysShown ? " and \(missing.count - Self.missingKeysShown) more" : ""
        let message = file.isStringCatalog
            ? "\(missing.count) keys with \(developmentName) text in \(file.fileName) have no \(file.localization ?? "") text: \(shown)\(more); with no per-key fallback, \(users) \(sees). Translate them in the catalog."
            : "\(missing.count) keys of \(developmentName)'s \(file.tableName) table are missing here: \(shown)\(more); with no per-key fallback, \(users) \(sees). Add translations."
        sink.add(.missingKey, file: file, message: message, value: missing.joined(separator: "\n"))
    }

    /// How many missing keys a `missing-key` message names.
    static let missingKeysShown = 5
}
