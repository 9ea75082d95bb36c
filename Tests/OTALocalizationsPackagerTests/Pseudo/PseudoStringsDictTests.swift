import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing
@testable import OTALocalizationsPackager

/// Pseudo-localized `.stringsdict` tables: each plural rule holds exactly the target language's CLDR categories
/// (CLDR `plurals.xml`: ar zero one two few many other, ja other, fr one many other), keys and non-text values are
/// kept, and the written file is a property list Python's `plistlib` reads.
@Suite struct PseudoStringsDictTests {
    static let development = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>files</key>
            <dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@files@ in %1$#@folders@</string>
                <key>files</key>
                <dict>
                    <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                    <key>NSStringFormatValueTypeKey</key><string>d</string>
                    <key>zero</key><string>No files</string>
                    <key>one</key><string>One file</string>
                    <key>other</key><string>%d files</string>
                </dict>
                <key>folders</key>
                <dict>
                    <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                    <key>NSStringFormatValueTypeKey</key><string>ld</string>
                    <key>other</key><string>%ld folders</string>
                </dict>
            </dict>
            <key>title</key><string>Files</string>
        </dict>
        </plist>
        """

    static func source() throws -> LoadedTable {
        let bytes = Data(development.utf8)
        return LoadedTable(
            bundlePath: "en.lproj/Files.stringsdict", localization: "en", tableName: "Files", sourcePath: "en.lproj/Files.stringsdict",
            bytes: bytes, table: try LocalizationTable.parse(bytes, path: "en.lproj/Files.stringsdict"), isCompiled: false)
    }

    /// Python's reading of the written table: each rule's sorted form keys, and the entry's other strings.
    static func pythonView(_ table: LoadedTable) throws -> String {
        let folder = try TemporaryDirectory("pseudo-plist")
        defer { folder.remove() }
        let file = try folder.write("Files.stringsdict", table.bytes)
        return try ExternalTool.pythonBlocking("""
            import sys, plistlib
            p = plistlib.loads(open(sys.argv[1], "rb").read())
            e = p["files"]
            print(e["NSStringLocalizedFormatKey"])
            for name in ("files", "folders"):
                r = e[name]
                print(name, r["NSStringFormatSpecTypeKey"], r["NSStringFormatValueTypeKey"],
                      " ".join(k for k in ("zero", "one", "two", "few", "many", "other") if k in r),
                      sorted(k for k in r if not k.startswith("NSString")) == sorted(k for k in r if k in ("zero", "one", "two", "few", "many", "other")))
            print(p["title"])
            """, [file.path])
    }

    @Test(arguments: [
        ("ar", "zero one two few many other"),
        ("ja", "other"),
        ("fr", "one many other"),
        ("ru", "one few many other"),
        ("en", "one other"),
        ("pt-PT", "one many other"),
    ])
    func eachRuleHoldsExactlyTheLanguagesCLDRCategories(_ localization: String, _ categories: String) throws {
        let table = try PseudoLocalization.table(from: Self.source(), localization: localization)
        #expect(table.bundlePath == "\(localization).lproj/Files.stringsdict")
        #expect(try Self.pythonView(table) == """
            [%#@files@ îñ %1$#@folders@··]
            files NSStringPluralRuleType d \(categories) True
            folders NSStringPluralRuleType ld \(categories) True
            [Ƒîļéš··]

            """)
    }

    @Test func formsComeFromTheSameCategoryElseOther() throws {
        let table = try PseudoLocalization.table(from: Self.source(), localization: "ar")
        guard case .stringsDict(let parsed) = table.table,
              let rule = parsed.entries["files"]?.dictionaryValue?["files"]?.dictionaryValue else {
            Issue.record("not a .stringsdict with the rule files")
            return
        }
        #expect(rule["zero"] == .string("[Ñö ƒîļéš···]"))
        #expect(rule["one"] == .string("[Öñé ƒîļé···]"))
        for category in ["two", "few", "many", "other"] {
            #expect(rule[category] == .string("[%d ƒîļéš··]"), "\(category)")
        }
    }

    @Test func aLanguageWithoutCLDRRulesKeepsTheDevelopmentCategories() throws {
        let table = try PseudoLocalization.table(from: Self.source(), localization: "tlh")
        #expect(try Self.pythonView(table).split(separator: "\n")[1] == "files NSStringPluralRuleType d zero one other True")
    }
}
