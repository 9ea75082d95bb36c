import Foundation
import OTALocalizations
import OTALocalizationsCore

/// One update cycle, steps 2-7 of docs/design.md's "One update cycle"; the service runs it off its actor.
///
/// Split by job: this file fetches and admits the publish and decides between `304`, `stale` and acting on it;
/// `UpdateCycle+Install.swift` resolves the device's entries and installs what differs; `UpdateCycle+Housekeeping.swift`
/// prepares the storage and collects what is no longer needed. Every change it makes to the storage root goes through
/// ``CycleContext/gate``; see ``CommitGate``.
struct UpdateCycle: Sendable {
    let configuration: OTALocalizationServiceConfiguration
    /// Standardized paths of folders that were `current` when the service was created (this process's launch).
    let launchFolders: Set<String>
    /// Standardized paths of folders this process installed in earlier cycles.
    let installedEarlier: Set<String>
    let context: CycleContext
    /// What the service remembers between its cycles.
    let memory: ServiceMemory
    /// The localizations this cycle installs: the configuration's selection, with the prefetched languages in force
    /// (``PrefetchedLanguages``).
    let selection: OTALocalizationSelection

    struct Outcome: Sendable {
        var report: OTALocalizationCycleReport
        var installedFolders: [String]
    }

    var layout: OTAStorageLayout { configuration.layout }
    var versionURL: URL { URLPath.appending(configuration.appVersion, to: configuration.baseURL) }
    var gate: CommitGate { context.gate }

    /// The cycle's outcome, its report carrying the crash-loop guard's quarantine in force after it (the record whose
    /// content is what is installed), if any.
    func run() async -> Outcome {
        let quarantines = layout.hasUsableAppVersion ? OTALaunchQuarantine.loadAll(layout) : []
        var outcome = await run(quarantines: quarantines)
        if !quarantines.isEmpty {
            outcome.report.quarantine = OTALaunchQuarantine.matching(BundleDiskLoader.installedContent(layout), in: quarantines)
        }
        return outcome
    }

    private func run(quarantines: [OTALaunchQuarantine]) async -> Outcome {
        guard layout.hasUsableAppVersion else {
            return failed(CycleFailure(.manifest, "app version \"\(configuration.appVersion)\" is not a plain file name"))
        }
        if let channel = configuration.channel, !ManifestChannel.isValidName(channel) {
            return failed(CycleFailure(
                .channel,
                "channel \"\(channel)\" is not a valid channel name (1 to 32 lowercase ASCII letters, digits or -, starting with a letter)"))
        }
        // The state (and its ETag) of another channel's manifest is not this channel's: an ETag vouches for one file.
        let stored = memory.state(layout).flatMap {
            SignedManifest.isTrusted($0.state, trustedKeys: configuration.trustedKeys) && $0.state.device.channel == configuration.channel
                ? $0 : nil
        }
        let state = stored?.state
        let fetcher = PublishFetch(configuration: configuration, versionURL: versionURL)
        var fetch = await fetcher.fetch(revalidating: state)
        if case .notModified(let response) = fetch {
            guard let state else { return failed(Self.notModifiedUnasked) }
            if Task.isCancelled { return cancelled(.failed) }
            // The host says the index this device holds is still the current one: it must not be expired either.
            if let expires = state.device.expires {
                do throws(CycleFailure) {
                    try ManifestAdmission.checkExpires(
                        expires, of: "the index this device holds (the host answered 304, not modified)",
                        rules: ManifestAdmission.Rules(configuration), serverDate: response.value(forHeader: "Date").flatMap(HTTPDate.parse),
                        deviceClock: ManifestTimestamp(configuration.deviceClock()))
                } catch {
                    return failed(error)
                }
            }
            if isIntact(state.device, generation: stored?.generation ?? 0) {
                housekeepingAfterNotModified(state)
                recordFresh()
                let modules = state.device.modules.map { OTALocalizationCycleReport.Module(name: $0.name, outcome: .skipped) }
                let report = OTALocalizationCycleReport(
                    manifest: .notModified, rollout: state.device.rollout, modules: modules, experiment: state.device.experiment)
                return Outcome(report: report, installedFolders: [])
            }
            fetch = await fetcher.fetch(revalidating: nil)
            if case .notModified = fetch { fetch = .failure(Self.notModifiedUnasked) }
        }
        switch fetch {
        case .notModified:
            return cancelled(.failed)
        case .failure(let failure):
            return failure.code == .cancelled ? cancelled(.failed) : failed(failure)
        case .fetched(let admitted, let etag):
            let publishedAt = admitted.index.publishedAtTimestamp
            let mark = AntiRollbackMark.load(layout)
            if let newest = newestInstalled(state, mark: mark, notAfter: admitted.latestTrusted), publishedAt < newest {
                let error = "manifest publishedAt \(ManifestDate.format(publishedAt)) is older than the installed \(ManifestDate.format(newest))"
                return Outcome(report: .init(manifest: .stale, error: error), installedFolders: [])
            }
            if let pulled = mark.pulled(channel: configuration.channel), pulled <= admitted.latestTrusted, publishedAt <= pulled {
                let error = "manifest publishedAt \(ManifestDate.format(publishedAt)) was pulled by the kill switch "
                    + "(everything published until \(ManifestDate.format(pulled))); only a newer publish installs"
                return Outcome(report: .init(manifest: .stale, error: error), installedFolders: [])
            }
            if Task.isCancelled { return cancelled(.updated) }
            return await apply(admitted, etag: etag, quarantines: quarantines)
        }
    }

