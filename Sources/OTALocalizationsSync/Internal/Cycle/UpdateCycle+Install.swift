import Foundation
import OTALocalizations
import OTALocalizationsCore

extension UpdateCycle {
    /// Steps 4 to 7 for an admitted publish: storage prepared and the anti-rollback mark raised, the device's entries
    /// resolved (``DeviceManifest``), each module skipped or installed, unlisted ones removed, the state saved when
    /// every module succeeded. Nothing of a publish the crash-loop guard quarantined (``quarantineRefusal``) is
    /// installed: each module that would change fails with `quarantined`.
    func apply(_ admitted: ManifestAdmission.Admitted, etag: String?, quarantines: [OTALaunchQuarantine]) async -> Outcome {
        let installID: String
        do {
            installID = try gate.commit { () throws(CycleFailure) -> String in
                try prepareStorage()
                let installID = try InstallID.loadOrCreate(layout)
                try raiseAntiRollbackMark(to: admitted.index.publishedAtTimestamp, latestTrusted: admitted.latestTrusted)
                return installID
            }
        } catch {
            if error.code == .cancelled { return cancelled(.updated) }
            return Outcome(report: .init(manifest: .updated, error: "storage: \(error.reason)", errorCode: .storage), installedFolders: [])
        }
        recordFresh()
        DurableFiles.removeTrash(in: layout.storageRoot)
        let parts = IndexPartLoader(configuration: configuration, versionURL: versionURL, gate: gate)
        let choices = LocalizationChoices(selection)
        let device: DeviceManifest
        switch await resolve(admitted.index, installID: installID, choices: choices, parts: parts) {
        case .success(let resolved): device = resolved
        case .failure(let failure):
            if failure.code == .cancelled { return cancelled(.updated) }
            return failed(failure)
        }
        dropPrefetchedLanguagesAddingNothing(device)
        return await install(device, choices: choices, admitted: admitted, etag: etag, parts: parts, quarantines: quarantines)
    }

    /// The device's entries of `index`, from the index and the parts it uses.
    private func resolve(
        _ index: ManifestIndex, installID: String, choices: LocalizationChoices, parts: IndexPartLoader
    ) async -> Result<DeviceManifest, CycleFailure> {
        do throws(CycleFailure) {
            let device = try await DeviceManifest.assemble(
                index: index, installID: installID, forcedArm: ForcedExperimentArm.read(configuration),
                choices: choices, caps: DeviceCaps(configuration), parts: parts)
            try ManifestAdmission.checkEntryCount(device.entryCount, rules: ManifestAdmission.Rules(configuration))
            return .success(device)
        } catch {
            return .failure(error)
        }
    }

    private func install(
        _ device: DeviceManifest, choices: LocalizationChoices, admitted: ManifestAdmission.Admitted, etag: String?,
        parts: IndexPartLoader, quarantines: [OTALaunchQuarantine]
    ) async -> Outcome {
        var reports: [OTALocalizationCycleReport.Module?] = Array(repeating: nil, count: device.modules.count)
        var pending: [(index: Int, module: DeviceModule, choice: SlicePlan.Choice)] = []
        var seen: Set<String> = []
        let refusal = quarantineRefusal(device, choices: choices, quarantines: quarantines)
        var published: [String: String] = [:]
        for (index, module) in device.modules.enumerated() {
            let choice = SlicePlan.choice(for: module, developmentRegion: device.developmentRegion, choices: choices)
            if !seen.insert(module.name).inserted {
                reports[index] = .init(name: module.name, outcome: .failed, reason: "duplicate module name in the manifest", code: .manifest)
            } else if let wanted = choice.folderHash,
                      installedHash(of: module.name, developmentRegion: device.developmentRegion, choice: choice) == wanted {
                reports[index] = recordSkipped(module, folderHash: wanted, keyID: admitted.keyID, published: published[module.name])
                    ?? .init(name: module.name, outcome: .skipped)
            } else if let refusal {
                reports[index] = .init(name: module.name, outcome: .failed, reason: refusal, code: .quarantined)
            } else {
                pending.append((index, module, choice))
            }
        }
        if pending.contains(where: { $0.choice.isSliced }) {
            published = await Self.publishedSHA256(index: admitted.index, device: device, parts: parts)
        }
        let rejected = device.rejected.map(\.report)
        context.progress.plan(.updated, names: device.modules.map(\.name), modules: reports, trailing: rejected, rollout: device.rollout,
            experiment: device.experiment)

        let installer = ModuleInstaller(
            configuration: configuration, versionURL: versionURL, developmentRegion: device.developmentRegion,
            protectedFolders: protectedFolders(), context: context)
        var installed: [String] = []
        await withTaskGroup(of: (Int, ModuleInstaller.Result).self) { group in
            var queue = pending.makeIterator()
            for _ in 0..<configuration.maximumParallelDownloads {
                guard let next = queue.next() else { break }
                let sha256 = published[next.module.name]
                group.addTask { (next.index, await installer.install(next.module, choice: next.choice, keyID: admitted.keyID, published: sha256)) }
            }
            while let (index, result) = await group.next() {
                reports[index] = result.report
                context.progress.record(index, result.report)
                if let folder = result.installedFolder { installed.append(folder) }
                if let next = queue.next() {
                    let sha256 = published[next.module.name]
                    group.addTask { (next.index, await installer.install(next.module, choice: next.choice, keyID: admitted.keyID, published: sha256)) }
                }
            }
        }
        var modules = reports.compactMap { $0 } + rejected
        if Task.isCancelled || gate.isRevoked {
            return Outcome(
                report: .init(
                    manifest: .updated, error: CycleFailure.cancelled.reason, errorCode: .cancelled, rollout: device.rollout,
                    modules: modules, experiment: device.experiment),
                installedFolders: installed)
        }
        modules += removeUnlisted(device)
        collectSuperseded(device)

        var report = OTALocalizationCycleReport(
            manifest: .updated, rollout: device.rollout, modules: modules, experiment: device.experiment)
        if report.failed == 0 && !Task.isCancelled {
            let state = InstalledState(device: device, etag: etag, keyID: admitted.keyID)
            do {
                try gate.commit { () throws(CycleFailure) in try state.save(layout) }
                memory.remember(state, layout)
                report.stateSaved = true
                parts.collect(keeping: Set(admitted.index.referencedParts.map(\.sha256)))
            } catch {
                report.error = error.code == .cancelled ? error.reason : "state not saved: \(error.reason)"
                report.errorCode = error.code
            }
        }
        gate.attempt { emptyTemporaryFolder() }
        return Outcome(report: report, installedFolders: installed)
    }

