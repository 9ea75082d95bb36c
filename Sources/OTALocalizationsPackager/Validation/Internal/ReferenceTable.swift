/// The development region's copy of one table, with what every translation is compared against worked out once.
struct ReferenceTable: Sendable {
    var pair: TableIndex.Pair
    /// The arguments of each `.strings` value that has a `%` (a value without one reads none).
    var arguments: [String: FormatArguments]
    /// Every key of the table (`.strings` and `.stringsdict`), sorted.
    var keys: [String]
    /// Each `.stringsdict` entry that could be read, by key, prepared for comparison.
    var dictEntries: [String: ReferenceDictEntry]

    init(_ pair: TableIndex.Pair) {
        self.pair = pair
        let percent = UInt8(ascii: "%")
        arguments = (pair.strings?.definitions ?? [:])
            .filter { $0.value.value.utf8.contains(percent) }
            .mapValues { FormatArguments(FormatSpecifier.parse($0.value)) }
        keys = pair.keys.sorted()
        dictEntries = (pair.dict?.entries ?? [:]).mapValues(ReferenceDictEntry.init)
    }
}
