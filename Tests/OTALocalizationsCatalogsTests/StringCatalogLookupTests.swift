import Foundation
import Testing
@testable import OTALocalizationsCatalogs

/// The values lookups resolve from compiled tables: plain strings through a real `Foundation.Bundle`, plural,
/// substitution and device entries through a small resolver that follows Apple's `.stringsdict` format
/// (Apple: "Stringsdict File Format"), because swift-corelibs-foundation crashes on `.stringsdict` lookups
/// (docs/apple-platform.md X3). Plural categories for the sample counts come from CLDR `plurals.xml` (written by hand
/// below, never computed by the code under test).
@Suite struct StringCatalogLookupTests {
    /// CLDR plural categories of sample integers (unicode-org/cldr `common/supplemental/plurals.xml`).
    static let cldr: [String: [Int: String]] = [
        "en": [0: "other", 1: "one", 2: "other", 5: "other"],
        "ru": [0: "many", 1: "one", 2: "few", 4: "few", 5: "many", 11: "many", 21: "one", 22: "few"],
        "ar": [0: "zero", 1: "one", 2: "two", 3: "few", 10: "few", 11: "many", 99: "many", 100: "other", 102: "other"],
    ]

    /// Resolves a `.stringsdict` entry as Foundation does for `String.localizedStringWithFormat` with integer
    /// arguments: each `%#@var@` picks the variable's case for its argument's CLDR category (`other` when the
    /// category is missing), device rules pick the device's case, and the result is formatted with the arguments.
    static func resolve(_ entry: Any, language: String, device: String, arguments: [Int]) -> String? {
        guard let dictionary = entry as? NSDictionary else { return (entry as? String).map { format($0, arguments) } }
        if let devices = dictionary["NSStringDeviceSpecificRuleType"] as? NSDictionary {
            guard let chosen = devices[device] else { return nil }
            return resolve(chosen, language: language, device: device, arguments: arguments)
        }
        guard var text = dictionary["NSStringLocalizedFormatKey"] as? String else { return nil }
        // Variables in order; an unnumbered one takes the next argument, as printf does.
        var nextArgument = 1
        while let range = text.range(of: #"%([0-9]+\$)?#@[^@]+@"#, options: .regularExpression) {
            let token = String(text[range])
            let name = String(token[token.range(of: "#@")!.upperBound...].dropLast())
            var position = nextArgument
            if let dollar = token.firstIndex(of: "$") {
                position = Int(token[token.index(after: token.startIndex)..<dollar])!
            } else {
                nextArgument += 1
            }
            guard let variable = dictionary[name] as? NSDictionary,
                  let category = cldr[language]?[arguments[position - 1]] else { return nil }
            let choice = (variable[category] ?? variable["other"]) as? String ?? ""
            text.replaceSubrange(range, with: choice)
        }
        return format(text, arguments)
    }

    static func format(_ text: String, _ arguments: [Int]) -> String {
        String(format: text, arguments: arguments.map { $0 as CVarArg })
    }

    static func tables(_ json: String) throws -> [String: (strings: NSDictionary, stringsDict: NSDictionary)] {
        try CatalogTestSupport.compile(json).mapValues { table in
            (try table.strings.map(CatalogTestSupport.foundationPlist) ?? [:],
             try table.stringsDict.map(CatalogTestSupport.foundationPlist) ?? [:])
        }
    }

    @Test func arabicPluralResolvesEachCLDRCategory() throws {
        let tables = try Self.tables(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {"%lld files": {"localizations": {
          "ar": {"variations": {"plural": {
            "zero": {"stringUnit": {"state": "translated", "value": "لا ملفات"}},
            "one": {"stringUnit": {"state": "translated", "value": "ملف واحد"}},
            "two": {"stringUnit": {"state": "translated", "value": "ملفان"}},
            "few": {"stringUnit": {"state": "translated", "value": "%lld ملفات"}},
            "many": {"stringUnit": {"state": "translated", "value": "%lld ملفًا"}},
            "other": {"stringUnit": {"state": "translated", "value": "%lld ملف"}}}}}}}}}
        """#)
        let entry = try #require(tables["ar"]?.stringsDict["%lld files"])
        let expected: [Int: String] = [
            0: "لا ملفات", 1: "ملف واحد", 2: "ملفان", 3: "3 ملفات", 10: "10 ملفات",
            11: "11 ملفًا", 99: "99 ملفًا", 100: "100 ملف", 102: "102 ملف",
        ]
        for (count, text) in expected {
            #expect(Self.resolve(entry, language: "ar", device: "iphone", arguments: [count]) == text, "count \(count)")
        }
    }

    @Test func russianSubstitutionsResolveEachArgumentIndependently() throws {
        let tables = try Self.tables(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {"moves": {"localizations": {"ru": {
          "stringUnit": {"state": "translated", "value": "%#@leaving@ отсюда · %#@arriving@ сюда"},
          "substitutions": {
            "leaving": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "%arg предмет уезжает"}},
              "few": {"stringUnit": {"state": "translated", "value": "%arg предмета уезжают"}},
              "many": {"stringUnit": {"state": "translated", "value": "%arg предметов уезжают"}}}}},
            "arriving": {"argNum": 2, "formatSpecifier": "lld", "variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "%arg приезжает"}},
              "other": {"stringUnit": {"state": "translated", "value": "%arg приезжают"}}}}}}}}}}}
        """#)
        let entry = try #require(tables["ru"]?.stringsDict["moves"])
        #expect(Self.resolve(entry, language: "ru", device: "iphone", arguments: [1, 5]) == "1 предмет уезжает отсюда · 5 приезжают сюда")
        #expect(Self.resolve(entry, language: "ru", device: "iphone", arguments: [22, 21]) == "22 предмета уезжают отсюда · 21 приезжает сюда")
        #expect(Self.resolve(entry, language: "ru", device: "iphone", arguments: [11, 2]) == "11 предметов уезжают отсюда · 2 приезжают сюда")
    }

