import Foundation
import OTALocalizationsCore

/// ``PropertyListWriter``'s XML encoding: writes a ``PropertyListNode`` as an XML property list in the exact layout of Xcode's
/// `xcstringstool compile --serialization-format text` output.
///
/// Layout (docs/string-catalogs.md, "Output format"; checked byte for byte against the oracle pairs): the XML
/// declaration, Apple's `plist` DOCTYPE, `<plist version="1.0">`, one element per line indented with tabs, dictionary
/// keys sorted by Unicode scalar values, an empty nested dictionary as `<dict/>`, and a final newline. Text is UTF-8;
/// only `&`, `<` and `>` are escaped (as `&amp;`, `&lt;`, `&gt;`), every other character is written as is, so a
/// property-list reader gets back exactly the catalog's string. The same node always gives the same bytes.
enum PropertyListXMLWriter {
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    static func data(_ root: PropertyListNode) -> Data {
        var text = header
        write(root, depth: 0, into: &text)
        text += "</plist>\n"
        return Data(text.utf8)
    }

    private static func indent(_ depth: Int, into text: inout String) {
        for _ in 0..<depth { text += "\t" }
    }

    private static func write(_ node: PropertyListNode, depth: Int, into text: inout String) {
        indent(depth, into: &text)
        switch node {
        case .string(let value):
            text += "<string>"
            escape(value, into: &text)
            text += "</string>\n"
        case .dictionary(let members):
            if members.isEmpty {
                text += "<dict/>\n"
                return
            }
            text += "<dict>\n"
            for member in PropertyListNode.sortedMembers(members) {
                indent(depth + 1, into: &text)
                text += "<key>"
                escape(member.key, into: &text)
                text += "</key>\n"
                write(member.value, depth: depth + 1, into: &text)
            }
            indent(depth, into: &text)
            text += "</dict>\n"
        }
    }

    private static func escape(_ value: String, into text: inout String) {
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": text += "&amp;"
            case "<": text += "&lt;"
            case ">": text += "&gt;"
            default: text.unicodeScalars.append(scalar)
            }
        }
    }
}
