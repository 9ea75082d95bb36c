import Foundation

/// Typed reads from a strictly parsed JSON value (``OrderedJSONParser``), for the formats decoded without `Codable`:
/// the published index's root and parts.
extension OrderedJSONValue {
    /// The member `key` of an object (the last one written: callers refuse duplicate keys first), else nil.
    package subscript(key: String) -> OrderedJSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The value as a string, else nil.
    package var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value as an array of values, else nil.
    package var arrayValue: [OrderedJSONValue]? {
        if case .array(let elements, _) = self { return elements }
        return nil
    }

    /// The value as an array of strings, else nil (also when one element is not a string).
    package var stringArrayValue: [String]? {
        guard let elements = arrayValue else { return nil }
        var strings: [String] = []
        for element in elements {
            guard let text = element.stringValue else { return nil }
            strings.append(text)
        }
        return strings
    }

    /// An object's members in file order, else nil.
    package var members: [OrderedJSONMember]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The value as an integer written without fraction or exponent, else nil.
    package var integerValue: Int64? {
        guard case .number(let text) = self, !text.contains("."), !text.contains("e"), !text.contains("E") else { return nil }
        return Int64(text)
    }

    /// Whether the value is `null`.
    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value as a number, else nil.
    package var doubleValue: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }
}
