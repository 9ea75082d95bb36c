import Foundation
import Testing
@testable import OTALocalizationsCatalogs

/// Catalog language keys name `.lproj` folders, so anything that is not a language identifier is refused.
@Suite struct CatalogLanguageNameTests {
    private func catalog(language: String) -> Data {
        let key = language.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
        return Data("""
            {"sourceLanguage":"en","version":"1.0","strings":{"a":{"localizations":{
            "\(key)":{"stringUnit":{"state":"translated","value":"x"}}}}}}
            """.utf8)
    }

    @Test(arguments: ["../../tmp/PWNED", "/abs", "", ".hidden", "en ", "en\nx", "x.lproj", "fr/CA"])
    func pathLikeOrInvalidLanguageKeysAreRefused(_ language: String) throws {
        let error = #expect(throws: CatalogError.self) {
            _ = try StringCatalog(bytes: catalog(language: language), path: "Localizable.xcstrings")
        }
        #expect(error?.code == .structure)
        #expect(error?.line == 2)
    }

    @Test(arguments: ["en", "pt-BR", "zh-Hant", "sr-Latn", "fr_CA", "es-419"])
    func languageIdentifiersAreAccepted(_ language: String) throws {
        let parsed = try StringCatalog(bytes: catalog(language: language), path: "Localizable.xcstrings")
        #expect(parsed.languages.contains(language))
    }
}
