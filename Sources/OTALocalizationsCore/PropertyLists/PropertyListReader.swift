import Foundation

/// A reader for XML and binary property lists, written for this package (no `PropertyListSerialization`).
///
/// Binary (`bplist00`) is recognised by its header, as CF tries it first; anything else must be an XML
/// property list (`<?xml`, `<!DOCTYPE`, `<!--` or `<plist` after optional whitespace), in UTF-8 (BOM optional)
/// or UTF-16/UTF-32 with a byte-order mark. Old-style text property lists are not read here (see
/// ``StringsTableParser`` for `.strings` text). Both readers produce the same ``PropertyListValue`` for the same
/// content, matching Python's `plistlib`. Pure value code: callable from any thread, never traps, nesting capped
/// at 32 levels (deeper lists are refused with `.propertyList`: each level costs stack, and the app parses on
/// threads with 512 KiB), time linear in the input.
public enum PropertyListReader {
    /// Reads an XML (`<?xml`/`<plist`) or binary (`bplist00`) property list to a value; format reported.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - path: The file's path, only for error messages.
    /// - Returns: The root value and `.xmlPropertyList` or `.binaryPropertyList`.
    /// - Throws: `TableError` with code `.encoding` (undecodable text) or `.propertyList` (not a property list,
    ///   or a malformed one; XML errors carry the 1-based line and column).
    public static func read(_ data: Data, path: String = "") throws(TableError) -> (value: PropertyListValue, format: StringsTable.Format) {
        let parsed = try readParsed(data, path: path)
        return (parsed.list.value, parsed.format)
    }

    /// The same, keeping the root dictionary's entries in file order with their lines.
    static func readParsed(_ data: Data, path: String) throws(TableError) -> (list: ParsedPropertyList, format: StringsTable.Format) {
        let bytes = [UInt8](data)
        if BinaryPropertyListParser.hasSignature(bytes) {
            return (try BinaryPropertyListParser.parse(bytes, path: path), .binaryPropertyList)
        }
        let text = try TableText(decoding: bytes, path: path)
        guard XMLPropertyListParser.looksLikeXML(text.scalars) else {
            throw TableError(
                code: .propertyList,
                reason: bytes.isEmpty
                    ? "the file is empty; expected an XML or binary property list"
                    : "expected an XML property list (starting '<?xml' or '<plist') or a binary one ('bplist00')",
                path: path, line: bytes.isEmpty ? 0 : 1, column: bytes.isEmpty ? 0 : 1)
        }
        var parser = XMLPropertyListParser(text: text.scalars, path: path)
        return (try parser.parse(), .xmlPropertyList)
    }
}
