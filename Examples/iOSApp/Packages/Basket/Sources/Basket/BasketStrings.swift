import Foundation

/// Basket's strings, always looked up in `Bundle.localizationBundle` so over-the-air updates reach them.
///
/// Give each key one property or function here, for example
/// `static var title: String { string("title") }`, and call those instead of looking keys up elsewhere.
/// SwiftUI takes the bundle directly: `Text("title", bundle: .localizationBundle)`.
enum BasketStrings {
    /// The value of `key` in `table` (default `Localizable`) for the language `Bundle` chose, or `key` itself
    /// when that table lacks it: Apple's `Bundle` has no per-key fallback.
    static func string(_ key: String, table: String? = nil, comment: String = "") -> String {
        NSLocalizedString(key, tableName: table, bundle: .localizationBundle, comment: comment)
    }

    /// The value of `key` used as a format string and filled with `arguments` for `locale` (default: the
    /// user's). A `.stringsdict` entry picks its plural form by the CLDR rules of `locale`'s language.
    static func format(
        _ key: String, table: String? = nil, locale: Locale = .current, _ arguments: any CVarArg...
    ) -> String {
        String(format: string(key, table: table), locale: locale, arguments: arguments)
    }
}
