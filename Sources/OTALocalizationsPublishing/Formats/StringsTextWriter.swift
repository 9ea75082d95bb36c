import Foundation

/// The one old-style `.strings` writer: `"key" = "value";` entries, one a line, in UTF-8 without a byte-order mark,
/// which `StringsTableParser` (and CF's `CFOldStylePList.c`, whose grammar it follows) reads back to the same keys and
/// values.
///
/// Escapes are those of the old-style grammar: `\"` and `\\`, `\n`, `\t` and `\r`, and `\U` with exactly four hex
/// digits for any other C0 control character and DEL (U+007F); every other scalar is written as itself, in UTF-8.
/// Thread-safe: a pure function of its input.
package enum StringsTextWriter {
    /// The bytes of `entries`, in the order given (a key given twice is written twice: the reader keeps the last).
    package static func data(_ entries: [(key: String, value: String)]) -> Data {
        var text = ""
        for entry in entries {
            text += "\""
            escape(entry.key, into: &text)
            text += "\" = \""
            escape(entry.value, into: &text)
            text += "\";\n"
        }
        return Data(text.utf8)
    }

    /// `value` as the text between the quotes of an old-style string.
    package static func escaped(_ value: String) -> String {
        var text = ""
        escape(value, into: &text)
        return text
    }

    private static func escape(_ value: String, into text: inout String) {
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            case "\r": text += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                text += "\\U" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
    }
}