    /// The anti-rollback reference: the newest of the complete state's `publishedAt` and the channel's `mark`
    /// (``AntiRollbackMark``), leaving out either when it is later than `notAfter` (a date from the future cannot hold
    /// back later publishes).
    private func newestInstalled(
        _ state: InstalledState?, mark: AntiRollbackMark, notAfter latest: ManifestTimestamp
    ) -> ManifestTimestamp? {
        [state?.device.publishedAt, mark.newest(channel: configuration.channel)]
            .compactMap { $0 }.filter { $0 <= latest }.max()
    }

    /// Whether every module the device uses from `device` is installed as this device needs it and intact, and the
    /// device is still where it was in the rollout and the experiment (same bucket, same forced arm). A change of the
    /// device's languages makes a module installed from slices not intact: its folder is not the one the languages now
    /// choose.
    /// `generation` identifies the stored state `device` is from (``ServiceMemory/state(_:)``): the folders it wants
    /// are worked out once per state, selection and list of languages.
    private func isIntact(_ device: DeviceManifest, generation: Int) -> Bool {
        // Resolved for every localization (full ZIPs) or for languages (slices): the other selection needs the
        // publish again, as its folders are not these.
        guard device.everyLocalization == selection.isEveryLocalization else { return false }
        if let rollout = device.rollout {
            guard let installID = InstallID.load(layout),
                  (ManifestRollout.bucket(rolloutID: rollout.id, installID: installID) < rollout.basisPoints) == rollout.includesThisDevice
            else { return false }
        }
        if let experiment = device.experiment {
            let bucket = InstallID.load(layout).map { ManifestExperiment.bucket(experimentID: experiment.id, installID: $0) }
            guard device.experimentBasis == ExperimentBasis(bucket: bucket, forcedArm: ForcedExperimentArm.read(configuration)) else {
                return false
            }
        }
        let wanted = memory.wantedFolders(generation: generation, selection: selection) {
            let choices = LocalizationChoices(selection)
            return device.modules.map { module in
                let choice = SlicePlan.choice(for: module, developmentRegion: device.developmentRegion, choices: choices)
                let sliced: Bool = if case .sliced = choice { true } else { false }
                return ServiceMemory.WantedFolder(module: module.name, sha256: choice.folderHash, sliced: sliced)
            }
        }
        return memory.folderChecks.allIntact(layout, wanted, developmentRegion: device.developmentRegion)
    }

    /// The SHA-256 that names the folder `current` points to for `module`, when that folder is intact for `choice`
    /// (``InstalledFolderChecks``): a damaged folder is reinstalled.
    func installedHash(of module: String, developmentRegion: String, choice: SlicePlan.Choice) -> String? {
        let sliced: Bool = if case .sliced = choice { true } else { false }
        return memory.folderChecks.intactFolderName(layout, module: module, developmentRegion: developmentRegion, sliced: sliced)
            .flatMap(OTAStorageLayout.folderHash(ofInstallFolderName:))
    }

    /// With trusted keys, records that this device holds a fresh signed index now (``FreshnessRecord``): once it is
    /// admitted and not stale, or answered `304` and not expired.
    func recordFresh() {
        guard !configuration.trustedKeys.isEmpty else { return }
        let now = FreshnessRecord.wholeSeconds(configuration.deviceClock())
        let channel = configuration.channel
        let onDisk = FreshnessRecord.record(
            now, channel: channel, recorded: memory.recordedFresh(layout, channel: channel), layout: layout, gate: gate)
        memory.noteFresh(now, onDisk: onDisk, channel: channel)
    }

    /// A `304` to a request that sent no `If-None-Match`: the host answered a question it was not asked.
    private static let notModifiedUnasked = CycleFailure(.transport, "HTTP status 304 without If-None-Match")

    /// A cycle that acted on nothing: the manifest `failed`, with the failure's sentence and codes.
    func failed(_ failure: CycleFailure) -> Outcome {
        Outcome(
            report: .init(manifest: .failed, error: failure.reason, errorCode: failure.code, signatureCode: failure.signatureCode),
            installedFolders: [])
    }

    func cancelled(_ manifest: OTALocalizationCycleReport.ManifestOutcome) -> Outcome {
        Outcome(report: .init(manifest: manifest, error: CycleFailure.cancelled.reason, errorCode: .cancelled), installedFolders: [])
    }
}
