import Foundation

/// A property-list value as read by the project's own XML and binary property-list readers.
///
/// The shape mirrors Apple's property-list types (Apple: "About Information Property List Files" and
/// `CFPropertyList`): strings, integers, reals, booleans, dates, data, arrays and dictionaries. Dictionary
/// keys are strings; the order of keys in a dictionary is not significant.
public indirect enum PropertyListValue: Sendable, Equatable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    case date(Date)
    case data(Data)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    /// The string payload, or nil for any other kind of value.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The dictionary payload, or nil for any other kind of value.
    public var dictionaryValue: [String: PropertyListValue]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }
}
