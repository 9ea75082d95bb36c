import Foundation
import OTALocalizations

extension OTALocalizedString {
    /// Loads the installed bundles the service with `configuration` installed: its storage root, app version and
    /// localization selection, its crash-loop guard's maximum of unconfirmed launches, and, when it trusts signing
    /// keys, only folders one of them vouched for
    /// (``OTALocalizedString/loadBundlesFromDisk(storageRoot:appVersion:selection:trustedKeyIDs:maximumUnconfirmedLaunches:)``).
    ///
    /// The composition root calls it early in launch with the configuration it then gives the service, so that the
    /// read side and the service can never disagree on where the bundles are or which keys count.
    @MainActor
    public static func loadBundlesFromDisk(configuration: OTALocalizationServiceConfiguration) {
        loadBundlesFromDisk(
            storageRoot: configuration.storageRoot, appVersion: configuration.appVersion,
            selection: configuration.localizationSelection, trustedKeyIDs: Set(configuration.trustedKeys.map(\.keyID)),
            maximumUnconfirmedLaunches: configuration.maximumUnconfirmedLaunches)
    }
}
