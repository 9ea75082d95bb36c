import Foundation

/// Basket's strings, always looked up in `Bundle.localizationBundle` so over-the-air updates reach them.
///
/// Give each key one property or function here, for example
/// `static var title: String { string("title") }`, and call those instead of looking keys up elsewhere.
/// SwiftUI takes the bundle directly: `Text("title", bundle: .localizationBundle)`.
enum BasketStrings {
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
