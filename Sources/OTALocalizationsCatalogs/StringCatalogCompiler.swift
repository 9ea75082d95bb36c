import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing

/// Compiles a ``StringCatalog`` into the per-language `.strings` and `.stringsdict` tables Xcode builds from it,
/// so a bundle holding them answers every lookup as the app's embedded bundle does.
///
/// The rules, each with its evidence in docs/string-catalogs.md:
/// - **Output format.** XML property lists in the byte layout of `xcstringstool compile --serialization-format
///   text`, the format Xcode's build step writes (keys sorted, tab indentation; byte-identical to the oracle
///   pairs). Apple's runtime reads XML, binary and text tables alike (docs/apple-platform.md E1).
/// - **Which languages.** Every language of ``StringCatalog/languages`` that has at least one entry; a language
///   with nothing to emit gets no table, and a table with no entries is nil (OBSERVED).
/// - **Plain strings** go to `.strings`. A source-language string in state `new` is dropped unless the key's
///   `extractionState` is `manual` (OBSERVED drop; `manual` kept per Xcode 26.6 experiment). Every other state
///   (`translated`, `needs_review`, `stale`, unknown) and every `extractionState` (`stale` included) is compiled;
///   `shouldTranslate: false` changes nothing; comments are ignored.
/// - **A key without a value in a language** is not emitted (a lookup then returns the key, as on device).
/// - **Plural variations** go to `.stringsdict` only: `NSStringLocalizedFormatKey` = `%#@value@` (or `%N$#@value@`
///   when the cases have several arguments and the count is argument N), variable `value` with
///   `NSStringPluralRuleType`, the value type of the first numeric specifier (the source language's, then `d`,
///   when the language's cases have none) and every CLDR category written, used by the language or not.
/// - **Substitutions** keep their names: `%#@name@` becomes `%N$#@name@` with `argNum` N, and `%arg` in the cases
///   becomes `%N$<formatSpecifier>`.
/// - **Device variations**: the `other` case is the plain fallback in `.strings`; the other devices (named as in
///   the catalog: `iphone ipad ipod mac appletv applewatch applevision`) go to `.stringsdict` under
///   `NSStringDeviceSpecificRuleType`; a device case may hold a plural or strings with substitutions.
/// - **Named arguments** (`%(count)lld`) are compiled to plain or positional specifiers.
///
/// Output is reproducible: the same catalog always compiles to byte-identical tables.
/// Thread-safe: a pure function of its arguments.
public enum StringCatalogCompiler {
    /// Compiles every language of `catalog` into the tables of `tableName`.
    ///
    /// - Parameters:
    ///   - catalog: A catalog read with ``StringCatalog/init(bytes:path:)``.
    ///   - tableName: The table name: the catalog file's name without `.xcstrings` (`Localizable`).
    ///   - format: The property-list encoding of both tables; `.xml` (Xcode's compiler output) by default.
    /// - Returns: One table per language that has entries, sorted by ``CompiledCatalogTable/localization``
    ///   (Unicode scalar order).
    /// - Throws: ``CatalogError`` for what Xcode rejects at build time, with the key, language, JSON Pointer and
    ///   line: `varied-plural-case`, `varied-fallback`, `plural-without-number` (source language only),
    ///   `undefined-substitution`, `invalid-substitution`, `unsupported-variation`.
    public static func compile(
        _ catalog: StringCatalog, tableName: String, format: CatalogTableFormat = .xml
    ) throws(CatalogError) -> [CompiledCatalogTable] {
        func encode(_ members: CatalogCompilation.Members) -> Data? {
            guard !members.isEmpty else { return nil }
            switch format {
            case .xml: return PropertyListWriter.data(.dictionary(members), format: .xml)
            case .binary: return PropertyListWriter.data(.dictionary(members), format: .binary)
            }
        }
        let compilation = CatalogCompilation(catalog: catalog)
        var tables: [CompiledCatalogTable] = []
        for language in catalog.languages {
            let (strings, stringsDict) = try compilation.compile(language: language)
            guard !strings.isEmpty || !stringsDict.isEmpty else { continue }
            tables.append(
                CompiledCatalogTable(
                    localization: language, tableName: tableName,
                    strings: encode(strings), stringsDict: encode(stringsDict)))
        }
        return tables
    }
}
