import Foundation

/// What the catalog screen says, for the app and its tests. Every text comes through `CatalogStrings`, so an
/// over-the-air update of the Catalog module reaches all of it.
public enum CatalogCopy {
    /// The screen's title.
    public static var title: String { CatalogStrings.string("catalog.title") }

    /// Shown when the catalog lists no products.
    public static var empty: String { CatalogStrings.string("catalog.empty") }

    /// The button that puts a product into the basket.
    public static var add: String { CatalogStrings.string("catalog.add") }

    /// "3 products", in the plural form CLDR gives `count` in `locale`'s language (`Localizable.stringsdict`).
    public static func productCount(_ count: Int, locale: Locale = .current) -> String {
        CatalogStrings.format("catalog.products", locale: locale, count)
    }
}
