/// The development region's copy of one table, with what every translation is compared against worked out once.
struct ReferenceTable: Sendable {
    /// One `.strings` value of the development region, prepared for comparison.
    struct Value: Sendable {
        /// The value (the key's last definition).
        var value: String
        /// The arguments it reads, when it has a `%` (a value without one reads none).
        var arguments: FormatArguments?
        /// The `%` signs it holds that read as conversions but are literal percent signs (``LiteralPercent``).
        var literals: [FormatSpecifier]
        /// ``arguments`` without ``literals``: what the app presumably passes.
        var intendedArguments: FormatArguments?
    }

    var pair: TableIndex.Pair
    /// Each `.strings` key's value: one lookup per translated key.
    var strings: [String: Value]
    /// Every key of the table (`.strings` and `.stringsdict`), sorted.
    var keys: [String]
    /// Each `.stringsdict` entry that could be read, by key, prepared for comparison.
    var dictEntries: [String: ReferenceDictEntry]

    init(_ pair: TableIndex.Pair) {
        self.pair = pair
        let percent = UInt8(ascii: "%")
        strings = (pair.strings?.definitions ?? [:]).mapValues { definition in
            guard definition.value.utf8.contains(percent) else {
                return Value(value: definition.value, arguments: nil, literals: [], intendedArguments: nil)
            }
            let parsed = FormatSpecifier.parse(definition.value)
            let arguments = FormatArguments(parsed)
            let literals = LiteralPercent.specifiers(in: parsed, of: definition.value)
            let intended = literals.isEmpty ? arguments : FormatArguments(LiteralPercent.removing(literals, from: parsed))
            return Value(value: definition.value, arguments: arguments, literals: literals, intendedArguments: intended)
        }
        keys = pair.keys.sorted()
        dictEntries = (pair.dict?.entries ?? [:]).mapValues(ReferenceDictEntry.init)
    }
}
