import Foundation
import OTALocalizations

/// The app's localization update service: the only code that touches the network or writes OTA files.
///
/// Create one in the app target (the composition root) with an ``OTALocalizationServiceConfiguration`` and call
/// ``start()`` at launch and on every foreground; concurrent calls share one cycle. Each cycle follows DESIGN.md
/// ("One update cycle"): conditional manifest GET, stale-manifest guard, per-module verified installs with
/// bounded parallelism, removal of unlisted modules, `state.json` only after a fully successful cycle, and
/// clean-up of other app versions' folders listed in the storage root's marker. Every cycle ends with one
/// ``OTALocalizationCycleReport`` sent to the configuration's `reportHandler`.
///
/// Loaded-folder protection: a folder that was `current` when this service was created, that this process
/// installed, or that `OTALocalizedString.loadBundlesFromDisk()` opened in this process is never deleted or
/// replaced while the process lives (only ``deleteAllBundles()`` deletes it); superseded folders are removed by
/// a cycle of a later process. Create the service at launch, before its first cycle.
public actor OTALocalizationService: OTALocalizationServicing {
    /// The settings this service was created with.
    public let configuration: OTALocalizationServiceConfiguration

    private let launchFolders: Set<String>
    private var installedThisProcess: Set<String> = []
    private var inFlight: Task<Void, Never>?
    private var deletionsInProgress = 0
    /// How many `start()` calls joined a cycle already in flight (observed by tests).
    private(set) var joinedCallers = 0

    /// Creates the service and records which folders are `current` now (this process's launch set).
    ///
    /// Does not touch the network and writes nothing.
    public init(configuration: OTALocalizationServiceConfiguration) {
        self.configuration = configuration
        let layout = configuration.layout
        var folders: Set<String> = []
        if layout.hasUsableAppVersion {
            for module in (try? FileManager.default.contentsOfDirectory(atPath: layout.modulesFolder.path)) ?? [] {
                if let folder = BundleDiskLoader.activeFolder(layout, module: module) {
                    folders.insert(folder.standardizedFileURL.path)
                }
            }
        }
        launchFolders = folders
    }

    /// Runs one update cycle, or joins the cycle in flight, and returns when it has ended.
    ///
    /// Returns at once while ``deleteAllBundles()`` is running.
    public func start() async {
        if deletionsInProgress > 0 { return }
        if let inFlight {
            joinedCallers += 1
            await inFlight.value
            return
        }
        let task = Task { await self.runCycle() }
        inFlight = task
        await task.value
    }

    /// Cancels the in-flight cycle, waits for it to end, then deletes everything under the storage root.
    ///
    /// Nothing the cancelled cycle was doing lands afterwards: the cycle checks for cancellation before each
    /// commit step, and whatever it committed before it noticed is deleted here after it has ended. Call
    /// `OTALocalizedString.clearBundleCache()` first so this session falls back to the embedded strings at once.
    public func deleteAllBundles() async {
        deletionsInProgress += 1
        defer { deletionsInProgress -= 1 }
        if let inFlight {
            inFlight.cancel()
            await inFlight.value
        }
        let root = configuration.storageRoot
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [] {
            try? FileManager.default.removeItem(at: root.appendingPathComponent(name))
        }
        installedThisProcess = []
    }

    private func runCycle() async {
        let cycle = UpdateCycle(
            configuration: configuration, launchFolders: launchFolders, installedEarlier: installedThisProcess)
        let outcome = await cycle.run()
        installedThisProcess.formUnion(outcome.installedFolders)
        inFlight = nil
        configuration.reportHandler(outcome.report)
    }
}
