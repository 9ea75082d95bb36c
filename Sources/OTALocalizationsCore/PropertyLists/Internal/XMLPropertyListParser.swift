import Foundation

/// A small XML reader for Apple's XML property-list format (`PropertyList-1.0.dtd`), with line and column in errors.
///
/// Reads the prolog (XML declaration, processing instructions, comments, a `DOCTYPE` with or without an internal
/// subset), then `<plist>` holding one value (a bare value element is accepted as the root too). Values:
/// `dict` (`key`/value pairs), `array`, `string`, `integer` (decimal, or hexadecimal after `0x`), `real`, `true`,
/// `false`, `date` (ISO 8601, UTC, `Z`), `data` (Base64). Text may hold the five predefined entities, numeric
/// character references and CDATA sections; CR LF and lone CR read as LF (XML 1.0 section 2.11). Attributes are
/// skipped. A key written twice in one `dict` keeps the later value (as CF and `plistlib` do) and is listed in
/// ``ParsedPropertyList/duplicateKeys`` with both lines; only a dictionary that repeats a key pays for finding
/// the first one. Written by hand rather than on Foundation's `XMLParser` so that it is pure value code, callable
/// from any thread, and never traps. Nesting deeper than ``maximumPropertyListDepth`` is rejected.
struct XMLPropertyListParser {
    private let text: [Unicode.Scalar]
    private let path: String
    private var index = 0
    private let locator: TextLocator
    /// Collects the text of one string or key at a time; empty between them until a parse throws.
    private var builder = UTF8StringBuilder()
    /// The keys of the dictionaries enclosing the one being read, from the top-level entry's key (empty while the
    /// root dictionary's own keys are read).
    private var keyPath: [String] = []
    /// The 1-based line of each key below the top level, by its full key path (``StringsDictTable/keyPathLines``).
    private var keyPathLines: [[String]: Int] = [:]
    /// Whether to record ``keyPathLines`` (not while a dictionary is read again for its first key offsets).
    private var recordsKeyPathLines = true
    /// Repeated keys by scalar offset of both `<key>` tags; turned into lines once, in order, when parsing ends.
    private var duplicates: [(path: [String], key: String, first: Int, later: Int)] = []

    init(text: [Unicode.Scalar], path: String) {
        self.text = text
        self.path = path
        self.locator = TextLocator(scalars: text, lineBreaks: .lineFeedOrCarriageReturn)
    }

    /// Whether decoded text starts (after whitespace) like an XML document: `<?xml`, `<!DOCTYPE`, `<!--` or `<plist`.
    static func looksLikeXML(_ scalars: [Unicode.Scalar]) -> Bool {
        var position = 0
        while position < scalars.count, isXMLSpace(scalars[position]) || scalars[position] == "\u{FEFF}" {
            position += 1
        }
        for prefix in ["<?xml", "<!DOCTYPE", "<!--", "<plist"] {
            let wanted = Array(prefix.unicodeScalars)
            if position + wanted.count <= scalars.count,
               scalars[position..<(position + wanted.count)].elementsEqual(wanted) {
                return true
            }
        }
        return false
    }

    mutating func parse() throws(TableError) -> ParsedPropertyList {
        if peek() == "\u{FEFF}" { index += 1 }
        try skipMisc()
        guard peek() == "<" else { throw error(at: index, "expected '<plist>', found \(describeCharacter(peek()))") }
        let rootStart = index
        let tag = try readStartTag()
        var result: ParsedPropertyList
        if tag.name == "plist" {
            if tag.isEmpty { throw error(at: rootStart, "expected a value inside <plist>, found an empty <plist/>") }
            try skipContentSpace()
            guard peek() == "<", !isAt("</") else {
                throw error(at: index, "expected a value element inside <plist>, found \(describeFound())")
            }
            let valueStart = index
            let valueTag = try readStartTag()
            result = try parseRoot(valueTag, at: valueStart)
            try skipContentSpace()
            try readEndTag("plist")
        } else {
            result = try parseRoot(tag, at: rootStart)
        }
        try skipMisc()
        if index < text.count {
            throw error(at: index, "expected end of document after the property list, found \(describeFound())")
        }
        if !duplicates.isEmpty { result.duplicateKeys = duplicateKeyLines() }
        result.keyPathLines = keyPathLines
        return result
    }

