/// The development region's copy of one table, with what every translation is compared against worked out once.
struct ReferenceTable: Sendable {
    var pair: TableIndex.Pair
    /// Each `.strings` key's value (the last definition) and, when the value has a `%`, the arguments it reads
    /// (a value without one reads none): one lookup per translated key.
    var strings: [String: (value: String, arguments: FormatArguments?)]
    /// Every key of the table (`.strings` and `.stringsdict`), sorted.
    var keys: [String]
    /// Each `.stringsdict` entry that could be read, by key, prepared for comparison.
    var dictEntries: [String: ReferenceDictEntry]

    init(_ pair: TableIndex.Pair) {
        self.pair = pair
        let percent = UInt8(ascii: "%")
        strings = (pair.strings?.definitions ?? [:]).mapValues { definition in
            let reads = definition.value.utf8.contains(percent)
            return (definition.value, reads ? FormatArguments(FormatSpecifier.parse(definition.value)) : nil)
        }
        keys = pair.keys.sorted()
        dictEntries = (pair.dict?.entries ?? [:]).mapValues(ReferenceDictEntry.init)
    }
}