    /// Why nothing of `device` may be installed, when the crash-loop guard quarantined it (docs/design.md, "The
    /// crash-loop guard"): the publish itself (a record names its `publishedAt`: whatever slices the languages now
    /// choose, it is the text that crashed), or the content the device would have after this cycle (a record names
    /// exactly that content, published again). Nil when the publish may be installed.
    private func quarantineRefusal(
        _ device: DeviceManifest, choices: LocalizationChoices, quarantines: [OTALaunchQuarantine]
    ) -> String? {
        guard !quarantines.isEmpty else { return nil }
        let publishedAt = ManifestDate.format(device.publishedAt)
        let after = "unconfirmed launches; it is not installed again: publish a fix (docs/operations.md, \"Crash loops\")"
        if let record = quarantines.last(where: { $0.publishedAt == publishedAt }) {
            return "the publish of \(publishedAt) was quarantined on this device at \(record.sinceText) after \(record.launches) " + after
        }
        var content: [String: String] = [:]
        for module in device.modules where content[module.name] == nil {
            let choice = SlicePlan.choice(for: module, developmentRegion: device.developmentRegion, choices: choices)
            if let hash = choice.folderHash { content[module.name] = hash }
        }
        guard let record = OTALaunchQuarantine.matching(content, in: quarantines) else { return nil }
        return "this content (published again at \(publishedAt)) was quarantined on this device at \(record.sinceText) after "
            + "\(record.launches) " + after
    }

    /// Inside the gate: the records beside an installed, skipped `module`'s `current`: its rollout record names the
    /// rollout its entry comes from now, or the experiment arm the device is in (a rollout that finished makes the same
    /// content stable; a device that leaves an experiment keeps its content, untagged), its published-content
    /// record gets the entry's `sha256` (`published`) when it has none for the folder, and, for a publish a trusted
    /// key vouched for, its vouch record names the folder. Nil when that is done; the module's failure (`storage`)
    /// when a record cannot be written.
    func recordSkipped(
        _ module: DeviceModule, folderHash: String, keyID: String?, published: String?
    ) -> OTALocalizationCycleReport.Module? {
        do {
            try gate.commit { () throws(CycleFailure) in
                try RolloutRecord.set(
                    layout, module: module.name, sha256: folderHash, rolloutID: module.rolloutID, experiment: module.experiment)
                if let published {
                    try PublishedRecord.set(layout, module: module.name, folderHash: folderHash, published: published, replacing: false)
                }
                if let keyID, let folder = layout.activeInstallFolder(module: module.name) {
                    try VouchRecord.set(layout, module: module.name, folderName: folder.lastPathComponent, keyID: keyID)
                }
            }
            return nil
        } catch {
            let reason = error.code == .cancelled ? error.reason : "rollout or vouch record not written: \(error.reason)"
            return .init(name: module.name, outcome: .failed, reason: reason, code: error.code)
        }
    }

    /// The entry `sha256` of each module `device` uses, from the index's full part (the rollout's or the arm's for a
    /// module the device takes from the rollout or its arm): read only in a cycle that installs a module from slices, where it costs one
    /// part beside the slices (kept on the device, like every part). Empty when the part cannot be read: the installs
    /// go on, and their folders are attributed by their own hash until a later install.
    static func publishedSHA256(index: ManifestIndex, device: DeviceManifest, parts: IndexPartLoader) async -> [String: String] {
        let stable = try? await parts.files(index.parts.full, kind: .full)
        var staged: IndexFilesPart?
        if device.modules.contains(where: { $0.rolloutID != nil }), let rollout = index.rollout {
            staged = try? await parts.files(rollout.parts.full, kind: .full)
        }
        var armPart: IndexFilesPart?
        if device.modules.contains(where: \.fromArm), let name = device.experiment?.arm, let arm = index.experiment?.arm(named: name) {
            armPart = try? await parts.files(arm.parts.full, kind: .full)
        }
        var result: [String: String] = [:]
        for module in device.modules {
            let part = module.fromArm ? armPart : module.rolloutID != nil ? staged : stable
            if let sha256 = part?.files[module.name]?.sha256 { result[module.name] = sha256 }
        }
        return result
    }

    /// Folders never deleted or replaced by this process: launch set, earlier installs, read-side loads, and the
    /// folders the reader leases of live processes sharing the storage root name (an app extension's).
    func protectedFolders() -> Set<String> {
        launchFolders.union(installedEarlier).union(OTALocalizedString.foldersLoadedThisProcess())
            .union(ReaderLeases.leasedFolders(layout, gate: gate))
    }
}