    /// ``duplicates`` with lines, in order of the later definition.
    private mutating func duplicateKeyLines() -> [StringsDictTable.DuplicateKey] {
        let offsets = Set(duplicates.flatMap { [$0.first, $0.later] }).sorted()
        var lines: [Int: Int] = [:]
        for offset in offsets { lines[offset] = locator.location(of: offset).line }
        return duplicates.sorted { $0.later < $1.later }.map {
            StringsDictTable.DuplicateKey(path: $0.path, key: $0.key, firstLine: lines[$0.first] ?? 0, line: lines[$0.later] ?? 0)
        }
    }

    // MARK: Values

    private struct StartTag {
        var name: String
        var isEmpty: Bool
    }

    private mutating func parseRoot(_ tag: StartTag, at start: Int) throws(TableError) -> ParsedPropertyList {
        let rootLine = location(start).line
        if tag.name == "dict" {
            var entries: [ParsedPropertyList.TopLevelEntry] = []
            let value = try parseDictionary(tag, at: start, depth: 1, entries: &entries)
            return ParsedPropertyList(value: value, topLevelEntries: entries, rootLine: rootLine)
        }
        let value = try parseValue(tag, at: start, depth: 1)
        return ParsedPropertyList(value: value, topLevelEntries: nil, rootLine: rootLine)
    }

    private mutating func parseValue(_ tag: StartTag, at start: Int, depth: Int) throws(TableError) -> PropertyListValue {
        guard depth <= maximumPropertyListDepth else {
            throw error(at: start, "property list nested deeper than \(maximumPropertyListDepth) levels")
        }
        switch tag.name {
        case "dict":
            var ignored: [ParsedPropertyList.TopLevelEntry] = []
            return try parseDictionary(tag, at: start, depth: depth, entries: &ignored, collect: false)
        case "array":
            var items: [PropertyListValue] = []
            if tag.isEmpty { return .array(items) }
            while true {
                try skipContentSpace()
                if isAt("</") {
                    try readEndTag("array")
                    return .array(items)
                }
                guard peek() == "<" else {
                    throw error(at: index, "expected a value element or </array>, found \(describeFound())")
                }
                let itemStart = index
                let itemTag = try readStartTag()
                items.append(try parseValue(itemTag, at: itemStart, depth: depth + 1))
            }
        case "string":
            return .string(tag.isEmpty ? "" : try readText(until: "string"))
        case "integer":
            let raw = tag.isEmpty ? "" : try readText(until: "integer")
            guard let value = Self.integer(from: raw) else {
                throw error(at: start, "expected an integer in <integer> (decimal, or hexadecimal after 0x, within 64 bits), found \(OldStyleStringsParser.quote(raw))")
            }
            return .integer(value)
        case "real":
            let raw = tag.isEmpty ? "" : try readText(until: "real")
            guard let value = Double(raw.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw error(at: start, "expected a number in <real>, found \(OldStyleStringsParser.quote(raw))")
            }
            return .real(value)
        case "true", "false":
            if !tag.isEmpty {
                let content = try readText(until: tag.name)
                if !content.isEmpty {
                    throw error(at: start, "expected <\(tag.name)/> to be empty, found text in it")
                }
            }
            return .bool(tag.name == "true")
        case "date":
            let raw = tag.isEmpty ? "" : try readText(until: "date")
            guard let date = Self.date(from: raw.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw error(at: start, "expected an ISO 8601 date such as 2024-01-31T12:00:00Z in <date>, found \(OldStyleStringsParser.quote(raw))")
            }
            return .date(date)
        case "data":
            let raw = tag.isEmpty ? "" : try readText(until: "data")
            let compact = String(String.UnicodeScalarView(raw.unicodeScalars.filter { !Self.isXMLSpace($0) }))
            guard let data = Data(base64Encoded: compact, options: .ignoreUnknownCharacters) else {
                throw error(at: start, "expected Base64 in <data>, found text that does not decode")
            }
            return .data(data)
        case "key":
            throw error(at: start, "expected a value element, found <key> outside a <dict>")
        default:
            throw error(at: start, "expected a property-list element (dict, array, string, integer, real, true, false, date, data), found <\(tag.name)>")
        }
    }

