import Foundation

/// Reads the generator settings that `lint-sources` checks besides Swift: `swiftgen.yml` and Xcode's `project.pbxproj`.
///
/// Both are read line by line, as far as the rules need: no YAML or property-list parser.
enum GeneratorConfigScanner {
    /// Whether `lint-sources` reads a file of this name besides `.swift` files.
    static func isConfiguration(named name: String) -> Bool {
        ["swiftgen.yml", "swiftgen.yaml", "project.pbxproj"].contains(name)
    }

    /// The findings of the configuration file `name` whose text is `text`.
    static func hits(in text: String, named name: String) -> [LookupCallScanner.Hit] {
        let lines = SourceLintBaseline.lines(of: text).map(String.init)
        return name == "project.pbxproj" ? symbolsSettingHits(lines) : swiftGenHits(lines)
    }

    /// The first `STRING_CATALOG_GENERATE_SYMBOLS = YES;`, at the setting's name: one per project.
    private static func symbolsSettingHits(_ lines: [String]) -> [LookupCallScanner.Hit] {
        for (index, line) in lines.enumerated() {
            let words = line.split { $0 == " " || $0 == "\t" || $0 == "=" || $0 == ";" }
            guard words.count >= 2, words[0] == "STRING_CATALOG_GENERATE_SYMBOLS", words[1] == "YES" else { continue }
            return [hit(.stringCatalogSymbols, line: index, column: indentation(line), GeneratedAccessorMessages.symbolsSetting)]
        }
        return []
    }

    /// Each output of a `strings:` entry whose lines name no `bundle:` with `localizationBundle`, at the output's
    /// first line (its `- ` item, or `outputs:` when it is a single mapping).
    private static func swiftGenHits(_ lines: [String]) -> [LookupCallScanner.Hit] {
        var result: [LookupCallScanner.Hit] = []
        var index = 0
        while index < lines.count {
            guard key(of: lines[index]) == "strings" else {
                index += 1
                continue
            }
            let end = blockEnd(after: index, in: lines)
            var outputs = index + 1
            while outputs < end {
                if key(of: lines[outputs]) == "outputs" {
                    result += outputHits(lines, outputs: outputs, end: blockEnd(after: outputs, in: lines))
                }
                outputs += 1
            }
            index = end
        }
        return result
    }

    /// The hits of the outputs below the `outputs:` key at `outputs`, whose block ends before `end`.
    private static func outputHits(_ lines: [String], outputs: Int, end: Int) -> [LookupCallScanner.Hit] {
        let content = lines[outputs].drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespaces)
        let body = (outputs + 1..<end).filter { !isBlankOrComment(lines[$0]) }
        let items: [Int]
        if !content.isEmpty || body.isEmpty {
            items = [outputs]
        } else {
            let itemIndent = indentation(lines[body[0]])
            let isList = lines[body[0]].dropFirst(itemIndent).hasPrefix("-")
            items = isList ? body.filter { indentation(lines[$0]) == itemIndent && lines[$0].dropFirst(itemIndent).hasPrefix("-") } : [outputs]
        }
        return items.enumerated().compactMap { position, start in
            let stop = position + 1 < items.count ? items[position + 1] : end
            let text = lines[start..<max(stop, start + 1)].joined(separator: "\n")
            let hasBundle = text.contains("bundle:") && text.contains("localizationBundle")
            return hasBundle ? nil
                : hit(.swiftGenBundle, line: start, column: indentation(lines[start]), GeneratedAccessorMessages.swiftGenConfig)
        }
    }

    // MARK: Lines

    /// The key a YAML line starts (`strings:`, `- outputs:`), without `- `.
    private static func key(of line: String) -> String? {
        var text = Substring(line).drop { $0 == " " }
        if text.hasPrefix("- ") { text = text.dropFirst(2).drop { $0 == " " } }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        return String(text[..<colon])
    }

    /// The index of the first line after `start` that is indented no deeper than it (blank lines and comments aside).
    private static func blockEnd(after start: Int, in lines: [String]) -> Int {
        let indent = indentation(lines[start])
        var index = start + 1
        while index < lines.count, isBlankOrComment(lines[index]) || indentation(lines[index]) > indent { index += 1 }
        return index
    }

    private static func indentation(_ line: String) -> Int { line.prefix { $0 == " " || $0 == "\t" }.count }

    private static func isBlankOrComment(_ line: String) -> Bool {
        let text = line.trimmingCharacters(in: .whitespaces)
        return text.isEmpty || text.hasPrefix("#")
    }

    private static func hit(_ rule: SourceLintRule, line: Int, column: Int, _ message: String) -> LookupCallScanner.Hit {
        LookupCallScanner.Hit(rule: rule, line: line + 1, column: column + 1, callLine: line + 1, message: message)
    }
}
