import Foundation
import OTALocalizations

extension Bundle {
    /// The app target's own strings: the over-the-air bundle when one is installed, else the main bundle.
    static var localizationBundle: Bundle {
        OTALocalizedString.bundle(for: "OTAExample") ?? .main
    }
}
