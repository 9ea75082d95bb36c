import Foundation
import OTALocalizations

extension OTALocalizedString {
    /// Loads the installed bundles the service with `configuration` installed: its storage root, app version and
    /// localization selection, its crash-loop guard's maximum of unconfirmed launches, and, when it trusts signing
    /// keys, only folders one of them vouched for, within its maximum content age when it has one
    /// (``OTALocalizedString/loadBundlesFromDisk(storageRoot:appVersion:selection:trustedKeyIDs:maximumUnconfirmedLaunches:countsLaunch:maximumContentAgeSeconds:channel:)``).
    ///
    /// The composition root calls it early in launch with the configuration it then gives the service, so that the
    /// read side and the service can never disagree on where the bundles are or which keys count.
    ///
    /// Pass `countsLaunch` false for a launch that shows no screen (a background launch) and in an app extension: a
    /// recorded quarantine is honoured, but the launch is not counted (docs/integration.md, "Confirm the launch").
    @MainActor
    public static func loadBundlesFromDisk(configuration: OTALocalizationServiceConfiguration, countsLaunch: Bool = true) {
        loadBundlesFromDisk(
            storageRoot: configuration.storageRoot, appVersion: configuration.appVersion,
            selection: configuration.localizationSelection, trustedKeyIDs: Set(configuration.trustedKeys.map(\.keyID)),
            maximumUnconfirmedLaunches: configuration.maximumUnconfirmedLaunches, countsLaunch: countsLaunch,
            maximumContentAgeSeconds: configuration.trustedKeys.isEmpty ? nil : configuration.maximumContentAgeSeconds,
            channel: configuration.channel)
    }

    /// Serves what the service with `configuration` has installed now, at a point where no text is on screen yet, with
    /// the launch's guarantees (the crash-loop guard counts it, the reader lease covers it, only folders a trusted key
    /// vouched for), and returns what each module served before and serves now
    /// (``OTALocalizedString/applyInstalledContent(storageRoot:appVersion:selection:trustedKeyIDs:maximumUnconfirmedLaunches:countsLaunch:)``;
    /// docs/integration.md, "Applying updates at a safe point"). Pass the `countsLaunch` the launch's load passed.
    @MainActor
    @discardableResult
    public static func applyInstalledContent(
        configuration: OTALocalizationServiceConfiguration, countsLaunch: Bool = true
    ) -> OTALocalizationApplyReport {
        applyInstalledContent(
            storageRoot: configuration.storageRoot, appVersion: configuration.appVersion,
            selection: configuration.localizationSelection, trustedKeyIDs: Set(configuration.trustedKeys.map(\.keyID)),
            maximumUnconfirmedLaunches: configuration.maximumUnconfirmedLaunches, countsLaunch: countsLaunch)
    }

    /// Confirms this launch under `configuration`'s storage root and app version
    /// (``OTALocalizedString/confirmLaunch(storageRoot:appVersion:)``): the counterpart of
    /// ``loadBundlesFromDisk(configuration:countsLaunch:)``, for a configuration whose storage root is not the default.
    @MainActor
    public static func confirmLaunch(configuration: OTALocalizationServiceConfiguration) {
        confirmLaunch(storageRoot: configuration.storageRoot, appVersion: configuration.appVersion)
    }
}
