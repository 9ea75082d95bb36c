import Foundation

/// A reader for `.strings` tables that accepts exactly what Apple's runtime reads, with positions in errors.
///
/// Formats, tried in CF's order (`_CFPropertyListCreateWithData`; docs/apple-platform.md E1-E3):
/// 1. a binary property list (`bplist00`) whose root is a dictionary of string to string;
/// 2. an XML property list (text starting `<?xml`, `<!DOCTYPE`, `<!--` or `<plist`) with such a root;
/// 3. old-style text, `"key" = "value";` entries, in UTF-8 (byte-order mark optional), or UTF-16 or UTF-32
///    with a byte-order mark. An empty, whitespace-only or comment-only file is an empty table.
///
/// Text grammar (CF `CFOldStylePList.c`): `/* */` and `//` comments wherever whitespace may be; keys and
/// values quoted with `"` or `'`, or unquoted from `A-Z a-z 0-9 _ $ / : . -`; `"key";` means value = key;
/// escapes `\n \t \r \a \b \f \v \" \\ \'`, `\U` with up to 4 hex digits (surrogate pairs combine), octal with
/// up to 3 digits (NeXTSTEP Latin), and any other `\x` reads as `x` (so `\u00e9` reads `u00e9`, as on device).
/// Duplicate keys are kept as separate entries; ``StringsTable/values`` lets the last one win.
///
/// Differences from CF, all stricter: an unterminated `/*` comment is an error (CF silently drops the rest of
/// the file); so is anything after a `;` that cannot start a key (CF stops there and keeps what it read); a value that is an old-style dictionary, array or data is an error (the runtime would hand a
/// non-string to `localizedString`); a file that is a single string or array is an error (CF reads no table).
///
/// Safe on any input: no traps, bounded nesting, time linear in the input. Callable from any thread.
public enum StringsTableParser {
    /// Parses a `.strings` table as Apple's runtime reads it.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - path: The file's path, only for error messages.
    /// - Returns: The entries in file order (line 0 for binary property lists) and the format found.
    /// - Throws: `TableError` with code `.encoding` (invalid UTF-8, BOM-less UTF-16), `.syntax` (text that does
    ///   not follow the grammar; 1-based line and column of the offending character, or of the start of an
    ///   unterminated string or comment), `.propertyList` (malformed XML or binary property list) or
    ///   `.structure` (a property list whose root is not a dictionary of strings, naming the key).
    public static func parse(_ data: Data, path: String = "") throws(TableError) -> StringsTable {
        let bytes = [UInt8](data)
        if BinaryPropertyListParser.hasSignature(bytes) {
            let parsed = try BinaryPropertyListParser.parse(bytes, path: path)
            return try table(from: parsed, format: .binaryPropertyList, path: path)
        }
        let text = try TableText(decoding: bytes, path: path)
        if XMLPropertyListParser.looksLikeXML(text.scalars) {
            var parser = XMLPropertyListParser(text: text.scalars, path: path)
            let parsed = try parser.parse()
            return try table(from: parsed, format: .xmlPropertyList, path: path)
        }
        var parser = OldStyleStringsParser(text: text.scalars, path: path)
        return StringsTable(format: .text, entries: try parser.parse())
    }

    private static func table(from parsed: ParsedPropertyList, format: StringsTable.Format, path: String) throws(TableError) -> StringsTable {
        guard let topLevel = parsed.topLevelEntries else {
            throw TableError(
                code: .structure,
                reason: "the property list's root is \(parsed.value.kindDescription), but a strings table needs a dictionary of strings",
                path: path, line: parsed.rootLine, column: 0)
        }
        var entries: [StringsTable.Entry] = []
        entries.reserveCapacity(topLevel.count)
        for item in topLevel {
            guard case .string(let value) = item.value else {
                throw TableError(
                    code: .structure,
                    reason: "the value of \(OldStyleStringsParser.quote(item.key)) is \(item.value.kindDescription); a strings table needs string values",
                    path: path, line: item.line, column: 0)
            }
            entries.append(StringsTable.Entry(key: item.key, value: value, line: item.line))
        }
        return StringsTable(format: format, entries: entries)
    }
}
