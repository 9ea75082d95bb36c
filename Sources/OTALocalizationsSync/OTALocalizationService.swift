import Foundation
import OTALocalizations

/// The app's localization update service: the only code that touches the network or writes OTA files.
///
/// Create one in the app target (the composition root) with an ``OTALocalizationServiceConfiguration`` and call
/// ``start()`` at launch and on every foreground; concurrent calls share one cycle. Each cycle follows docs/design.md
/// ("One update cycle"): conditional manifest GET, stale- and future-manifest guards, per-module verified installs
/// with bounded parallelism and memory, removal of unlisted modules, `state.json` only after a fully successful
/// cycle, and clean-up of other app versions' folders listed in the storage root's marker. Every cycle ends with
/// one ``OTALocalizationCycleReport`` sent to the configuration's `reportHandler`, within the cycle deadline
/// (``OTALocalizationServiceConfiguration/maximumCycleSeconds``) whatever the network or the transport does.
///
/// Loaded-folder protection: a folder that was `current` when this service was created, that this process
/// installed, or that `OTALocalizedString.loadBundlesFromDisk()` opened in this process is never deleted or
/// rewritten while the process lives (only ``deleteAllBundles()`` deletes it); a damaged one is reinstalled under
/// a new folder name, and superseded folders are removed by a cycle of a later process. Create the service at
/// launch, before its first cycle.
public actor OTALocalizationService: OTALocalizationServicing {
    /// The settings this service was created with.
    public let configuration: OTALocalizationServiceConfiguration

    private let launchFolders: Set<String>
    let memory = ServiceMemory()
    private var installedThisProcess: Set<String> = []
    private(set) var inFlight: (run: CycleRun, task: Task<OTALocalizationCycleReport, Never>)?
    private(set) var deletionsInProgress = 0
    /// How many `start()` calls joined a cycle already in flight (observed by tests).
    private(set) var joinedCallers = 0
    /// How many cycles stopped from outside (deadline, kill switch) have since seen their work end (observed by tests).
    private(set) var stoppedCyclesEnded = 0
    /// How many cycles have ended in this process, and the last one's report (``runCycleNow()``).
    private(set) var cyclesEnded = 0
    private(set) var lastReport: OTALocalizationCycleReport?

    /// Creates the service and records which folders are `current` now (this process's launch set).
    ///
    /// Does not touch the network and writes nothing.
    public init(configuration: OTALocalizationServiceConfiguration) {
        self.configuration = configuration
        let layout = configuration.layout
        var folders: Set<String> = []
        if layout.hasUsableAppVersion {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: layout.modulesFolder.path)) ?? [] {
                if let module = OTAStorageLayout.moduleName(fromStorageName: name),
                   let folder = layout.activeInstallFolder(module: module) {
                    folders.insert(folder.standardizedFileURL.path)
                }
            }
        }
        launchFolders = folders
    }

    /// Runs one update cycle, or joins the cycle in flight, and returns when it has ended (at the latest after the
    /// cycle deadline, or soon after ``deleteAllBundles()`` stops it).
    ///
    /// Returns at once while ``deleteAllBundles()`` is running. A cycle that was stopped is never joined: the next
    /// call runs a new one.
    public func start() async {
        guard let cycle = startOrJoinCycle() else { return }
        _ = await cycle.task.value
    }

    /// The cycle in flight, joined, or a new one started; nil while ``deleteAllBundles()`` runs. Its task returns the
    /// cycle's report.
    func startOrJoinCycle() -> (run: CycleRun, task: Task<OTALocalizationCycleReport, Never>)? {
        if deletionsInProgress > 0 { return nil }
        if let inFlight {
            joinedCallers += 1
            return inFlight
        }
        let run = CycleRun(context: CycleContext(configuration: configuration), timer: configuration.deadlineTimer)
        let task = Task { await self.runCycle(run) }
        inFlight = (run, task)
        return (run, task)
    }

    /// Stops the in-flight cycle, waits for it to end (at most
    /// ``OTALocalizationServiceConfiguration/maximumDeletionWaitSeconds``), then deletes everything under the
    /// storage root.
    ///
    /// Nothing the stopped cycle was doing lands afterwards, even if its work wakes up later: its commit gate is
    /// revoked first (`CommitGate`), so no rename, pointer swap, state save or removal of it can happen any more.
    /// Each entry of the storage root is made unreachable by one rename to a trash name, then removed, so a process
    /// killed in the middle leaves complete folders or trash (removed by the next cycle or delete), never a half
    /// bundle. What ``OTAStorageLayout/keptByDeletion`` names stays, none of it text: the command-line tool's lock file
    /// (its holder releases it, so that a waiting `delete` starts only when this deletion has ended); the install ID
    /// (keeping it keeps the device's place in every staged rollout, so bundles that come back after the kill switch
    /// are the ones this device had, docs/rollouts.md); and the anti-rollback record (``OTAStorageLayout/antiRollbackFile``),
    /// in which the switch first marks everything published so far as pulled: a manifest published at or before it,
    /// from a stale edge still serving the very publish the switch was pulled for or from a replay, is `stale` after
    /// the switch, until something newer is published. Each app version's crash-loop quarantine records stay too
    /// (``OTAStorageLayout/keptInVersionFolderByDeletion``), so a publish that crashed the app is never served again. Call
    /// `OTALocalizedString.clearBundleCache()` first so this session falls back to the embedded strings at once.
    public func deleteAllBundles() async {
        deletionsInProgress += 1
        defer { deletionsInProgress -= 1 }
        if let (run, task) = inFlight {
            run.cancelWork()
            _ = await run.waitForWork(upToSeconds: configuration.maximumDeletionWaitSeconds)
            run.stop(error: CycleFailure.cancelled.reason)
            _ = await task.value
            if inFlight?.run === run { inFlight = nil }
        }
        _ = KillSwitchDeletion.run(storageRoot: configuration.storageRoot)
        memory.forgetAll()
        installedThisProcess = []
    }

    private func runCycle(_ run: CycleRun) async -> OTALocalizationCycleReport {
        let cycle = UpdateCycle(
            configuration: configuration, launchFolders: launchFolders, installedEarlier: installedThisProcess,
            context: run.context, memory: memory,
            selection: configuration.localizationSelection.including(
                prefetched: memory.prefetchedLanguages(storageRoot: configuration.storageRoot, now: configuration.deviceClock())))
        run.start(cycle, deadlineSeconds: configuration.maximumCycleSeconds)
        var outcome = await run.outcome()
        if !configuration.trustedKeys.isEmpty, let lastFresh = memory.lastFresh(configuration.layout, channel: configuration.channel) {
            outcome.report.lastFreshAt = lastFresh
            outcome.report.secondsSinceFresh = max(0, Int(configuration.deviceClock().timeIntervalSince(lastFresh).rounded(.down)))
        }
        installedThisProcess.formUnion(outcome.installedFolders)
        installedThisProcess.formUnion(run.context.progress.installedFolders)
        if inFlight?.run === run { inFlight = nil }
        if run.wasStopped {
            Task {
                await run.workEnded()
                self.noteStoppedCycleEnded()
            }
        }
        cyclesEnded += 1
        lastReport = outcome.report
        CycleReportHistory.append(outcome.report, endedAt: configuration.deviceClock(), configuration: configuration, memory: memory)
        configuration.reportHandler(outcome.report)
        return outcome.report
    }

    private func noteStoppedCycleEnded() {
        stoppedCyclesEnded += 1
    }
}
