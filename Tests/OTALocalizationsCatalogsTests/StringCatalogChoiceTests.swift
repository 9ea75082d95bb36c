import Foundation
import Testing
@testable import OTALocalizationsCatalogs

/// Rules no evidence settles, each chosen so a lookup resolves as on device (docs/string-catalogs.md, CHOICE).
@Suite struct StringCatalogChoiceTests {
    @Test func plainSubstitutionBecomesAnOtherOnlyPluralAndMissingSpecifierMeansD() throws {
        try CatalogTestSupport.expectTables(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {"en": {
          "stringUnit": {"state": "translated", "value": "%#@who@ liked %#@n@"},
          "substitutions": {
            "who": {"argNum": 1, "formatSpecifier": "@", "stringUnit": {"state": "translated", "value": "%arg"}},
            "n": {"argNum": 2, "variations": {"plural": {"other": {"stringUnit": {"state": "translated", "value": "%arg posts"}}}}}}}}}}}
        """#, [
            "en": (nil, #"""
            {"k": {"NSStringLocalizedFormatKey": "%1$#@who@ liked %2$#@n@",
              "who": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "@", "other": "%1$@"},
              "n": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "d", "other": "%2$d posts"}}}
            """#),
        ])
    }

    @Test func deviceCasesCarryOnlyTheSubstitutionsTheyReference() throws {
        try CatalogTestSupport.expectTables(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {"en": {
          "variations": {"device": {
            "iphone": {"stringUnit": {"state": "translated", "value": "%#@a@"}},
            "ipad": {"stringUnit": {"state": "translated", "value": "%#@a@ and %#@b@"}}}},
          "substitutions": {
            "a": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {"other": {"stringUnit": {"state": "translated", "value": "%arg A"}}}}},
            "b": {"argNum": 2, "formatSpecifier": "lld", "variations": {"plural": {"other": {"stringUnit": {"state": "translated", "value": "%arg B"}}}}}}}}}}}
        """#, [
            "en": (nil, #"""
            {"k": {"NSStringDeviceSpecificRuleType": {
              "iphone": {"NSStringLocalizedFormatKey": "%1$#@a@",
                "a": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "lld", "other": "%1$lld A"}},
              "ipad": {"NSStringLocalizedFormatKey": "%1$#@a@ and %2$#@b@",
                "a": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "lld", "other": "%1$lld A"},
                "b": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "lld", "other": "%2$lld B"}}}}}
            """#),
        ])
    }

    @Test func pluralValueTypeFallsBackToTheFirstCaseWithANumber() throws {
        try CatalogTestSupport.expectTables(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {"en": {"variations": {"plural": {
          "other": {"stringUnit": {"state": "translated", "value": "Lots"}},
          "one": {"stringUnit": {"state": "translated", "value": "%u thing"}}}}}}}}}
        """#, [
            "en": (nil, #"""
            {"k": {"NSStringLocalizedFormatKey": "%#@value@", "value": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "u", "one": "%u thing", "other": "Lots"}}}
            """#),
        ])
    }
}

/// The reader survives hostile input: truncated real catalogs and deep nesting fail with `invalid-json`.
@Suite struct StringCatalogRobustnessTests {
    @Test func truncatedCatalogsFailWithAPositionInsteadOfCrashing() throws {
        let url = CatalogTestSupport.sharedDirectory
            .appendingPathComponent("corpus/owncloud__ios-app/ownCloud File Provider/Localizable.xcstrings")
        let bytes = try Data(contentsOf: url)
        var cut = 0
        while cut < bytes.count - 1 {
            do {
                _ = try StringCatalog(bytes: bytes.prefix(cut), path: "cut.xcstrings")
                Issue.record("prefix of \(cut) bytes was accepted")
            } catch {
                #expect(error.code == .invalidJSON)
                #expect(error.line >= 1)
            }
            cut += 97
        }
    }

    @Test func deepNestingIsRejected() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: CatalogError.self) { try StringCatalog(bytes: Data(deep.utf8), path: "deep.xcstrings") }
    }
}

/// JSON members written twice (allowed by RFC 8259, never written by Xcode): the later one wins, as in
/// Foundation's `JSONSerialization` and Python's `json`.
@Suite struct StringCatalogDuplicateMemberTests {
    @Test func laterDuplicateMembersWin() throws {
        try CatalogTestSupport.expectTables(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "k": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "first"}}}},
          "d": {"localizations": {"en": {"variations": {"device": {
            "mac": {"stringUnit": {"state": "translated", "value": "Mac 1"}},
            "mac": {"stringUnit": {"state": "translated", "value": "Mac 2"}}}}},
                                  "de": {"stringUnit": {"state": "translated", "value": "alt"}},
                                  "de": {"stringUnit": {"state": "translated", "value": "neu"}}}},
          "k": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "second"}}}}
        }}
        """#, [
            "en": (#"{"k": "second"}"#, #"{"d": {"NSStringDeviceSpecificRuleType": {"mac": "Mac 2"}}}"#),
            "de": (#"{"d": "neu"}"#, nil),
        ])
    }
}
