import Foundation
import OTALocalizations

extension Bundle {
    /// The bundle Checkout reads its strings from: the over-the-air copy when one is installed, else the embedded one.
    ///
    /// A computed property on purpose: asking at every lookup lets the kill switch take effect at once.
    static var localizationBundle: Bundle {
        OTALocalizedString.bundle(for: "Checkout") ?? .module
    }
}

/// Strings of the cart and checkout screens.
public enum CheckoutStrings {
    /// Navigation title of the cart screen.
    public static var cartTitle: String {
        String(localized: "cart.title", bundle: .localizationBundle)
    }

    /// "3 items": a plural from `Localizable.stringsdict`.
    public static func itemCount(_ count: Int) -> String {
        let format = NSLocalizedString("cart.items_count", bundle: .localizationBundle, comment: "")
        return String.localizedStringWithFormat(format, count)
    }

    /// "Thanks, Ana! Your order is confirmed."
    public static func confirmation(firstName: String) -> String {
        let format = NSLocalizedString("checkout.confirmation", bundle: .localizationBundle, comment: "")
        return String(format: format, firstName)
    }

    /// Title of the payment screen, from the second table, `Payment.strings`.
    public static var paymentTitle: String {
        NSLocalizedString("payment.title", tableName: "Payment", bundle: .localizationBundle, comment: "")
    }
}
