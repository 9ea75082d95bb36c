import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager
import Testing

/// What `diff` compares of a key: the leaves of a `.stringsdict` entry, and a `.strings` value.
@Suite struct StringsValueTests {
    @Test func aPluralEntryIsItsFormatKeyAndEveryStringOfItsRule() throws {
        // Given: an entry as Apple's "Stringsdict File Format" page shows one, parsed by the package's reader.
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
                <key>files</key>
                <dict>
                    <key>NSStringLocalizedFormatKey</key><string>%#@count@ in %@</string>
                    <key>count</key>
                    <dict>
                        <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                        <key>NSStringFormatValueTypeKey</key><string>ld</string>
                        <key>other</key><string>%ld files</string>
                        <key>one</key><string>%ld file</string>
                        <key>zero</key><string>No files</string>
                    </dict>
                </dict>
            </dict>
            </plist>
            """
        guard case .stringsDict(let table) = try LocalizationTable.parse(Data(xml.utf8), path: "en.lproj/Localizable.stringsdict") else {
            Issue.record("not read as a .stringsdict")
            return
        }
        let value = StringsValue(propertyList: try #require(table.entries["files"]))

        // Then: six leaves, read format key first, then the forms in CLDR order, then the rule's keys.
        #expect(value.sortedPaths == [
            ["NSStringLocalizedFormatKey"], ["count", "zero"], ["count", "one"], ["count", "other"],
            ["count", "NSStringFormatSpecTypeKey"], ["count", "NSStringFormatValueTypeKey"],
        ])
        #expect(value.leaves[["NSStringLocalizedFormatKey"]] == "%#@count@ in %@")
        #expect(value.leaves[["count", "zero"]] == "No files")
        #expect(value.leaves[["count", "NSStringFormatValueTypeKey"]] == "ld")
    }

    @Test func leavesThatAreNotStringsAreWrittenAsTextAndEmptyContainersKept() {
        let value = StringsValue(propertyList: .dictionary([
            "n": .integer(42), "flag": .bool(true), "empty": .dictionary([:]), "list": .array([]),
        ]))
        #expect(value.leaves == [["n"]: "42", ["flag"]: "true", ["empty"]: "{}", ["list"]: "[]"])
    }

    @Test func aStringsValueIsOneLeafAtTheEmptyPath() {
        #expect(StringsValue(text: "Panier").leaves == [[]: "Panier"])
        #expect(StringsValue(text: "Panier") != StringsValue(text: "Panier "))
    }
}