    @Test func deviceCasesResolvePerDeviceAndOtherDevicesUseTheFallback() throws {
        let tables = try Self.tables(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {"summary": {"localizations": {"en": {
          "variations": {"device": {
            "iphone": {"stringUnit": {"state": "translated", "value": "%#@posts@ by %#@people@"}},
            "mac": {"variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "%lld post on Mac"}},
              "other": {"stringUnit": {"state": "translated", "value": "%lld posts on Mac"}}}}},
            "other": {"stringUnit": {"state": "translated", "value": "Posts"}}}},
          "substitutions": {
            "posts": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "%arg post"}},
              "other": {"stringUnit": {"state": "translated", "value": "%arg posts"}}}}},
            "people": {"argNum": 2, "formatSpecifier": "lld", "variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "%arg person"}},
              "other": {"stringUnit": {"state": "translated", "value": "%arg people"}}}}}}}}}}}
        """#)
        let en = try #require(tables["en"])
        let entry = try #require(en.stringsDict["summary"])
        #expect(Self.resolve(entry, language: "en", device: "iphone", arguments: [1, 2]) == "1 post by 2 people")
        #expect(Self.resolve(entry, language: "en", device: "iphone", arguments: [5, 1]) == "5 posts by 1 person")
        #expect(Self.resolve(entry, language: "en", device: "mac", arguments: [1]) == "1 post on Mac")
        #expect(Self.resolve(entry, language: "en", device: "mac", arguments: [2]) == "2 posts on Mac")
        #expect(Self.resolve(entry, language: "en", device: "appletv", arguments: [2]) == nil)
        #expect(en.strings["summary"] as? String == "Posts")
    }

    @Test func plainStringsResolveThroughFoundationBundleAndMissingKeysReturnTheKey() throws {
        let tables = try CatalogTestSupport.compile(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "title": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Timeline & more"}}}},
          "untranslated": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Nur Deutsch"}}}},
          "draft": {"localizations": {"en": {"stringUnit": {"state": "new", "value": "Draft"}}}}}}
        """#)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-bundle-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let lproj = folder.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        try #require(tables["en"]?.strings).write(to: lproj.appendingPathComponent("Localizable.strings"))
        #expect(tables["en"]?.stringsDict == nil)
        let info = try PropertyListSerialization.data(
            fromPropertyList: ["CFBundleDevelopmentRegion": "en", "CFBundleIdentifier": "test.catalog.\(UUID().uuidString)"],
            format: .xml, options: 0)
        try info.write(to: folder.appendingPathComponent("Info.plist"))
        let bundle = try #require(Bundle(url: folder))
        #expect(bundle.localizedString(forKey: "title", value: nil, table: "Localizable") == "Timeline & more")
        #expect(bundle.localizedString(forKey: "untranslated", value: nil, table: "Localizable") == "untranslated")
        #expect(bundle.localizedString(forKey: "draft", value: nil, table: "Localizable") == "draft")
    }
}

/// Real entries of IceCubesApp's catalog resolve to the text a user sees.
@Suite struct StringCatalogIceCubesLookupTests {
    @Test func twoPluralSubstitutionsInOneStringResolve() throws {
        let url = CatalogTestSupport.sharedDirectory
            .appendingPathComponent("corpus/Dimillian__IceCubesApp/IceCubesApp/Resources/Localization/Localizable.xcstrings")
        let catalog = try StringCatalog(bytes: try Data(contentsOf: url), path: url.path)
        let tables = try StringCatalogCompiler.compile(catalog, tableName: "Localizable")
        let en = try #require(tables.first { $0.localization == "en" })
        let dictionary = try CatalogTestSupport.foundationPlist(try #require(en.stringsDict))
        let entry = try #require(dictionary["design.tag.n-posts-from-n-participants %lld %lld"])
        #expect(StringCatalogLookupTests.resolve(entry, language: "en", device: "iphone", arguments: [1, 5]) == "1 posts from 5 participants")
        let platform = try #require(dictionary["settings.display.section.platform"] as? NSDictionary)
        let devices = try #require(platform["NSStringDeviceSpecificRuleType"] as? NSDictionary)
        #expect(devices == ["applevision": "Apple Vision", "ipad": "iPad", "iphone": "iPhone", "mac": "Mac"] as NSDictionary)
    }
}
