import Foundation
import Testing
@testable import OTALocalizationsCatalogs

/// Catalogs that are not valid JSON, have a version Xcode does not write, or hold what Xcode rejects at build
/// time fail with a stable code and the position in the catalog.
@Suite struct StringCatalogErrorTests {
    func readError(_ json: String) -> CatalogError? {
        do {
            _ = try StringCatalog(bytes: Data(json.utf8), path: "Bad.xcstrings")
            return nil
        } catch {
            return error
        }
    }

    func compileError(_ json: String) throws -> CatalogError? {
        let catalog = try StringCatalog(bytes: Data(json.utf8), path: "Bad.xcstrings")
        do {
            _ = try StringCatalogCompiler.compile(catalog, tableName: "Bad")
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        // (JSON, line, column) of the first bad character, as Python's json module reports them.
        ("{\n  \"sourceLanguage\": \"en\",\n  \"version\": \"1.0\"\n  \"strings\": {}\n}", 4, 3),     // missing comma
        ("{\"sourceLanguage\": \"en\", \"version\": \"1.0\", \"strings\": {},}", 1, 58),               // trailing comma
        ("{\n\"strings\": {\"ä\": {\"x\": tru}}}", 2, 24),                                           // bad literal, column in characters
        ("{\"a\": \"line\nbreak\"}", 1, 12),                                                      // control character in a string
        ("{\"a\": \"\\q\"}", 1, 8),                                                                // bad escape
        ("{\"a\": \"\\ud800\"}", 1, 8),                                                            // lone surrogate
        ("", 1, 1),
        ("{\"a\": 01}", 1, 8),
        ("{\"a\": \"unterminated}", 1, 7),
    ])
    func invalidJSONReportsLineAndColumn(json: String, line: Int, column: Int) {
        let error = readError(json)
        #expect(error?.code == .invalidJSON)
        #expect(error?.line == line)
        #expect(error?.column == column)
        #expect(error?.path == "Bad.xcstrings")
    }

    @Test func invalidUTF8IsInvalidJSON() throws {
        var bytes = Data("{\"a\": \"x".utf8)
        bytes.append(contentsOf: [0xFF, 0x22, 0x7D])
        #expect(throws: CatalogError.self) { try StringCatalog(bytes: bytes, path: "Bad.xcstrings") }
        do {
            _ = try StringCatalog(bytes: bytes, path: "Bad.xcstrings")
        } catch {
            #expect(error.code == .invalidJSON)
            #expect(error.line == 1)
            #expect(error.column == 9)
        }
    }

    @Test(arguments: ["0.9", "2.0", "1", "1.3"])
    func versionsXcodeDoesNotWriteAreRejected(version: String) {
        let error = readError("{\"sourceLanguage\": \"en\",\n \"version\": \"\(version)\", \"strings\": {}}")
        #expect(error?.code == .unsupportedVersion)
        #expect(error?.line == 2)
        #expect(error?.column == 13)
        #expect(error?.jsonPath == "/version")
    }

    @Test(arguments: ["1.0", "1.1", "1.2"])
    func versionsXcodeWritesAreAccepted(version: String) throws {
        let catalog = try StringCatalog(bytes: Data("{\"sourceLanguage\": \"en\", \"version\": \"\(version)\", \"strings\": {}}".utf8), path: "Ok.xcstrings")
        #expect(catalog.version == version)
        #expect(try StringCatalogCompiler.compile(catalog, tableName: "Ok").isEmpty)
    }