    /// Reads a `dict` whose start tag (at offset `start`) has been read; `collect` for the root dictionary.
    private mutating func parseDictionary(
        _ tag: StartTag, at start: Int, depth: Int, entries: inout [ParsedPropertyList.TopLevelEntry],
        collect: Bool = true
    ) throws(TableError) -> PropertyListValue {
        var dictionary: [String: PropertyListValue] = [:]
        if tag.isEmpty { return .dictionary(dictionary) }
        // Where each key was first written: built only when this dictionary repeats a key.
        var firstOffsets: [String: Int]?
        while true {
            try skipContentSpace()
            if isAt("</") {
                try readEndTag("dict")
                return .dictionary(dictionary)
            }
            guard peek() == "<" else {
                throw error(at: index, "expected <key> or </dict>, found \(describeFound())")
            }
            let keyStart = index
            let keyTag = try readStartTag()
            guard keyTag.name == "key" else {
                throw error(at: keyStart, "expected <key> or </dict>, found <\(keyTag.name)>")
            }
            let key = keyTag.isEmpty ? "" : try readText(until: "key")
            try skipContentSpace()
            guard peek() == "<", !isAt("</") else {
                throw error(at: index, "expected a value element after <key>\(key)</key>, found \(describeFound())")
            }
            let valueStart = index
            let valueTag = try readStartTag()
            // Located before the value is read, so that every line is found in one forward pass over the text.
            let line = collect || recordsKeyPathLines ? location(keyStart).line : 0
            if !collect, recordsKeyPathLines { keyPathLines[keyPath + [key]] = line }
            keyPath.append(key)
            let value = try parseValue(valueTag, at: valueStart, depth: depth + 1)
            keyPath.removeLast()
            if dictionary.updateValue(value, forKey: key) != nil {
                if firstOffsets == nil { firstOffsets = keyOffsets(inDictionaryAt: start, depth: depth, before: keyStart) }
                duplicates.append((keyPath, key, firstOffsets?[key] ?? keyStart, keyStart))
            } else if firstOffsets != nil {
                firstOffsets?[key] = keyStart
            }
            if collect {
                entries.append(ParsedPropertyList.TopLevelEntry(key: key, value: value, line: line))
            }
        }
    }

    /// The offset of the first `<key>` tag of each key in the dictionary whose start tag is at `start`, for the
    /// keys before offset `end`: the dictionary is read again by a copy of the parser (it parsed once already).
    private func keyOffsets(inDictionaryAt start: Int, depth: Int, before end: Int) -> [String: Int] {
        var probe = self
        probe.index = start
        probe.duplicates = []
        probe.recordsKeyPathLines = false
        var offsets: [String: Int] = [:]
        guard (try? probe.readStartTag()) != nil else { return offsets }
        while probe.index < end {
            guard (try? probe.skipContentSpace()) != nil else { break }
            let keyStart = probe.index
            guard probe.index < end, let keyTag = try? probe.readStartTag(), keyTag.name == "key",
                  let key = keyTag.isEmpty ? "" : try? probe.readText(until: "key") else { break }
            if offsets[key] == nil { offsets[key] = keyStart }
            guard (try? probe.skipContentSpace()) != nil else { break }
            let valueStart = probe.index
            guard let valueTag = try? probe.readStartTag(),
                  (try? probe.parseValue(valueTag, at: valueStart, depth: depth + 1)) != nil else { break }
        }
        return offsets
    }

    // MARK: Markup

    /// Reads `<name attr="...">` or `<name .../>` at `index` (which is at '<').
    private mutating func readStartTag() throws(TableError) -> StartTag {
        let start = index
        index += 1
        let name = readName()
        guard !name.isEmpty else {
            throw error(at: start, "expected an element name after '<', found \(describeFound())")
        }
        while true {
            skipXMLSpace()
            guard let scalar = peek() else {
                throw error(at: start, "unterminated tag <\(name): no closing '>'")
            }
            if scalar == ">" {
                index += 1
                return StartTag(name: name, isEmpty: false)
            }
            if scalar == "/" {
                guard index + 1 < text.count, text[index + 1] == ">" else {
                    throw error(at: index, "expected '/>' in <\(name)>, found \(describeFound())")
                }
                index += 2
                return StartTag(name: name, isEmpty: true)
            }
            let attributeStart = index
            let attribute = readName()
            guard !attribute.isEmpty else {
                throw error(at: index, "expected an attribute or '>' in <\(name)>, found \(describeFound())")
            }
            skipXMLSpace()
            guard peek() == "=" else { throw error(at: index, "expected '=' after attribute \(attribute), found \(describeFound())") }
            index += 1
            skipXMLSpace()
            guard let quote = peek(), quote == "\"" || quote == "'" else {
                throw error(at: index, "expected a quoted value for attribute \(attribute), found \(describeFound())")
            }
            index += 1
            while let next = peek(), next != quote { index += 1 }
            guard peek() == quote else {
                throw error(at: attributeStart, "unterminated value of attribute \(attribute)")
            }
            index += 1
        }
    }

