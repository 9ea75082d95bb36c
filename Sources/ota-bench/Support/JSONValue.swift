import Foundation
import OTALocalizationsCore

/// A JSON value whose objects keep their keys in insertion order, rendered compactly.
indirect enum JSONValue {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func optional(_ value: Double?) -> JSONValue { value.map(JSONValue.rounded) ?? .null }
    static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// A number rounded to 6 significant digits (measurements carry no more).
    static func rounded(_ value: Double) -> JSONValue {
        guard value.isFinite, value != 0 else { return value.isFinite ? .number(0) : .null }
        let digits = 6 - Int(floor(log10(abs(value)))) - 1
        let scale = pow(10, Double(max(0, min(12, digits))))
        return .number((value * scale).rounded() / scale)
    }

    var text: String {
        switch self {
        case .string(let string): return Self.quoted(string)
        case .number(let number):
            if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
            return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
        case .object(let members): return "{" + members.map { Self.quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }

    private static func quoted(_ string: String) -> String { JSONText.quoted(string) }
}