    @Test func wrongShapesAreStructureErrorsWithAPointer() {
        let error = readError(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "a/b~c": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": 5}}}}}}
        """#)
        #expect(error?.code == .structure)
        #expect(error?.jsonPath == "/strings/a~1b~0c/localizations/en/stringUnit/value")
        #expect(error?.key == "a/b~c")
        #expect(error?.language == "en")
        #expect(error?.line == 2)
        #expect(error?.description == "Bad.xcstrings:2:85: value must be a string (en: a/b~c)")
        #expect(readError("[]")?.code == .structure)
        #expect(readError(#"{"version": "1.0", "strings": {}}"#)?.code == .structure)
        #expect(readError(#"{"sourceLanguage": "en", "version": "1.0", "strings": []}"#)?.code == .structure)
    }

    @Test func unknownVariationKindsAndPluralCategoriesAreRejected() {
        let width = readError(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {"en": {"variations": {"width": {}}}}}}}
        """#)
        #expect(width?.code == .unsupportedVariation)
        #expect(width?.jsonPath == "/strings/k/localizations/en/variations/width")
        let category = readError(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {"en": {"variations": {"plural": {"several": {"stringUnit": {"value": "%d"}}}}}}}}}
        """#)
        #expect(category?.code == .invalidPluralCategory)
        #expect(category?.jsonPath == "/strings/k/localizations/en/variations/plural/several")
    }

    @Test func variedPluralCaseIsRejected() throws {
        let error = try compileError(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {"en": {"variations": {"plural": {
          "other": {"variations": {"device": {"mac": {"stringUnit": {"value": "%d"}}}}}}}}}}}}
        """#)
        #expect(error?.code == .variedPluralCase)
        #expect(error?.key == "k")
        #expect(error?.language == "en")
        #expect(error?.jsonPath == "/strings/k/localizations/en/variations/plural/other")
        #expect(error?.line == 2)
    }

    @Test func variedDeviceFallbackIsRejected() throws {
        let varied = try compileError(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {"de": {"variations": {"device": {
          "other": {"variations": {"plural": {"other": {"stringUnit": {"value": "%d"}}}}}}}}}}}}
        """#)
        #expect(varied?.code == .variedFallback)
        #expect(varied?.language == "de")
        let substituted = try compileError(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {"en": {
          "variations": {"device": {"other": {"stringUnit": {"value": "%#@n@"}}}},
          "substitutions": {"n": {"formatSpecifier": "d", "variations": {"plural": {"other": {"stringUnit": {"value": "%arg"}}}}}}}}}}}
        """#)
        #expect(substituted?.code == .variedFallback)
    }

    @Test func sourcePluralMustReferenceTheNumberButTranslationsNeedNot() throws {
        let error = try compileError(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {"en": {"variations": {"plural": {
          "one": {"stringUnit": {"value": "One %@"}}, "other": {"stringUnit": {"value": "Many %@"}}}}}}}}}
        """#)
        #expect(error?.code == .pluralWithoutNumber)
        #expect(try compileError(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {"fr": {"variations": {"plural": {
          "one": {"stringUnit": {"value": "Un"}}, "other": {"stringUnit": {"value": "Plusieurs"}}}}}}}}}
        """#) == nil)
    }

    @Test func undefinedAndNonPluralSubstitutionsAreRejected() throws {
        let undefined = try compileError(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {"en": {
          "stringUnit": {"value": "%#@a@ and %#@b@"},
          "substitutions": {"a": {"argNum": 1, "formatSpecifier": "d", "variations": {"plural": {"other": {"stringUnit": {"value": "%arg"}}}}}}}}}}}
        """#)
        #expect(undefined?.code == .undefinedSubstitution)
        #expect(undefined?.reason.contains("'b'") == true)
        let device = try compileError(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {"en": {
          "stringUnit": {"value": "%#@a@"},
          "substitutions": {"a": {"argNum": 1, "formatSpecifier": "d", "variations": {"device": {"mac": {"stringUnit": {"value": "%arg"}}}}}}}}}}}
        """#)
        #expect(device?.code == .invalidSubstitution)
        #expect(device?.jsonPath == "/strings/k/localizations/en/substitutions/a")
    }
}

/// Positions of keys and localizations, for diagnostics the validator reports against the catalog file.
@Suite struct StringCatalogLocationTests {
    @Test func keysAndLocalizationsHaveLineColumnAndPointer() throws {
        let text = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "a/b" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "x" } }
              }
            }
          },
          "version" : "1.0"
        }
        """
        let catalog = try StringCatalog(bytes: Data(text.utf8), path: "L.xcstrings")
        #expect(catalog.location(ofKey: "a/b") == StringCatalog.Location(line: 4, column: 5, jsonPath: "/strings/a~1b"))
        // A localization's place is its string value: the `"x"` after `"value" :` on line 6 (counted in the text).
        let line6 = String(text.split(separator: "\n")[5])
        let valueColumn = try #require(line6.range(of: "\"x\"")).lowerBound.utf16Offset(in: line6) + 1
        #expect(catalog.location(ofKey: "a/b", language: "de") == StringCatalog.Location(line: 6, column: valueColumn, jsonPath: "/strings/a~1b/localizations/de/stringUnit/value"))
        #expect(catalog.location(ofKey: "a/b", language: "fr") == nil)
        #expect(catalog.location(ofKey: "missing") == nil)
        #expect(catalog.keyLines == ["a/b": 4])
    }

    @Test func aLocalizationAsXcodeWritesItPointsAtItsValueLineAndAPluralFormAtItsCase() throws {
        // Xcode's layout: `"ka" : {` three lines above its `"value"`; a plural case's value deeper still.
        let text = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "files" : {
              "localizations" : {
                "de" : {
                  "variations" : {
                    "plural" : {
                      "one" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%lld Datei"
                        }
                      },
                      "other" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%lld Dateien"
                        }
                      }
                    }
                  }
                },
                "ka" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "%lld ფაილი"
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func line(containing needle: String) -> Int? { lines.firstIndex { $0.contains(needle) }.map { $0 + 1 } }
        let catalog = try StringCatalog(bytes: Data(text.utf8), path: "L.xcstrings")
        #expect(catalog.location(ofKey: "files", language: "ka")?.line == line(containing: "%lld ფაილი"))
        #expect(line(containing: "%lld ფაილი") == line(containing: "\"ka\" : {").map { $0 + 3 })
        // The compiled entry's variable is `value` (docs/string-catalogs.md); its form `one` is the case `one`.
        #expect(catalog.location(ofKey: "files", language: "de", keyPath: ["value", "one"])?.line == line(containing: "%lld Datei\""))
        #expect(catalog.location(ofKey: "files", language: "de", keyPath: ["value", "other"])?.line == line(containing: "%lld Dateien"))
        // A rule as a whole, or a case the catalog lacks: the localization itself.
        #expect(catalog.location(ofKey: "files", language: "de", keyPath: ["value"])?.line == line(containing: "\"de\" : {"))
        #expect(catalog.location(ofKey: "files", language: "de", keyPath: ["value", "few"])?.line == line(containing: "\"de\" : {"))
    }
}
