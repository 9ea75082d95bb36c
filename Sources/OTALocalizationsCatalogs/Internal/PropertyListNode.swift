/// A property-list value the catalog compiler writes: a string or a dictionary of them.
///
/// Dictionary members are an array, not a Swift `Dictionary`, so keys that differ only in Unicode
/// normalization stay distinct; writers sort members by Unicode scalar values.
indirect enum PropertyListNode: Sendable, Equatable {
    case string(String)
    case dictionary([(key: String, value: PropertyListNode)])

    static func == (left: PropertyListNode, right: PropertyListNode) -> Bool {
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
