import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTALocalizationsNames

extension OTALocalizationService {
    /// Runs an update cycle now (``start()``, joining one in flight) and returns its report, the one the
    /// configuration's `reportHandler` received: nil when no cycle ran (``deleteAllBundles()`` was running).
    ///
    /// A debug action: new text shows from the next cold start, as after any cycle.
    /// - Throws: ``OTALocalizationDebugActionError`` `notAllowed` unless
    ///   ``OTALocalizationServiceConfiguration/allowsDebugActions``.
    public func runCycleNow() async throws(OTALocalizationDebugActionError) -> OTALocalizationCycleReport? {
        try requireDebugActions()
        let before = cyclesEnded
        await start()
        return cyclesEnded > before ? lastReport : nil
    }

    /// Chooses the release channel for the next launch: `<storage root>/.ota-next-launch-channel` holds it (nil or
    /// `"production"`: production), and the app's composition root passes
    /// ``OTALocalizationServiceConfiguration/channelChosenForNextLaunch(storageRoot:)`` as its `channel` in builds that
    /// allow debug actions. This service keeps its channel; the kill switch deletes the choice.
    ///
    /// A debug action.
    /// - Throws: ``OTALocalizationDebugActionError`` `notAllowed` unless
    ///   ``OTALocalizationServiceConfiguration/allowsDebugActions``; `channel` for a name that is not a channel name;
    ///   `storage` when the file cannot be written.
    public func chooseChannelForNextLaunch(_ channel: String?) throws(OTALocalizationDebugActionError) {
        try requireDebugActions()
        if let channel, channel != ManifestChannel.production, !ManifestChannel.isValidName(channel) {
            throw OTALocalizationDebugActionError(.channel, "not a channel name: \(channel)")
        }
        do {
            try NextLaunchChannel.write(channel, layout: configuration.layout)
        } catch {
            throw OTALocalizationDebugActionError(.storage, error.reason)
        }
    }

    /// Lifts the crash-loop guard's quarantines of this app version: removes every record and sets the unconfirmed
    /// launches back to 0, so the next launch serves the installed content again (and counts it afresh); the service
    /// may install quarantined content again. Returns how many records were removed. This session keeps serving what it
    /// serves. Runs on the main actor (the read side's guard), waiting at most about 2 s for the count's lock.
    ///
    /// A debug action.
    /// - Throws: ``OTALocalizationDebugActionError`` `notAllowed` unless
    ///   ``OTALocalizationServiceConfiguration/allowsDebugActions``; `storage` when the records cannot be changed.
    @discardableResult
    public func clearLaunchQuarantines() async throws(OTALocalizationDebugActionError) -> Int {
        try requireDebugActions()
        let root = configuration.storageRoot
        let version = configuration.appVersion
        let removed = await MainActor.run { OTALocalizedString.clearLaunchQuarantines(storageRoot: root, appVersion: version) }
        guard let removed else {
            throw OTALocalizationDebugActionError(.storage, "the crash-loop guard's records could not be changed")
        }
        return removed
    }

    /// Forces this device into arm `arm` of the copy experiment the publish carries (`control` for the control arm;
    /// nil clears it): `<storage root>/.ota-debug-experiment-arm` holds it. From the next cycle on, the device installs
    /// that arm's entries whatever its bucket, and its report (``OTALocalizationCycleReport/Experiment/forced``), the
    /// installed content's records (`OTALocalizedString.InstalledContent.armForced`, so every exposure) and
    /// ``OTALocalizationDiagnostics`` say it is forced. A forced arm the experiment does not have is ignored (the bucket
    /// decides); a publish without an experiment ignores it. Only a configuration that allows debug actions reads the
    /// file; the kill switch deletes it. New text shows from the next cold start, as after any cycle.
    ///
    /// A debug action.
    /// - Throws: ``OTALocalizationDebugActionError`` `notAllowed` unless
    ///   ``OTALocalizationServiceConfiguration/allowsDebugActions``; `arm` for a name that is not an arm name (1 to 32
    ///   lowercase ASCII letters, digits or `-`, starting with a letter); `storage` when the file cannot be written or
    ///   removed.
    public func forceExperimentArm(_ arm: String?) throws(OTALocalizationDebugActionError) {
        try requireDebugActions()
        if let arm, !ExperimentArmName.isValid(arm) {
            throw OTALocalizationDebugActionError(.arm, "not an arm name: \(arm)")
        }
        do {
            try ForcedExperimentArm.write(arm, layout: configuration.layout)
        } catch {
            throw OTALocalizationDebugActionError(.storage, error.reason)
        }
    }

    /// The arm ``forceExperimentArm(_:)`` forced under this service's storage root, nil when none is or when the
    /// configuration does not allow debug actions (its cycles then ignore a file left behind).
    public var forcedExperimentArm: String? {
        ForcedExperimentArm.read(configuration)
    }

    private func requireDebugActions() throws(OTALocalizationDebugActionError) {
        guard configuration.allowsDebugActions else {
            throw OTALocalizationDebugActionError(.notAllowed, "debug actions are not allowed by this configuration")
        }
    }
}

extension OTALocalizationServiceConfiguration {
    /// The channel ``OTALocalizationService/chooseChannelForNextLaunch(_:)`` chose under `storageRoot` (`"production"`
    /// for production), nil when none was chosen: pass it as `channel` in a build that allows debug actions. Reads one
    /// small file.
    public static func channelChosenForNextLaunch(storageRoot: URL = OTAStorageLayout.defaultStorageRoot) -> String? {
        NextLaunchChannel.read(storageRoot: storageRoot)
    }
}
