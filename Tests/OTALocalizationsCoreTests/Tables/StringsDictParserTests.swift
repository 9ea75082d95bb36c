import Foundation
import Testing
@testable import OTALocalizationsCore

/// Expected values come from Python's `plistlib` (writing the files) and from the fixture text itself (lines).
@Suite struct StringsDictParserTests {
    private static let pluralXML = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>apples</key>
    \t<dict>
    \t\t<key>NSStringLocalizedFormatKey</key>
    \t\t<string>%#@count@</string>
    \t\t<key>count</key>
    \t\t<dict>
    \t\t\t<key>NSStringFormatSpecTypeKey</key>
    \t\t\t<string>NSStringPluralRuleType</string>
    \t\t\t<key>NSStringFormatValueTypeKey</key>
    \t\t\t<string>d</string>
    \t\t\t<key>one</key>
    \t\t\t<string>%d apple</string>
    \t\t\t<key>other</key>
    \t\t\t<string>%d apples</string>
    \t\t</dict>
    \t</dict>
    \t<key>plain</key>
    \t<string>Just text</string>
    </dict>
    </plist>

    """

    @Test func readsXMLWithKeyLines() throws {
        let table = try StringsDictParser.parse(Data(Self.pluralXML.utf8), path: "Localizable.stringsdict")
        #expect(table.format == .xmlPropertyList)
        #expect(table.keyLines == ["apples": 5, "plain": 21])
        let rule = table.entries["apples"]?.dictionaryValue?["count"]?.dictionaryValue
        #expect(rule?["one"] == .string("%d apple"))
        #expect(table.entries["plain"] == .string("Just text"))
    }

    @Test func readsTheLineOfEveryNestedKey() throws {
        // The lines where the fixture text writes each `<key>` tag (a plain line scan, not the parser).
        let lines = Self.pluralXML.split(separator: "\n", omittingEmptySubsequences: false)
        func line(of key: String) -> Int? {
            lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "<key>\(key)</key>" }.map { $0 + 1 }
        }
        let table = try StringsDictParser.parse(Data(Self.pluralXML.utf8), path: "Localizable.stringsdict")
        #expect(table.keyPathLines[["apples", "count", "one"]] == line(of: "one"))
        #expect(table.keyPathLines[["apples", "count", "other"]] == line(of: "other"))
        #expect(table.keyPathLines[["apples", "count"]] == line(of: "count"))
        #expect(table.keyPathLines[["apples", "NSStringLocalizedFormatKey"]] == line(of: "NSStringLocalizedFormatKey"))
        #expect(table.keyPathLines.count == 6)
        #expect(line(of: "one") == 15)
        // A path with no line of its own falls back to the nearest enclosing key that has one.
        #expect(table.line(ofKey: "apples", path: ["count", "few"]) == line(of: "count"))
        #expect(table.line(ofKey: "apples", path: []) == 5)
    }

    @Test func readsBinaryLikePlistlib() throws {
        let directory = try PythonPlistOracle.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("in.xml")
        try Data(Self.pluralXML.utf8).write(to: source)
        let script = """
        value = plistlib.load(open(sys.argv[1], "rb"))
        open(sys.argv[2], "wb").write(plistlib.dumps(value, fmt=plistlib.FMT_BINARY))
        print(canon(value))
        """
        let binaryURL = directory.appendingPathComponent("out.bin")
        let expected = String(decoding: try PythonPlistOracle.run(script, arguments: [source.path, binaryURL.path]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let table = try StringsDictParser.parse(try Data(contentsOf: binaryURL))
        #expect(table.format == .binaryPropertyList)
        #expect(table.keyLines.isEmpty && table.keyPathLines.isEmpty)
        #expect(PythonPlistOracle.canon(.dictionary(table.entries)) == expected)
    }

    @Test func rejectsRootThatIsNotADictionary() throws {
        let xml = "<?xml version=\"1.0\"?>\n<plist>\n<array><string>a</string></array>\n</plist>"
        do {
            _ = try StringsDictParser.parse(Data(xml.utf8), path: "x.stringsdict")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .structure)
            #expect(error.line == 3)
            #expect(error.reason.contains("an array"))
        }
    }

    @Test func rejectsOldStyleTextAndEmptyFiles() throws {
        for text in ["\"a\" = \"b\";", ""] {
            #expect(throws: TableError.self) { try StringsDictParser.parse(Data(text.utf8)) }
        }
    }
}
