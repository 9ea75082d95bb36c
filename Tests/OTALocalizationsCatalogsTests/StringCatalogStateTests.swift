import Foundation
import Testing
@testable import OTALocalizationsCatalogs

/// What Xcode does with each `state` and `extractionState` (docs/string-catalogs.md, "Which keys are emitted" and
/// "Not supported, or different from a given Xcode").
@Suite struct StringCatalogStateTests {
    static let catalog = #"""
    {"sourceLanguage": "en", "version": "1.0", "strings": {
      "src.new.absent": {"localizations": {
        "en": {"stringUnit": {"state": "new", "value": "dropped: source new, no extractionState"}},
        "de": {"stringUnit": {"state": "translated", "value": "kept"}}}},
      "src.new.extracted": {"extractionState": "extracted_with_value", "localizations": {
        "en": {"stringUnit": {"state": "new", "value": "dropped: source new, extracted_with_value"}},
        "de": {"stringUnit": {"state": "new", "value": "kept: non-source new"}}}},
      "src.new.manual": {"extractionState": "manual", "localizations": {
        "en": {"stringUnit": {"state": "new", "value": "kept: source new, manual"}}}},
      "src.new.stale": {"extractionState": "stale", "localizations": {
        "en": {"stringUnit": {"state": "new", "value": "dropped: source new, stale"}}}},
      "needs.review": {"localizations": {
        "en": {"stringUnit": {"state": "needs_review", "value": "kept: source needs_review"}},
        "de": {"stringUnit": {"state": "needs_review", "value": "kept: needs_review"}}}},
      "stale.unit": {"localizations": {
        "en": {"stringUnit": {"state": "stale", "value": "kept: stale unit"}},
        "de": {"stringUnit": {"state": "reviewed", "value": "kept: unknown state"}}}},
      "stale.extraction": {"extractionState": "stale", "localizations": {
        "en": {"stringUnit": {"state": "translated", "value": "kept: stale extraction"}},
        "de": {"stringUnit": {"value": "kept: no state"}}}},
      "empty.new": {"localizations": {"de": {"stringUnit": {"state": "new", "value": ""}}}},
      "src.new.plural": {"localizations": {"en": {"variations": {"plural": {
        "one": {"stringUnit": {"state": "new", "value": "%lld thing"}},
        "other": {"stringUnit": {"state": "new", "value": "%lld things"}}}}}}}
    }}
    """#

    @Test func sourceNewIsDroppedUnlessManualAndEveryOtherStateIsKept() throws {
        try CatalogTestSupport.expectTables(Self.catalog, [
            "en": (
                #"""
                {"src.new.manual": "kept: source new, manual", "needs.review": "kept: source needs_review",
                 "stale.unit": "kept: stale unit", "stale.extraction": "kept: stale extraction"}
                """#,
                #"""
                {"src.new.plural": {"NSStringLocalizedFormatKey": "%#@value@", "value": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "lld", "one": "%lld thing", "other": "%lld things"}}}
                """#),
            "de": (
                #"""
                {"empty.new": "", "src.new.absent": "kept", "src.new.extracted": "kept: non-source new", "needs.review": "kept: needs_review",
                 "stale.unit": "kept: unknown state", "stale.extraction": "kept: no state"}
                """#,
                nil),
        ])
    }

    @Test func aSourceLanguageMadeOnlyOfNewStringsGetsNoTable() throws {
        // duckduckgo macOS / kouki-dan (OBSERVED): every source string `new` + `extracted_with_value` → no en table.
        let tables = try CatalogTestSupport.compile(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "Close": {"extractionState": "extracted_with_value", "localizations": {
            "en": {"stringUnit": {"state": "new", "value": "Close"}},
            "fr": {"stringUnit": {"state": "translated", "value": "Fermer"}}}}}}
        """#)
        #expect(tables.keys.sorted() == ["fr"])
    }
}
