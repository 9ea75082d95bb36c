import OTALocalizationsCore
import OTALocalizationsPackager

/// `diff --format github`: Markdown for a pull-request comment, one table of rows per module's table file.
///
/// Keys, values and paths are code spans, so that GitHub shows them as written: no emphasis, HTML, link, `@`
/// mention or `#` reference inside them (GitHub Flavored Markdown 0.29, "Code spans"; a `|` in a table cell is
/// escaped, "Tables"). Values are quoted and escaped as JSON strings, as in the text output.
enum DiffMarkdown {
    /// GitHub refuses a comment body over 65,536 characters. The output stays within this many UTF-8 bytes, so
    /// within as many characters (a character is one byte or more), leaving room for a marker line the workflow adds.
    static let maximumBytes = 65_000

    /// The comment: a heading, the two locations as given, the total line, then per module one Markdown table per
    /// table file (Change, Key, Published, New), cut before a line to fit `maximumBytes`.
    static func markdown(_ diff: StringsDiff, published: String, new: String, maximumBytes: Int = maximumBytes) -> String {
        var head = ["### Strings: " + (diff.isEmpty ? "no differences" : "what this publish changes"), ""]
        head += ["Published: \(code(published, inTable: false)) · new: \(code(new, inTable: false))", "", DiffText.total(diff)]
        var body: [Line] = []
        for module in diff.modules {
            body += [Line(""), Line("#### " + escaped(module.name) + DiffText.presenceNote(module.presence, "module"))]
            for localization in module.localizations {
                for table in localization.tables {
                    let title = "**" + code(DiffText.place(localization, table), inTable: false) + "**" + DiffText.tableNote(module, localization, table)
                    if let reason = DiffText.notCompared(table) {
                        body += [Line(""), Line(title + ": not compared: " + escaped(reason), isRow: true)]
                        continue
                    }
                    body += [Line(""), Line(title), Line(""), Line("| Change | Key | Published | New |"), Line("|---|---|---|---|")]
                    body += table.keys.flatMap { key in key.values.map { Line(row(key, $0), isRow: true) } }
                }
            }
        }
        return limited(head, body, maximumBytes: maximumBytes)
    }

    /// One line of the body; a row is one value of a key, or a table not compared.
    private struct Line {
        var text: String
        var isRow = false

        init(_ text: String, isRow: Bool = false) {
            self.text = text
            self.isRow = isRow
        }
    }

    private static func row(_ key: StringsDiff.Key, _ value: StringsDiff.Value) -> String {
        let name = value.path.isEmpty && key.values.count == 1 ? key.key : "\(key.key) (\(DiffText.label(value.path)))"
        let values = [value.published, value.new].map { $0.map { code(JSONText.quoted($0)) } ?? "" }
        return "| " + ([key.change.rawValue, code(name)] + values).joined(separator: " | ") + " |"
    }

    /// `head` and as much of `body` as fits in `maximumBytes`, cut before a line, then a line saying how many rows
    /// were left out and how to see them.
    private static func limited(_ head: [String], _ body: [Line], maximumBytes: Int) -> String {
        var text = head.joined(separator: "\n")
        let reserve = 300
        for (index, line) in body.enumerated() {
            guard text.utf8.count + 1 + line.text.utf8.count + reserve <= maximumBytes else {
                let left = body[index...].filter(\.isRow).count
                return text + "\n\n…and \(Output.count(left, "more row")) not shown: a comment holds at most 65,536 characters. "
                    + "Run 'ota-localizations diff' with these two locations for the whole list."
            }
            text += "\n" + line.text
        }
        return text
    }

    /// `text` as a code span: fenced by one backtick more than its longest run of backticks, padded with a space
    /// when it starts or ends with one, and in a table cell every `|` escaped.
    static func code(_ text: String, inTable: Bool = true) -> String {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padding = text.hasPrefix("`") || text.hasSuffix("`") ? " " : ""
        let body = inTable ? text.replacingOccurrences(of: "|", with: "\\|") : text
        return fence + padding + body + padding + fence
    }

    /// `text` with every ASCII punctuation character backslash-escaped (CommonMark 0.31, "Backslash escapes"), so
    /// that `*`, `|`, `<` and the rest show as written, in a table cell too.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            if character.isASCII, character.isPunctuation || character.isSymbol {
                out.append("\\")
            }
            out.append(character)
        }
        return out
    }
}
