import Foundation
import OTALocalizations
import OTALocalizationsSync

/// The composition root's over-the-air strings, wired as docs/integration.md describes: installed strings loaded
/// before the first frame, one service for the process, a cycle at launch and at every foreground, the kill switch
/// behind a flag, and the last cycle report kept for the debug screen.
///
/// Create exactly one, in the `App`'s `init()`. Main actor only; the service does its work off the main actor.
@MainActor
final class LocalizationSetup {
    /// The modules whose strings this app ships, as `ota-localizations modules` names them.
    static let moduleNames = ["Basket", "Catalog", "OTAExample"]

    let configuration: AppConfiguration
    let service: OTALocalizationService
    /// The last cycle's report (``DebugSnapshot`` shows it).
    let reports = LastCycleReport()
    private let killSwitch: KillSwitchFlag

    /// Loads the installed strings (unless the kill switch is on), then creates the service. Writes only the
    /// crash-loop guard's count of this launch (docs/integration.md, "Confirm the launch"). `allowsDebugActions` is
    /// the app's own `#if DEBUG` (the library cannot see it): then the debug screen's QA actions run, and the channel
    /// they chose for this launch is read (docs/integration.md, "A QA view").
    init(
        configuration: AppConfiguration, killSwitch: KillSwitchFlag, transport: any HTTPTransport = URLSessionTransport(),
        allowsDebugActions: Bool = false
    ) {
        self.configuration = configuration
        self.killSwitch = killSwitch
        // Strings installed by earlier launches take effect now, before the first frame.
        if !killSwitch.isOn {
            OTALocalizedString.loadBundlesFromDisk(
                storageRoot: configuration.storageRoot, appVersion: configuration.appVersion)
        }
        let reports = self.reports
        service = OTALocalizationService(configuration: OTALocalizationServiceConfiguration(
            baseURL: configuration.baseURL,
            appVersion: configuration.appVersion,
            storageRoot: configuration.storageRoot,
            transport: transport,
            channel: allowsDebugActions
                ? OTALocalizationServiceConfiguration.channelChosenForNextLaunch(storageRoot: configuration.storageRoot) : nil,
            allowsDebugActions: allowsDebugActions,
            reportHandler: { report in reports.record(report) }
        ))
    }

    /// At launch and at every foreground: one update cycle in the background (overlapping calls share it).
    func refresh() {
        Task { await runCycle() }
    }

    /// What ``refresh()`` runs: the kill switch when the flag is on, else one update cycle.
    func runCycle() async {
        if killSwitch.isOn {
            await disableOverTheAirStrings()
        } else {
            await service.start()
        }
    }

    /// Tells the crash-loop guard that this launch works, once the first screen has been up for 5 seconds; the
    /// root view runs it in `.task` (docs/integration.md, "Confirm the launch").
    func confirmLaunchAfterFirstScreen() async {
        guard (try? await Task.sleep(nanoseconds: 5_000_000_000)) != nil else { return }
        OTALocalizedString.confirmLaunch(storageRoot: configuration.storageRoot, appVersion: configuration.appVersion)
    }

    /// Whether the kill-switch flag is on.
    var isKillSwitchOn: Bool { killSwitch.isOn }

    /// Sets the flag. On: embedded strings from the next lookup on, and nothing left on disk. Off: the next cycle
    /// installs the published strings again, shown from the next cold start.
    func setKillSwitch(_ on: Bool) async {
        killSwitch.isOn = on
        if on { await disableOverTheAirStrings() }
    }

    /// The kill switch: embedded strings from the next lookup on, and nothing left on disk.
    func disableOverTheAirStrings() async {
        OTALocalizedString.clearBundleCache()
        await service.deleteAllBundles()
    }

    /// The QA snapshot as one line of JSON (`OTALocalizationService.diagnostics(modules:)`), for the debug screen's
    /// export: every build may read it; only the actions need `allowsDebugActions`.
    func diagnosticsJSON() async -> String {
        await service.diagnostics(modules: Self.moduleNames).exportJSON()
    }

    /// What the debug screen shows now.
    func debugSnapshot() -> DebugSnapshot {
        DebugSnapshot(
            modules: Self.moduleNames, served: OTALocalizedString.servedContent(for:), report: reports.latest,
            killSwitchOn: killSwitch.isOn)
    }
}

/// The newest cycle report the service handed to its report handler, for the debug screen.
///
/// The service calls its `reportHandler` on its own executor, before `start()` returns, so a lock (not a hop to the
/// main actor) makes the report readable as soon as the cycle's caller resumes. Any thread.
final class LastCycleReport: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: OTALocalizationCycleReport?

    /// Keeps `report` in place of the previous one.
    func record(_ report: OTALocalizationCycleReport) {
        lock.withLock { stored = report }
    }

    /// The newest report, or nil before the first cycle ended.
    var latest: OTALocalizationCycleReport? {
        lock.withLock { stored }
    }
}
