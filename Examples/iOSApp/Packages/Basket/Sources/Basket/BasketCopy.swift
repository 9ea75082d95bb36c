import Foundation

/// What the basket screen says, for the app and its tests. Every text comes through `BasketStrings`, so an
/// over-the-air update of the Basket module reaches all of it.
public enum BasketCopy {
    /// The screen's title.
    public static var title: String { BasketStrings.string("basket.title") }

    /// Shown when the basket holds nothing.
    public static var empty: String { BasketStrings.string("basket.empty") }

    /// The button that starts the checkout.
    public static var checkout: String { BasketStrings.string("basket.checkout") }

    /// "2 items", in the plural form CLDR gives `count` in `locale`'s language (`Localizable.stringsdict`).
    public static func itemCount(_ count: Int, locale: Locale = .current) -> String {
        BasketStrings.format("basket.items", locale: locale, count)
    }
}
