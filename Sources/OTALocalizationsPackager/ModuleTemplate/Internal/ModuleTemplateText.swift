/// The text of the template's files, with `<Module>` where the module name goes (inside a string literal and in
/// comments) and `<ModuleIdentifier>` where its Swift identifier does (`ModuleName.identifier(for:)`).
/// docs/source-linting.md shows the same text ("The per-module boilerplate", "The same checks in SwiftLint"); a test
/// keeps the two identical.
enum ModuleTemplateText {
    static let placeholder = "<Module>"
    static let identifierPlaceholder = "<ModuleIdentifier>"
    /// The fallback as the boilerplate writes it; `--fallback main` writes `?? .main` instead.
    static let moduleFallback = "?? .module"

    static let localizationBundle = """
        import Foundation
        import OTALocalizations

        extension Bundle {
            /// This module's strings: the over-the-air bundle when one is installed, else the embedded one.
            static var localizationBundle: Bundle {
                OTALocalizedString.bundle(for: "<Module>") ?? .module
            }
        }

        """

    static let stringsHelper = """
        import Foundation

        /// <Module>'s strings, always looked up in `Bundle.localizationBundle` so over-the-air updates reach them.
        ///
        /// Give each key one property or function here, for example
        /// `static var title: String { string("title") }`, and call those instead of looking keys up elsewhere.
        /// SwiftUI takes the bundle directly: `Text("title", bundle: .localizationBundle)`.
        enum <ModuleIdentifier>Strings {
            /// The value of `key` in `table` (default `Localizable`) for the language `Bundle` chose; when that table
            /// lacks it, `value` (the development text kept in code), or `key` itself when `value` is empty: Apple's
            /// `Bundle` has no per-key fallback.
            static func string(_ key: String, table: String? = nil, value: String = "", comment: String = "") -> String {
                NSLocalizedString(key, tableName: table, bundle: .localizationBundle, value: value, comment: comment)
            }

            /// The value of `key` (or `value`, as in `string`) used as a format string and filled with `arguments` for
            /// `locale` (default: the user's). A `.stringsdict` entry picks its plural form by the CLDR rules of
            /// `locale`'s language.
            static func format(
                _ key: String, table: String? = nil, value: String = "", locale: Locale = .current,
                _ arguments: any CVarArg...
            ) -> String {
                String(format: string(key, table: table, value: value), locale: locale, arguments: arguments)
            }
        }

        """

    static let swiftLintConfiguration = #"""
        # Over-the-air localization: lookups in this folder must go through Bundle.localizationBundle.
        # SwiftLint merges this file with the configuration of the folders above (nested configuration).
        # The rules and their limits: docs/source-linting.md of OTALocalizations; `ota-localizations lint-sources`
        # runs the exact checks these regular expressions approximate.
        custom_rules:
          ota_missing_bundle:
            name: "OTA: lookup without bundle"
            regex: '\b(?:NSLocalizedString\s*\(|(?:Attributed)?String\s*\(\s*localized\s*:)(?![^)]*\bbundle\s*:)'
            excluded_match_kinds: [comment, comment.mark, comment.url, doccomment, doccomment.field, string]
            message: "This lookup reads Bundle.main, which over-the-air updates never reach; pass bundle: .localizationBundle"
            severity: error
          ota_text_missing_bundle:
            name: "OTA: Text literal without bundle"
            regex: '\bText\s*\(\s*(?=")(?![^)]*\bbundle\s*:)'
            excluded_match_kinds: [comment, comment.mark, comment.url, doccomment, doccomment.field, string]
            message: "Text with a literal key looks it up in Bundle.main; pass bundle: .localizationBundle or use Text(verbatim:)"
            severity: error
          ota_module_or_main_bundle:
            name: "OTA: lookup in .module or .main"
            regex: '\bbundle\s*:\s*(?:Bundle)?\.(?:module|main)\b(?!\s*[.(])|\bBundle\.(?:module|main)\.localizedString\s*\('
            excluded_match_kinds: [comment, comment.mark, comment.url, doccomment, doccomment.field, string]
            message: "This lookup skips the over-the-air bundle; use bundle: .localizationBundle"
            severity: error

        """#
}
