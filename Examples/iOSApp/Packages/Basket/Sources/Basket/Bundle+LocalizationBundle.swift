import Foundation
import OTALocalizations

extension Bundle {
    /// This module's strings: the over-the-air bundle when one is installed, else the embedded one.
    static var localizationBundle: Bundle {
        OTALocalizedString.bundle(for: "Basket") ?? .module
    }
}
