import OTALocalizationsCore

/// A property-list value the project writes (``PropertyListWriter``): a string or a dictionary of them, which is all a
/// compiled table or a bundle's `Info.plist` holds. ``PropertyListValue`` is the readers' model, with every type.
///
/// Dictionary members are an array, not a Swift `Dictionary`, so keys that differ only in Unicode
/// normalization stay distinct; writers sort members by Unicode scalar values.
package indirect enum PropertyListNode: Sendable, Equatable {
    /// A string.
    case string(String)
    /// A dictionary's members, in any order (the writers sort them).
    case dictionary([(key: String, value: PropertyListNode)])

    package static func == (left: PropertyListNode, right: PropertyListNode) -> Bool {
        switch (left, right) {
        case (.string(let a), .string(let b)):
            return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.dictionary(let a), .dictionary(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { pair in
                pair.0.key.unicodeScalars.elementsEqual(pair.1.key.unicodeScalars) && pair.0.value == pair.1.value
            }
        default:
            return false
        }
    }

    /// The members sorted by key in Unicode scalar order.
    static func sortedMembers(_ members: [(key: String, value: PropertyListNode)]) -> [(key: String, value: PropertyListNode)] {
        members.sorted { ScalarOrder.precedes($0.key, $1.key) }
    }
}
