import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizationsCore

/// A key written twice in one `dict` of an XML property list: the value Python's `plistlib` keeps, and the lines
/// of both `<key>` tags as a line scan of the text (Python) finds them.
@Suite struct StringsDictDuplicateKeyTests {
    private static let xml = PropertyListFixtures.duplicateKeysStringsDict

    @Test func keepsTheLaterValueAndBothLines() throws {
        let directory = try PythonPlistOracle.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Localizable.stringsdict")
        try Data(Self.xml.utf8).write(to: file)
        // plistlib keeps the later value of a repeated key; the lines are where each `<key>` tag is written.
        let script = """
        value = plistlib.load(open(sys.argv[1], "rb"))
        print(canon(value))
        lines = open(sys.argv[1], encoding="utf-8").read().split("\\n")
        for name in ["other", "plain"]:
            print(name, " ".join(str(n + 1) for n, line in enumerate(lines) if line.strip() == "<key>%s</key>" % name))
        """
        let output = String(decoding: try PythonPlistOracle.run(script, arguments: [file.path]), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        #expect(output.count == 3)
        let table = try StringsDictParser.parse(try Data(contentsOf: file), path: "Localizable.stringsdict")
        #expect(PythonPlistOracle.canon(.dictionary(table.entries)) == output[0])
        #expect(output[1] == "other 14 18")
        #expect(output[2] == "plain 22 24")
        #expect(table.duplicateKeys == [
            StringsDictTable.DuplicateKey(path: ["files", "count"], key: "other", firstLine: 14, line: 18),
            StringsDictTable.DuplicateKey(entry: nil, key: "plain", firstLine: 22, line: 24),
        ])
        #expect(table.keyLines["plain"] == 24)
    }

    @Test func aFileWithoutRepeatsListsNone() throws {
        let text = Self.xml.replacingOccurrences(of: "<key>other</key>\n\t\t\t<string>%d files (first)</string>\n", with: "")
            .replacingOccurrences(of: "\t<key>plain</key>\n\t<string>First</string>\n", with: "")
        let table = try StringsDictParser.parse(Data(text.utf8))
        #expect(table.duplicateKeys.isEmpty)
        #expect(table.entries.count == 2)
    }

    @Test func aKeyRepeatedManyTimesIsListedOnceForEachRepeat() throws {
        // Three definitions of one key: the second and third each name the first line (1-based, one key per line).
        let text = "<plist><dict>\n<key>a</key><string>1</string>\n<key>a</key><string>2</string>\n<key>a</key><string>3</string>\n</dict></plist>"
        let table = try StringsDictParser.parse(Data(text.utf8))
        #expect(table.entries == ["a": .string("3")])
        #expect(table.duplicateKeys.map { [$0.firstLine, $0.line] } == [[2, 3], [2, 4]])
    }
}