    /// Reads `</name>` at `index`.
    private mutating func readEndTag(_ name: String) throws(TableError) {
        let start = index
        guard isAt("</") else {
            throw error(at: index, "expected </\(name)>, found \(describeFound())")
        }
        index += 2
        let found = readName()
        skipXMLSpace()
        guard found == name, peek() == ">" else {
            throw error(at: start, "expected </\(name)>, found </\(found)")
        }
        index += 1
    }

    /// Reads character data up to `</name>`, resolving entities and CDATA, skipping comments.
    ///
    /// Text without markup, references or carriage returns is copied in runs.
    private mutating func readText(until name: String) throws(TableError) -> String {
        while true {
            let runStart = index
            while index < text.count, text[index] != "<", text[index] != "&", text[index] != "\r" { index += 1 }
            builder.append(contentsOf: text[runStart..<index])
            guard let scalar = peek() else {
                throw error(at: index, "expected </\(name)>, found end of file")
            }
            switch scalar {
            case "<":
                if isAt("</") {
                    let content = builder.makeString()
                    try readEndTag(name)
                    return content
                } else if isAt("<![CDATA[") {
                    let start = index
                    index += 9
                    while index < text.count, !isAt("]]>") {
                        appendNormalized(text[index])
                        index += 1
                    }
                    guard isAt("]]>") else { throw error(at: start, "unterminated CDATA section: no closing ']]>'") }
                    index += 3
                } else if isAt("<!--") {
                    try skipComment()
                } else if isAt("<?") {
                    try skipProcessingInstruction()
                } else {
                    throw error(at: index, "expected text and </\(name)>, found a nested element")
                }
            case "&":
                builder.append(try readReference())
            default:
                appendNormalized(scalar)
                index += 1
            }
        }
    }

    /// Appends a text scalar, turning CR LF and lone CR into LF.
    private mutating func appendNormalized(_ scalar: Unicode.Scalar) {
        if scalar == "\r" {
            if index + 1 < text.count, text[index + 1] == "\n" { return }
            builder.append("\n")
        } else {
            builder.append(scalar)
        }
    }

