/// A set of the six CLDR plural categories as bits, for the `.stringsdict` category checks.
///
/// The checks ask, per rule, which categories a language needs and a rule lacks, or which a rule has and
/// the language never selects: with bits these are two masks, where `Set<String>` would hash and allocate.
/// Names are CLDR's (`common/supplemental/plurals.xml`); ``names`` lists them in CLDR order, as messages do.
struct PluralCategorySet: OptionSet, Sendable {
    let rawValue: UInt8

    static let zero = PluralCategorySet(rawValue: 1 << 0)
    static let one = PluralCategorySet(rawValue: 1 << 1)
    static let two = PluralCategorySet(rawValue: 1 << 2)
    static let few = PluralCategorySet(rawValue: 1 << 3)
    static let many = PluralCategorySet(rawValue: 1 << 4)
    static let other = PluralCategorySet(rawValue: 1 << 5)

    /// Each category with its name, in CLDR order (zero, one, two, few, many, other).
    private static let named: [(PluralCategorySet, String)] = [
        (.zero, "zero"), (.one, "one"), (.two, "two"), (.few, "few"), (.many, "many"), (.other, "other"),
    ]

    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The category called `name`, or nil when `name` is not one of the six (names are case-sensitive).
    init?(name: String) {
        // Every name is at most five bytes, and no longer string equals one (no scalar outside ASCII has a
        // canonical decomposition into these lowercase letters): the long spec and value type keys fail here.
        guard name.utf8.count <= 5 else { return nil }
        switch name {
        case "zero": self = .zero
        case "one": self = .one
        case "two": self = .two
        case "few": self = .few
        case "many": self = .many
        case "other": self = .other
        default: return nil
        }
    }

    /// The categories among `names`; other strings are left out.
    init(_ names: Set<String>) {
        self = names.reduce(into: []) { set, name in set.formUnion(PluralCategorySet(name: name) ?? []) }
    }

    /// The names of the categories in CLDR order, comma-separated (`"one, few, many"`).
    var names: String { Self.namesBySet[Int(rawValue & 0x3F)] }

    /// ``names`` for each of the 64 sets, by raw value: messages list categories for every finding.
    private static let namesBySet: [String] = (0..<64).map { raw in
        named.filter { PluralCategorySet(rawValue: UInt8(raw)).contains($0.0) }.map(\.1).joined(separator: ", ")
    }
}
