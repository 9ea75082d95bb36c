import Foundation
import Testing
@testable import OTALocalizationsCatalogs

/// One small catalog per feature, each compiled and compared byte for byte with what Python's `plistlib`
/// writes for the tables docs/string-catalogs.md says Xcode produces.
@Suite struct StringCatalogCompilerTests {
    @Test func plainStringUnitsGoToStringsOnly() throws {
        try CatalogTestSupport.expectTables(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "greeting": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Hello"}},
            "de": {"stringUnit": {"state": "translated", "value": "Hallo"}}}},
          "farewell %@": {"comment": "shown at the end", "localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Bye, %@ & <friends>"}},
            "de": {"stringUnit": {"state": "translated", "value": "Tschüss, %@"}}}}
        }}
        """#, [
            "en": (#"{"farewell %@": "Bye, %@ & <friends>", "greeting": "Hello"}"#, nil),
            "de": (#"{"farewell %@": "Tschüss, %@", "greeting": "Hallo"}"#, nil),
        ])
    }

    @Test func pluralVariationKeepsEveryCategoryUnderValue() throws {
        // Arabic uses all six CLDR categories; zh-Hans uses only `other` but keeps `one` (OBSERVED in WhistleYoo).
        try CatalogTestSupport.expectTables(#"""
        {"sourceLanguage": "en", "version": "1.1", "strings": {
          "%lld files": {"localizations": {
            "en": {"variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "%lld file"}},
              "other": {"stringUnit": {"state": "translated", "value": "%lld files"}}}}},
            "ar": {"variations": {"plural": {
              "other": {"stringUnit": {"state": "translated", "value": "%lld ملف"}},
              "zero": {"stringUnit": {"state": "translated", "value": "لا ملفات"}},
              "one": {"stringUnit": {"state": "translated", "value": "ملف واحد"}},
              "two": {"stringUnit": {"state": "translated", "value": "ملفان"}},
              "few": {"stringUnit": {"state": "translated", "value": "%lld ملفات"}},
              "many": {"stringUnit": {"state": "translated", "value": "%lld ملفًا"}}}}},
            "zh-Hans": {"variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "%lld 个文件"}},
              "other": {"stringUnit": {"state": "translated", "value": "%lld 个文件"}}}}}}}
        }}
        """#, [
            "en": (nil, #"{"%lld files": {"NSStringLocalizedFormatKey": "%#@value@", "value": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "lld", "one": "%lld file", "other": "%lld files"}}}"#),
            "ar": (nil, #"{"%lld files": {"NSStringLocalizedFormatKey": "%#@value@", "value": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "lld", "zero": "لا ملفات", "one": "ملف واحد", "two": "ملفان", "few": "%lld ملفات", "many": "%lld ملفًا", "other": "%lld ملف"}}}"#),
            "zh-Hans": (nil, #"{"%lld files": {"NSStringLocalizedFormatKey": "%#@value@", "value": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "lld", "one": "%lld 个文件", "other": "%lld 个文件"}}}"#),
        ])
    }

    @Test func pluralWithSeveralArgumentsNamesTheCountPosition() throws {
        // Xcode 26.6 experiment (docs/string-catalogs.md, "Plural variations"): `%1$@ has %2$lld item` → `%2$#@value@`.
        try CatalogTestSupport.expectTables(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "inbox": {"localizations": {"en": {"variations": {"plural": {
            "one": {"stringUnit": {"state": "translated", "value": "%1$@ has %2$lld item"}},
            "other": {"stringUnit": {"state": "translated", "value": "%1$@ has %2$lld items"}}}}}}},
          "unordered": {"localizations": {"en": {"variations": {"plural": {
            "one": {"stringUnit": {"state": "translated", "value": "%@ has %d item"}},
            "other": {"stringUnit": {"state": "translated", "value": "%@ has %d items"}}}}}}}
        }}
        """#, [
            "en": (nil, #"""
            {"inbox": {"NSStringLocalizedFormatKey": "%2$#@value@", "value": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "lld", "one": "%1$@ has %2$lld item", "other": "%1$@ has %2$lld items"}},
             "unordered": {"NSStringLocalizedFormatKey": "%2$#@value@", "value": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "d", "one": "%@ has %d item", "other": "%@ has %d items"}}}
            """#),
        ])
    }

    @Test func pluralWithoutSpecifierInTranslationTakesTheSourceValueType() throws {
        try CatalogTestSupport.expectTables(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "photos": {"localizations": {
            "en": {"variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "One photo"}},
              "other": {"stringUnit": {"state": "translated", "value": "%ld photos"}}}}},
            "fr": {"variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "Une photo"}},
              "other": {"stringUnit": {"state": "translated", "value": "Des photos"}}}}}}}
        }}
        """#, [
            "en": (nil, #"{"photos": {"NSStringLocalizedFormatKey": "%#@value@", "value": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "ld", "one": "One photo", "other": "%ld photos"}}}"#),
            "fr": (nil, #"{"photos": {"NSStringLocalizedFormatKey": "%#@value@", "value": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "ld", "one": "Une photo", "other": "Des photos"}}}"#),
        ])
    }

    @Test func deviceVariationPutsOtherInStringsAndDevicesInStringsDict() throws {
        // Device keys as Xcode names them (NetNewsWire uses all eight): iphone ipad ipod mac appletv applewatch
        // applevision other.
        try CatalogTestSupport.expectTables(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "platform": {"localizations": {"en": {"variations": {"device": {
            "iphone": {"stringUnit": {"state": "translated", "value": "iPhone"}},
            "ipad": {"stringUnit": {"state": "translated", "value": "iPad"}},
            "ipod": {"stringUnit": {"state": "translated", "value": "iPod"}},
            "mac": {"stringUnit": {"state": "translated", "value": "Mac"}},
            "appletv": {"stringUnit": {"state": "translated", "value": "Apple TV"}},
            "applewatch": {"stringUnit": {"state": "translated", "value": "Apple Watch"}},
            "applevision": {"stringUnit": {"state": "translated", "value": "Apple Vision"}},
            "other": {"stringUnit": {"state": "translated", "value": "Device"}}}}}}},
          "tap": {"localizations": {"en": {"variations": {"device": {
            "mac": {"stringUnit": {"state": "translated", "value": "Click"}},
            "iphone": {"stringUnit": {"state": "translated", "value": "Tap"}}}}}}}
        }}
        """#, [
            "en": (
                #"{"platform": "Device"}"#,
                #"""
                {"platform": {"NSStringDeviceSpecificRuleType": {"appletv": "Apple TV", "applevision": "Apple Vision", "applewatch": "Apple Watch", "ipad": "iPad", "iphone": "iPhone", "ipod": "iPod", "mac": "Mac"}},
                 "tap": {"NSStringDeviceSpecificRuleType": {"iphone": "Tap", "mac": "Click"}}}
                """#),
        ])
    }

    @Test func deviceWithOnlyOtherIsAPlainString() throws {
        try CatalogTestSupport.expectTables(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "only": {"localizations": {"en": {"variations": {"device": {
            "other": {"stringUnit": {"state": "translated", "value": "Everywhere"}}}}}}}
        }}
        """#, ["en": (#"{"only": "Everywhere"}"#, nil)])
    }

    @Test func substitutionsGainArgumentNumbersAndFormatSpecifiers() throws {
        // YDelivery (OBSERVED on a built app): `%#@leaving@` → `%1$#@leaving@`, `%arg` → `%1$lld`.
        try CatalogTestSupport.expectTables(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "moves": {"localizations": {"ru": {
            "stringUnit": {"state": "translated", "value": "%#@leaving@ отсюда · %#@arriving@ сюда"},
            "substitutions": {
              "leaving": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "%arg предмет уезжает"}},
                "few": {"stringUnit": {"state": "translated", "value": "%arg предмета уезжают"}},
                "many": {"stringUnit": {"state": "translated", "value": "%arg предметов уезжают"}},
                "other": {"stringUnit": {"state": "translated", "value": "%arg предмета уезжают"}}}}},
              "arriving": {"argNum": 2, "formatSpecifier": "d", "variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "%arg приезжает"}},
                "other": {"stringUnit": {"state": "translated", "value": "%arg приезжают"}}}}}}}}},
          "followers": {"localizations": {"en": {
            "stringUnit": {"state": "translated", "value": "%#@followers@"},
            "substitutions": {"followers": {"formatSpecifier": "lld", "variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "%2$@ follower"}},
              "other": {"stringUnit": {"state": "translated", "value": "%arg followers"}}}}}}}}}
        }}
        """#, [
            "ru": (nil, #"""
            {"moves": {"NSStringLocalizedFormatKey": "%1$#@leaving@ отсюда · %2$#@arriving@ сюда",
              "leaving": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "lld",
                "one": "%1$lld предмет уезжает", "few": "%1$lld предмета уезжают", "many": "%1$lld предметов уезжают", "other": "%1$lld предмета уезжают"},
              "arriving": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "d",
                "one": "%2$d приезжает", "other": "%2$d приезжают"}}}
            """#),
            "en": (nil, #"""
            {"followers": {"NSStringLocalizedFormatKey": "%#@followers@",
              "followers": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "lld",
                "one": "%2$@ follower", "other": "%lld followers"}}}
            """#),
        ])
    }

    @Test func substitutionsAndPluralsNestInsideDeviceVariations() throws {
        try CatalogTestSupport.expectTables(#"""
        {"sourceLanguage": "en", "version": "1.2", "strings": {
          "summary": {"localizations": {"en": {
            "variations": {"device": {
              "iphone": {"stringUnit": {"state": "translated", "value": "%#@posts@ by %#@people@"}},
              "mac": {"stringUnit": {"state": "translated", "value": "%#@posts@ from %#@people@ on Mac"}},
              "ipad": {"stringUnit": {"state": "translated", "value": "Many posts"}},
              "other": {"stringUnit": {"state": "translated", "value": "Posts"}}}},
            "substitutions": {
              "posts": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "%arg post"}},
                "other": {"stringUnit": {"state": "translated", "value": "%arg posts"}}}}},
              "people": {"argNum": 2, "formatSpecifier": "lld", "variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "%arg person"}},
                "other": {"stringUnit": {"state": "translated", "value": "%arg people"}}}}}}}}},
          "items": {"localizations": {"en": {"variations": {"device": {
            "applewatch": {"variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "%lld item"}},
              "other": {"stringUnit": {"state": "translated", "value": "%lld items"}}}}},
            "other": {"stringUnit": {"state": "translated", "value": "Items"}}}}}}}
        }}
        """#, [
            "en": (
                #"{"items": "Items", "summary": "Posts"}"#,
                #"""
                {"summary": {"NSStringDeviceSpecificRuleType": {
                   "ipad": "Many posts",
                   "iphone": {"NSStringLocalizedFormatKey": "%1$#@posts@ by %2$#@people@",
                     "posts": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "lld", "one": "%1$lld post", "other": "%1$lld posts"},
                     "people": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "lld", "one": "%2$lld person", "other": "%2$lld people"}},
                   "mac": {"NSStringLocalizedFormatKey": "%1$#@posts@ from %2$#@people@ on Mac",
                     "posts": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "lld", "one": "%1$lld post", "other": "%1$lld posts"},
                     "people": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "lld", "one": "%2$lld person", "other": "%2$lld people"}}}},
                 "items": {"NSStringDeviceSpecificRuleType": {
                   "applewatch": {"NSStringLocalizedFormatKey": "%#@value@",
                     "value": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "lld", "one": "%lld item", "other": "%lld items"}}}}}
                """#),
        ])
    }

    @Test func keysWithoutValueInALanguageAreNotEmitted() throws {
        // `de` has no value for `b` (and `c` has no localizations at all): nothing is written, so a lookup
        // returns the key, as on device. `fr` has nothing at all: no table.
        try CatalogTestSupport.expectTables(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "a": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "A"}},
            "de": {"stringUnit": {"state": "translated", "value": "A-de"}},
            "fr": {"variations": {"plural": {}}}}},
          "b": {"extractionState": "manual", "localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "B %@"}}}},
          "c": {},
          "": {},
          "d": {"localizations": {"de": {"stringUnit": {"state": "translated"}}}}
        }}
        """#, [
            "en": (#"{"a": "A", "b": "B %@"}"#, nil),
            "de": (#"{"a": "A-de"}"#, nil),
        ])
    }

    @Test func shouldTranslateFalseCompilesLikeAnyOtherKey() throws {
        try CatalogTestSupport.expectTables(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "OK": {"shouldTranslate": false, "localizations": {"en": {"stringUnit": {"state": "translated", "value": "OK"}}}},
          "%@": {"shouldTranslate": false},
          "Brand": {"shouldTranslate": false, "localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Brand"}},
            "ja": {"stringUnit": {"state": "translated", "value": "ブランド"}}}}
        }}
        """#, [
            "en": (#"{"Brand": "Brand", "OK": "OK"}"#, nil),
            "ja": (#"{"Brand": "ブランド"}"#, nil),
        ])
    }

    @Test func namedArgumentsAreCompiledAway() throws {
        // Xcode 26 named arguments (docs/string-catalogs.md, "Named arguments").
        try CatalogTestSupport.expectTables(#"""
        {"sourceLanguage": "en", "version": "1.2", "strings": {
          "used": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "%(used)lld of %1$(limit)lld"}}}},
          "boosts": {"localizations": {"en": {"variations": {"plural": {
            "one": {"stringUnit": {"state": "translated", "value": "%(count)lld boost"}},
            "other": {"stringUnit": {"state": "translated", "value": "%(count)lld boosts"}}}}}}},
          "shared": {"localizations": {"en": {"variations": {"plural": {
            "one": {"stringUnit": {"state": "translated", "value": "%(name)@ shared %(count)lld post"}},
            "other": {"stringUnit": {"state": "translated", "value": "%(name)@ shared %(count)lld posts"}}}}}}}
        }}
        """#, [
            "en": (
                #"{"used": "%lld of %1$lld"}"#,
                #"""
                {"boosts": {"NSStringLocalizedFormatKey": "%#@value@", "value": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "lld", "one": "%lld boost", "other": "%lld boosts"}},
                 "shared": {"NSStringLocalizedFormatKey": "%2$#@value@", "value": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "lld", "one": "%1$@ shared %2$lld post", "other": "%1$@ shared %2$lld posts"}}}
                """#),
        ])
    }

    @Test func namedArgumentsWithArgumentWidthsOrWriteBacksAreCompiledAway() throws {
        // The printf grammar's `*m$` width and `%n` (IEEE Std 1003.1 `fprintf`) may carry a name like any other.
        try CatalogTestSupport.expectTables(#"""
        {"sourceLanguage": "en", "version": "1.2", "strings": {
          "padded": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "%-*2$(count)lld, %(written)n"}}}}
        }}
        """#, ["en": (#"{"padded": "%-*2$lld, %n"}"#, nil)])
    }

    @Test func outputIsByteIdenticalWhateverTheJSONMemberOrder() throws {
        let forward = #"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "b": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "B"}}, "de": {"stringUnit": {"state": "translated", "value": "B-de"}}}},
          "a": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "A-de"}}, "en": {"stringUnit": {"value": "A", "state": "translated"}}}}}}
        """#
        let reversed = #"""
        {"strings": {
          "a": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "A"}}, "de": {"stringUnit": {"state": "translated", "value": "A-de"}}}},
          "b": {"localizations": {"de": {"stringUnit": {"value": "B-de", "state": "translated"}}, "en": {"stringUnit": {"state": "translated", "value": "B"}}}}},
         "version": "1.0", "sourceLanguage": "en"}
        """#
        let first = try StringCatalogCompiler.compile(StringCatalog(bytes: Data(forward.utf8), path: "L.xcstrings"), tableName: "L")
        let again = try StringCatalogCompiler.compile(StringCatalog(bytes: Data(forward.utf8), path: "L.xcstrings"), tableName: "L")
        let other = try StringCatalogCompiler.compile(StringCatalog(bytes: Data(reversed.utf8), path: "L.xcstrings"), tableName: "L")
        #expect(first == again)
        #expect(first == other)
        #expect(first.map(\.localization) == ["de", "en"])
        #expect(first.allSatisfy { $0.tableName == "L" })
    }

    @Test func keysSortByUnicodeScalarsAsPlistlibDoes() throws {
        // "é" precomposed (U+00E9) and decomposed ("e" + U+0301) are different keys, as for Xcode; "Z" < "a" < "é"
        // and an astral emoji sorts after U+FFFD by code point (not by UTF-16 unit).
        try CatalogTestSupport.expectTables(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "\u00e9": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "precomposed"}}}},
          "e\u0301": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "decomposed"}}}},
          "a": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "a"}}}},
          "Z": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Z"}}}},
          "\ud83d\ude00": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "grin"}}}},
          "\ufffd": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "replacement"}}}}
        }}
        """#, [
            "en": (#"{"\u00e9": "precomposed", "e\u0301": "decomposed", "a": "a", "Z": "Z", "\ud83d\ude00": "grin", "\ufffd": "replacement"}"#, nil),
        ])
    }

    @Test func specialCharactersSurviveAsReadByFoundation() throws {
        let json = #"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "k": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "a\tb\nc\r\nd \"q\" 'x' & <y> ]]> \\ 100%% 😀 \u000c\u0001\u0000 "}}}}}}
        """#
        let table = try #require(try CatalogTestSupport.compile(json)["en"])
        let strings = try #require(table.strings)
        let parsed = try CatalogTestSupport.foundationPlist(strings)
        #expect(parsed["k"] as? String == "a\tb\nc\r\nd \"q\" 'x' & <y> ]]> \\ 100%% 😀 \u{0C}\u{01}\u{00} ")
        let text = String(decoding: strings, as: UTF8.self)
        #expect(text.contains("<string>a\tb\nc\r\nd \"q\" 'x' &amp; &lt;y&gt; ]]&gt; \\ 100%% 😀 \u{0C}\u{01}\u{00} </string>"))
    }

    @Test func catalogReportsItsLanguagesAndVersion() throws {
        let catalog = try StringCatalog(bytes: Data(#"""
        {"sourceLanguage": "fr", "version": "1.2", "strings": {
          "x": {"localizations": {"pt-BR": {"stringUnit": {"state": "translated", "value": "x"}}, "de": {"stringUnit": {"state": "new", "value": "x"}}}}}}
        """#.utf8), path: "T.xcstrings")
        #expect(catalog.sourceLanguage == "fr")
        #expect(catalog.version == "1.2")
        #expect(catalog.languages == ["de", "fr", "pt-BR"])
        #expect(catalog.keyLines == ["x": 2])
        let tables = try StringCatalogCompiler.compile(catalog, tableName: "T")
        #expect(tables.map(\.localization) == ["de", "pt-BR"])
    }
}