    /// Reads `&name;` or `&#...;` at `index`.
    private mutating func readReference() throws(TableError) -> Unicode.Scalar {
        let start = index
        index += 1
        var name = ""
        while let scalar = peek(), scalar != ";", name.unicodeScalars.count < 12 {
            name.unicodeScalars.append(scalar)
            index += 1
        }
        guard peek() == ";" else { throw error(at: start, "expected an entity such as &amp; ending in ';'") }
        index += 1
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            var value: UInt32?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                value = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#") {
                value = UInt32(name.dropFirst(1), radix: 10)
            }
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else {
                throw error(at: start, "unknown entity &\(name); (expected &amp; &lt; &gt; &quot; &apos; or a character reference)")
            }
            return scalar
        }
    }

    /// Skips whitespace, comments, processing instructions and a DOCTYPE (outside the root element).
    private mutating func skipMisc() throws(TableError) {
        while true {
            skipXMLSpace()
            if isAt("<?") {
                try skipProcessingInstruction()
            } else if isAt("<!--") {
                try skipComment()
            } else if isAt("<!DOCTYPE") {
                try skipDoctype()
            } else {
                return
            }
        }
    }

    /// Skips whitespace and comments between elements.
    private mutating func skipContentSpace() throws(TableError) {
        while true {
            skipXMLSpace()
            if isAt("<!--") {
                try skipComment()
            } else if isAt("<?") {
                try skipProcessingInstruction()
            } else {
                return
            }
        }
    }

    private mutating func skipComment() throws(TableError) {
        let start = index
        index += 4
        while index < text.count, !isAt("-->") { index += 1 }
        guard isAt("-->") else { throw error(at: start, "unterminated comment: the '<!--' that starts here has no closing '-->'") }
        index += 3
    }

    private mutating func skipProcessingInstruction() throws(TableError) {
        let start = index
        index += 2
        while index < text.count, !isAt("?>") { index += 1 }
        guard isAt("?>") else { throw error(at: start, "unterminated processing instruction: no closing '?>'") }
        index += 2
    }

    private mutating func skipDoctype() throws(TableError) {
        let start = index
        index += 9
        var inSubset = false
        var quote: Unicode.Scalar?
        while let scalar = peek() {
            index += 1
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == "[" {
                inSubset = true
            } else if scalar == "]" {
                inSubset = false
            } else if scalar == ">" && !inSubset {
                return
            }
        }
        throw error(at: start, "unterminated <!DOCTYPE: no closing '>'")
    }

    private mutating func readName() -> String {
        let start = index
        while let scalar = peek(), !Self.isXMLSpace(scalar), scalar != ">", scalar != "/", scalar != "=", scalar != "<" {
            index += 1
        }
        return UTF8StringBuilder.string(text[start..<index])
    }

    private mutating func skipXMLSpace() {
        while let scalar = peek(), Self.isXMLSpace(scalar) { index += 1 }
    }

    private static func isXMLSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    private func peek() -> Unicode.Scalar? {
        index < text.count ? text[index] : nil
    }

    /// Whether the text at `index` starts with `literal` (ASCII).
    private func isAt(_ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { bytes in
            guard text.count - index >= bytes.count else { return false }
            for (offset, byte) in bytes.enumerated() where text[index + offset].value != UInt32(byte) {
                return false
            }
            return true
        }
    }

    private func describeFound() -> String {
        guard peek() == "<" else { return describeCharacter(peek()) }
        var position = index + 1
        var name = String.UnicodeScalarView()
        while position < text.count, name.count < 40 {
            let scalar = text[position]
            if Self.isXMLSpace(scalar) || scalar == ">" { break }
            name.append(scalar)
            position += 1
        }
        return "<\(String(name))>"
    }

    // MARK: Scalars

    /// plistlib's rule: hexadecimal after `0x`/`0X`, else decimal with an optional sign; must fit in 64 bits.
    static func integer(from raw: String) -> Int64? {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("0x") || trimmed.hasPrefix("0X") {
            return Int64(trimmed.dropFirst(2), radix: 16)
        }
        return Int64(trimmed, radix: 10)
    }

    /// `YYYY[-MM[-DD[THH[:MM[:SS]]]]]Z` (the form plistlib and CF write), as UTC.
    static func date(from raw: String) -> Date? {
        let scalars = Array(raw.unicodeScalars)
        var position = 0
        func number(_ digits: Int) -> Int? {
            guard position + digits <= scalars.count else { return nil }
            var value = 0
            for offset in 0..<digits {
                let scalar = scalars[position + offset]
                guard ("0"..."9").contains(scalar) else { return nil }
                value = value * 10 + Int(scalar.value - 0x30)
            }
            position += digits
            return value
        }
        func take(_ scalar: Unicode.Scalar) -> Bool {
            guard position < scalars.count, scalars[position] == scalar else { return false }
            position += 1
            return true
        }
        guard let year = number(4) else { return nil }
        var month = 1, day = 1, hour = 0, minute = 0, second = 0
        if take("-") {
            guard let value = number(2) else { return nil }
            month = value
            if take("-") {
                guard let value = number(2) else { return nil }
                day = value
                if take("T") {
                    guard let value = number(2) else { return nil }
                    hour = value
                    if take(":") {
                        guard let value = number(2) else { return nil }
                        minute = value
                        if take(":") {
                            guard let value = number(2) else { return nil }
                            second = value
                        }
                    }
                }
            }
        }
        guard take("Z"), position == scalars.count else { return nil }
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        // Days from 1970-01-01 in the proleptic Gregorian calendar (civil-from-days inverse).
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear / 400
        let yearOfEra = shiftedYear - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    // MARK: Errors

    private mutating func location(_ offset: Int) -> (line: Int, column: Int) {
        locator.location(of: offset)
    }

    private mutating func error(at offset: Int, _ reason: String) -> TableError {
        let place = location(offset)
        return TableError(code: .propertyList, reason: reason, path: path, line: place.line, column: place.column)
    }
}
