import Foundation
import Testing
@testable import OTALocalizationsCore

@Suite struct LocalizationTableTests {
    @Test func choosesTheParserByExtensionIgnoringCase() throws {
        let strings = try LocalizationTable.parse(Data("\"a\" = \"1\";\n\"a\" = \"2\";\n\"b\";".utf8), path: "en.lproj/Localizable.STRINGS")
        guard case .strings(let table) = strings else {
            Issue.record("expected a strings table")
            return
        }
        #expect(table.entries.count == 3)
        #expect(strings.keyCount == 2)

        let xml = "<plist><dict><key>x</key><string>y</string><key>z</key><dict/></dict></plist>"
        let dict = try LocalizationTable.parse(Data(xml.utf8), path: "fr.lproj/Plurals.StringsDict")
        guard case .stringsDict(let dictTable) = dict else {
            Issue.record("expected a stringsdict table")
            return
        }
        #expect(dictTable.entries["x"] == .string("y"))
        #expect(dict.keyCount == 2)
    }

    @Test func rejectsOtherExtensions() {
        #expect(throws: TableError.self) { try LocalizationTable.parse(Data(), path: "Info.plist") }
        #expect(throws: TableError.self) { try LocalizationTable.parse(Data(), path: "strings") }
    }

    @Test func errorsReadAsPathLineColumn() throws {
        do {
            _ = try LocalizationTable.parse(Data("\"a\" = \"1\"\n\"b\" = \"2\";".utf8), path: "de.lproj/Localizable.strings")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == #"de.lproj/Localizable.strings:1:10: expected ';' after the value of "a", found '"' on line 2"#)
        }
    }

    @Test func parsesFromManyThreadsAtOnce() async throws {
        let text = Data((0..<200).map { "\"key\($0)\" = \"value \($0)\";\n" }.joined().utf8)
        let xml = Data(("<plist><dict>" + (0..<200).map { "<key>k\($0)</key><string>v</string>" }.joined() + "</dict></plist>").utf8)
        let counts = await withTaskGroup(of: Int.self) { group in
            for index in 0..<16 {
                group.addTask {
                    let table = index % 2 == 0
                        ? try? LocalizationTable.parse(text, path: "a.strings")
                        : try? LocalizationTable.parse(xml, path: "a.stringsdict")
                    return table?.keyCount ?? -1
                }
            }
            var all: [Int] = []
            for await count in group { all.append(count) }
            return all
        }
        #expect(counts == Array(repeating: 200, count: 16))
    }

    @Test func parsesLargeTable() throws {
        // 100,000 entries (about 3.5 MB): finishes only if parsing is close to linear.
        var text = ""
        text.reserveCapacity(4_000_000)
        for index in 0..<100_000 { text += "/* c */ \"key\(index)\" = \"value \\\"\(index)\\\"\";\n" }
        let table = try StringsTableParser.parse(Data(text.utf8))
        #expect(table.entries.count == 100_000)
        #expect(table.entries.last?.line == 100_000)
        #expect(table.entries.last?.value == "value \"99999\"")
    }
}
