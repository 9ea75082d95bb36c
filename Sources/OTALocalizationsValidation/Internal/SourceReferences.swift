import OTALocalizationsCore

/// The development values of a module's Swift sources (``ValidationInput/SourceValue``), by table and key, prepared
/// for comparison as the development table's values are (``ReferenceTable``).
struct SourceReferences: Sendable {
    /// One value with where it came from.
    struct Reference: Sendable {
        var value: ReferenceTable.Value
        /// `Sources/Shared/Strings.swift:12`.
        var origin: String
        /// The value as a `.stringsdict` plain-string entry, to compare a translated entry with.
        var dictEntry: ReferenceDictEntry
    }

    /// table → key → reference; the first value of a table and key counts.
    private var byTable: [String: [String: Reference]] = [:]

    init(_ values: [ValidationInput.SourceValue]) {
        for source in values where byTable[source.table]?[source.key] == nil {
            byTable[source.table, default: [:]][source.key] = Self.reference(source)
        }
    }

    subscript(table: String, key: String) -> Reference? { byTable[table]?[key] }

    var isEmpty: Bool { byTable.isEmpty }

    /// A value read as a format: a plain literal as written; an interpolating one with each `\(…)` as an argument
    /// of unknown type (a `%#@…@` variable without a rule reads one such argument) and the text around them as text,
    /// reading no argument (its `%` as `%%`; docs/validation.md, "Development values in Swift code").
    private static func reference(_ source: ValidationInput.SourceValue) -> Reference {
        let format: String
        if source.segments.count == 1 {
            format = source.text
        } else {
            format = source.segments.enumerated().map { index, segment in
                let text = segment.replacingOccurrences(of: "%", with: "%%")
                return index == 0 ? text : "%#@interpolation\(index)@" + text
            }.joined()
        }
        let parsed = FormatSpecifier.parse(format)
        let arguments = FormatArguments(parsed)
        let literals = source.segments.count == 1 ? LiteralPercent.specifiers(in: parsed, of: format) : []
        let intended = literals.isEmpty ? arguments : FormatArguments(LiteralPercent.removing(literals, from: parsed))
        let value = ReferenceTable.Value(
            value: source.text, arguments: arguments, literals: literals, intendedArguments: intended)
        let entry = StringsDictEntryInfo(format: format, parsedFormat: parsed, rules: [], variants: [:])
        return Reference(value: value, origin: source.origin, dictEntry: ReferenceDictEntry(entry))
    }
}
