import Foundation

/// Finds the first object member whose key another member of the same object already has, anywhere in a JSON text.
///
/// RFC 8259 section 4 leaves the meaning of duplicate names to each reader: Foundation's decoder keeps one, Python's
/// `json` keeps the last. A signed envelope or a manifest read differently by the device and by the documented check
/// could carry text nobody approved, so every signed or published format refuses them outright. Keys are compared as
/// Swift strings (canonically equivalent spellings count as the same key), which refuses at least everything Python
/// or Foundation would merge.
package enum DuplicateKeys {
    /// The first duplicated key inside `value`.
    package static func first(in value: OrderedJSONValue) -> String? {
        switch value {
        case .object(let members):
            var seen: Set<String> = []
            for member in members {
                if !seen.insert(member.key).inserted { return member.key }
                if let nested = first(in: member.value) { return nested }
            }
            return nil
        case .array(let elements, _):
            for element in elements {
                if let nested = first(in: element) { return nested }
            }
            return nil
        default:
            return nil
        }
    }
}
