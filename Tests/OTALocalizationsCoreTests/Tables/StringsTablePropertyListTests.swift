import Foundation
import Testing
@testable import OTALocalizationsCore

/// `.strings` tables stored as property lists (docs/apple-platform.md E1); files written by Python's `plistlib`.
@Suite struct StringsTablePropertyListTests {
    @Test func readsXMLAndBinaryStringsTables() throws {
        let directory = try PythonPlistOracle.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = """
        value = {"greeting": "Bonjour", "quote": "He said \\"hi\\"", "é": "ü 😀"}
        open(sys.argv[1] + "/x.strings", "wb").write(plistlib.dumps(value, fmt=plistlib.FMT_XML, sort_keys=False))
        open(sys.argv[1] + "/b.strings", "wb").write(plistlib.dumps(value, fmt=plistlib.FMT_BINARY, sort_keys=False))
        """
        _ = try PythonPlistOracle.run(script, arguments: [directory.path])
        let expected = ["greeting": "Bonjour", "quote": "He said \"hi\"", "é": "ü 😀"]
        let xml = try StringsTableParser.parse(try Data(contentsOf: directory.appendingPathComponent("x.strings")))
        #expect(xml.format == .xmlPropertyList)
        #expect(xml.values == expected)
        // plistlib writes the root <dict> on line 4, then one <key> per two lines.
        #expect(xml.entries.map(\.key) == ["greeting", "quote", "é"])
        #expect(xml.entries.map(\.line) == [5, 7, 9])
        let binary = try StringsTableParser.parse(try Data(contentsOf: directory.appendingPathComponent("b.strings")))
        #expect(binary.format == .binaryPropertyList)
        #expect(binary.values == expected)
        #expect(binary.entries.allSatisfy { $0.line == 0 })
    }

    @Test func rejectsNonStringValueNamingTheKey() throws {
        let xml = "<?xml version=\"1.0\"?>\n<plist>\n<dict>\n<key>ok</key><string>v</string>\n<key>count</key><integer>3</integer>\n</dict>\n</plist>"
        do {
            _ = try StringsTableParser.parse(Data(xml.utf8), path: "Localizable.strings")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .structure)
            #expect(error.line == 5)
            #expect(error.reason.contains("\"count\""))
            #expect(error.reason.contains("an integer"))
        }
    }

    @Test func rejectsXMLRootThatIsNotADictionary() throws {
        let xml = "<plist><string>x</string></plist>"
        #expect(throws: TableError.self) { try StringsTableParser.parse(Data(xml.utf8)) }
    }
}
