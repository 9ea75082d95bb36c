import Foundation
import OTALocalizations
import OTALocalizationsCore

/// One update cycle, steps 2-7 of docs/design.md's "One update cycle"; the service runs it off its actor.
///
/// Every change it makes to the storage root goes through ``CycleContext/gate``; see ``CommitGate``.
struct UpdateCycle: Sendable {
    let configuration: OTALocalizationServiceConfiguration
    /// Standardized paths of folders that were `current` when the service was created (this process's launch).
    let launchFolders: Set<String>
    /// Standardized paths of folders this process installed in earlier cycles.
    let installedEarlier: Set<String>
    let context: CycleContext

    struct Outcome: Sendable {
        var report: OTALocalizationCycleReport
        var installedFolders: [String]
    }

    private enum ManifestFetch {
        case failure(String, code: OTALocalizationCycleReport.Module.FailureCode? = nil)
        case notModified
        /// A decoded manifest, its ETag, the latest installed `publishedAt` still trusted as the anti-rollback
        /// reference (the later of the server's and the device's clock, plus the tolerance), and the keyid that
        /// signed it (nil without trusted keys).
        case fetched(Manifest, etag: String?, latestTrusted: ManifestTimestamp, keyID: String?)
    }

    /// The largest `manifest.json` accepted, in bytes.
    static let maximumManifestBytes: Int64 = 4 * 1024 * 1024

    private var layout: OTAStorageLayout { configuration.layout }
    private var versionURL: URL { URLPath.appending(configuration.appVersion, to: configuration.baseURL) }
    private var gate: CommitGate { context.gate }

    func run() async -> Outcome {
        guard layout.hasUsableAppVersion else {
            return Outcome(report: .init(manifest: .failed, error: "app version \"\(configuration.appVersion)\" is not a plain file name"), installedFolders: [])
        }
        if let channel = configuration.channel, !ManifestChannel.isValidName(channel) {
            let error = "channel \"\(channel)\" is not a valid channel name (1 to 32 lowercase ASCII letters, digits or -, starting with a letter)"
            return Outcome(report: .init(manifest: .failed, error: error, errorCode: .channel), installedFolders: [])
        }
        // The state (and its ETag) of another channel's manifest is not this channel's: an ETag vouches for one file.
        let state = InstalledState.load(layout).flatMap {
            SignedManifest.isTrusted($0, trustedKeys: configuration.trustedKeys) && $0.manifest.channel == configuration.channel
                ? $0 : nil
        }
        var fetch = await fetchManifest(etag: state?.etag)
        if case .notModified = fetch {
            guard let state else {
                return Outcome(report: .init(manifest: .failed, error: "HTTP status 304 without If-None-Match"), installedFolders: [])
            }
            if Task.isCancelled { return cancelled(.failed) }
            let installID = InstallID.load(layout)
            let selection = RolloutSelection(state.manifest, installID: installID)
            if state.manifest.rollout == nil || installID != nil, isIntact(selection) {
                housekeeping(keeping: selection)
                let modules = selection.modules.map { OTALocalizationCycleReport.Module(name: $0.name, outcome: .skipped) }
                return Outcome(report: .init(manifest: .notModified, rollout: selection.report, modules: modules), installedFolders: [])
            }
            fetch = await fetchManifest(etag: nil)
            if case .notModified = fetch { fetch = .failure("HTTP status 304 without If-None-Match") }
        }
        guard case .fetched(let manifest, let etag, let latestTrusted, let keyID) = fetch else {
            if case .failure(let reason, let code) = fetch {
                return Outcome(report: .init(manifest: .failed, error: reason, errorCode: code), installedFolders: [])
            }
            return cancelled(.failed)
        }
        if let newest = newestInstalled(state, notAfter: latestTrusted), manifest.publishedAtTimestamp < newest {
            let error = "manifest publishedAt \(ManifestDate.format(manifest.publishedAtTimestamp)) is older than the installed \(ManifestDate.format(newest))"
            return Outcome(report: .init(manifest: .stale, error: error), installedFolders: [])
        }
        if Task.isCancelled { return cancelled(.updated) }
        return await apply(manifest, etag: etag, latestTrusted: latestTrusted, keyID: keyID)
    }

    /// The anti-rollback reference: the newest of the complete state's `publishedAt` and the newest any module was
    /// installed from, leaving out either when it is later than `notAfter` (a date from the future cannot hold
    /// back later publishes).
    private func newestInstalled(_ state: InstalledState?, notAfter latest: ManifestTimestamp) -> ManifestTimestamp? {
        [state?.manifest.publishedAtTimestamp, InstalledFromMark.load(layout, channel: configuration.channel)?.newestPublishedAt]
            .compactMap { $0 }.filter { $0 <= latest }.max()
    }

    // MARK: Manifest

    private func fetchManifest(etag: String?) async -> ManifestFetch {
        let signed = !configuration.trustedKeys.isEmpty
        let fileName = signed
            ? ManifestChannel.envelopeFileName(channel: configuration.channel)
            : ManifestChannel.manifestFileName(channel: configuration.channel)
        let url = URLPath.file(fileName, in: versionURL)
        var headers: [String: String] = [:]
        if let etag { headers["If-None-Match"] = etag }
        let response: HTTPResponse
        do {
            let maximumBytes = signed ? SignedManifest.maximumEnvelopeBytes : Self.maximumManifestBytes
            response = try await ServiceHTTP.get(url, headers: headers, maximumBytes: maximumBytes, configuration: configuration)
        } catch is CancellationError {
            return .failure("cancelled")
        } catch {
            return .failure("manifest download failed: \(error)")
        }
        switch response.statusCode {
        case 304 where etag != nil:
            return .notModified
        case 200:
            var body = response.body
            var keyID: String?
            if signed {
                do {
                    (body, keyID) = try SignedManifest.verifiedPayload(body, trustedKeys: configuration.trustedKeys)
                } catch {
                    return .failure("signed manifest refused (\(error.code)): \(error.reason)", code: .signature)
                }
                guard body.count <= Self.maximumManifestBytes else {
                    return .failure("signed manifest is \(body.count) bytes, more than the \(Self.maximumManifestBytes) accepted for \(ManifestChannel.manifestFileName(channel: configuration.channel))")
                }
            }
            let manifest: Manifest
            do {
                manifest = try Manifest(bytes: body)
            } catch {
                return .failure("manifest rejected (\(error.code)): \(error.reason)")
            }
            guard manifest.appVersion == configuration.appVersion else {
                return .failure("manifest is for app version \"\(manifest.appVersion)\", not \"\(configuration.appVersion)\"")
            }
            guard manifest.channel == configuration.channel else {
                return .failure("\(fileName) names the channel \(Self.channelText(manifest.channel)), but this app reads the channel \(Self.channelText(configuration.channel)); nothing was installed", code: .channel)
            }
            // The longest list a device can use: the stable entries with the modules a rollout adds.
            let entries = manifest.modules(inRollout: true).count + manifest.rejectedModules.count
                + (manifest.rollout?.rejectedModules.count ?? 0)
            guard entries <= configuration.maximumManifestModules else {
                return .failure("manifest lists \(entries) modules, more than the limit of \(configuration.maximumManifestModules) (maximumManifestModules)")
            }
            let serverDate = response.value(forHeader: "Date").flatMap(HTTPDate.parse)
            let deviceClock = ManifestTimestamp(configuration.deviceClock())
            let clock = serverDate ?? deviceClock
            let latest = clock.adding(seconds: configuration.publishedAtToleranceSeconds)
            guard manifest.publishedAtTimestamp <= latest else {
                let source = serverDate == nil ? "the device clock" : "the server's Date"
                return .failure("manifest publishedAt \(ManifestDate.format(manifest.publishedAtTimestamp)) is later than \(source) \(ManifestDate.format(clock)) by more than \(ServiceHTTP.text(configuration.publishedAtToleranceSeconds)) s (publishedAtToleranceSeconds); ignored")
            }
            // An installed date is dropped as a reference only when both clocks put it in the future: a cache
            // serves a stored response with the Date it was stored with (RFC 9111 section 4), so a stale edge's
            // Date alone would make a newer install look like one from the future.
            let trusted = max(clock, deviceClock).adding(seconds: configuration.publishedAtToleranceSeconds)
            return .fetched(manifest, etag: response.value(forHeader: "ETag"), latestTrusted: trusted, keyID: keyID)
        default:
            let hint = signed && response.statusCode == 404 ? " (trusted keys are configured, so only \(fileName) is read: was the publish signed?)" : ""
            return .failure("manifest HTTP status \(response.statusCode)\(hint)")
        }
    }

    /// `"staging"`, or `production` for nil.
    private static func channelText(_ channel: String?) -> String {
        channel.map { "\"\($0)\"" } ?? ManifestChannel.production
    }

    // MARK: Install

    private func apply(
        _ manifest: Manifest, etag: String?, latestTrusted: ManifestTimestamp, keyID: String?
    ) async -> Outcome {
        let installID: String
        do {
            installID = try gate.commit { () throws(InstallFailure) -> String in
                try prepareStorage()
                let installID = try InstallID.loadOrCreate(layout)
                try raiseInstalledFromMark(to: manifest.publishedAtTimestamp, latestTrusted: latestTrusted)
                return installID
            }
        } catch {
            if error.code == .cancelled { return cancelled(.updated) }
            var modules = manifest.modules.map {
                OTALocalizationCycleReport.Module(name: $0.name, outcome: .failed, reason: "storage: \(error.reason)", code: .storage)
            }
            modules += rejectedReports(manifest)
            return Outcome(report: .init(manifest: .updated, error: "storage: \(error.reason)", modules: modules), installedFolders: [])
        }
        DurableFiles.removeTrash(in: layout.storageRoot)
        let selection = RolloutSelection(manifest, installID: installID)

        var reports: [OTALocalizationCycleReport.Module?] = Array(repeating: nil, count: selection.modules.count)
        var pending: [(index: Int, module: ManifestModule, plan: SlicePlan?)] = []
        var seen: Set<String> = []
        for (index, module) in selection.modules.enumerated() {
            let plan = slicePlan(module, manifest)
            if !seen.insert(module.name).inserted {
                reports[index] = .init(name: module.name, outcome: .failed, reason: "duplicate module name in the manifest", code: .manifest)
            } else if installedHash(of: module.name, developmentRegion: manifest.developmentRegion, sliced: plan != nil)
                        == (plan?.folderHash ?? module.sha256) {
                reports[index] = recordRollout(of: module, selection) ?? .init(name: module.name, outcome: .skipped)
            } else {
                pending.append((index, module, plan))
            }
        }
        context.progress.plan(
            .updated, names: selection.modules.map(\.name), modules: reports, trailing: rejectedReports(selection),
            rollout: selection.report)

        let installer = ModuleInstaller(
            configuration: configuration, versionURL: versionURL, developmentRegion: manifest.developmentRegion,
            protectedFolders: protectedFolders(), context: context)
        var installed: [String] = []
        await withTaskGroup(of: (Int, ModuleInstaller.Result).self) { group in
            var queue = pending.makeIterator()
            for _ in 0..<configuration.maximumParallelDownloads {
                guard let next = queue.next() else { break }
                group.addTask { (next.index, await installer.install(next.module, plan: next.plan, rolloutID: selection.rolloutID(of: next.module))) }
            }
            while let (index, result) = await group.next() {
                reports[index] = result.report
                context.progress.record(index, result.report)
                if let folder = result.installedFolder { installed.append(folder) }
                if let next = queue.next() {
                    group.addTask { (next.index, await installer.install(next.module, plan: next.plan, rolloutID: selection.rolloutID(of: next.module))) }
                }
            }
        }
        var modules = reports.compactMap { $0 } + rejectedReports(selection)
        if Task.isCancelled || gate.isRevoked {
            return Outcome(report: .init(manifest: .updated, error: "cancelled", rollout: selection.report, modules: modules), installedFolders: installed)
        }

        modules += removeUnlisted(selection)
        collectSuperseded(selection)

        var report = OTALocalizationCycleReport(manifest: .updated, rollout: selection.report, modules: modules)
        if report.failed == 0 && !Task.isCancelled {
            do {
                try gate.commit { () throws(InstallFailure) in
                    try InstalledState(manifest: manifest, etag: etag, keyID: keyID).save(layout)
                }
                report.stateSaved = true
            } catch {
                report.error = error.code == .cancelled ? "cancelled" : "state not saved: \(error.reason)"
            }
        }
        gate.attempt { emptyTemporaryFolder() }
        return Outcome(report: report, installedFolders: installed)
    }

    private func rejectedReports(_ manifest: Manifest) -> [OTALocalizationCycleReport.Module] {
        reports(of: manifest.rejectedModules)
    }

    private func rejectedReports(_ selection: RolloutSelection) -> [OTALocalizationCycleReport.Module] {
        reports(of: selection.rejected)
    }

    private func reports(of rejected: [RejectedModule]) -> [OTALocalizationCycleReport.Module] {
        rejected.map { .init(name: $0.name ?? "(unnamed)", outcome: .failed, reason: $0.reason, code: .manifest) }
    }

    private func cancelled(_ manifest: OTALocalizationCycleReport.ManifestOutcome) -> Outcome {
        Outcome(report: .init(manifest: manifest, error: "cancelled"), installedFolders: [])
    }

    /// The SHA-256 of the folder `current` names for `module`, when that folder passes the full check
    /// (``InstalledFolderCheck``): a damaged folder is reinstalled.
    private func installedHash(of module: String, developmentRegion: String, sliced: Bool = false) -> String? {
        guard let folder = layout.activeInstallFolder(module: module),
              InstalledFolderCheck.isIntact(folder, developmentRegion: developmentRegion, sliced: sliced)
        else { return nil }
        return OTAStorageLayout.sha256(ofInstallFolderName: folder.lastPathComponent)
    }

    /// Whether every module the device uses from the manifest is installed as this device needs it and intact.
    /// A change of the device's languages makes a module installed from slices not intact: its folder is not the
    /// one the languages now choose.
    private func isIntact(_ selection: RolloutSelection) -> Bool {
        selection.modules.allSatisfy { module in
            let plan = slicePlan(module, selection.manifest)  // once: it runs the language matcher
            return installedHash(of: module.name, developmentRegion: selection.manifest.developmentRegion, sliced: plan != nil)
                == (plan?.folderHash ?? module.sha256)
        }
    }

    /// The slices this device installs for `module`, or nil when the manifest has none for it (the full ZIP).
    private func slicePlan(_ module: ManifestModule, _ manifest: Manifest) -> SlicePlan? {
        SlicePlan(module, developmentRegion: manifest.developmentRegion, selection: configuration.localizationSelection)
    }

    /// The name of the folder this device installs `module` to: the full ZIP's SHA-256, or its slice plan's.
    private func folderHash(of module: ManifestModule, _ manifest: Manifest) -> String {
        slicePlan(module, manifest)?.folderHash ?? module.sha256
    }

    /// Inside the gate: makes the rollout record of an installed, skipped `module` name the rollout its entry
    /// comes from now (a rollout that finished makes the same content stable). Nil when that is done; the
    /// module's failure (`storage`) when the record cannot be written.
    private func recordRollout(of module: ManifestModule, _ selection: RolloutSelection) -> OTALocalizationCycleReport.Module? {
        do {
            try gate.commit { () throws(InstallFailure) in
                try RolloutRecord.set(
                    layout, module: module.name, sha256: folderHash(of: module, selection.manifest),
                    rolloutID: selection.rolloutID(of: module))
            }
            return nil
        } catch {
            let reason = error.code == .cancelled ? "cancelled" : "rollout record not written: \(error.reason)"
            return .init(name: module.name, outcome: .failed, reason: reason, code: error.code)
        }
    }

    /// Folders never deleted or replaced by this process: launch set, earlier installs, read-side loads.
    private func protectedFolders() -> Set<String> {
        launchFolders.union(installedEarlier).union(OTALocalizedString.foldersLoadedThisProcess())
    }

    // MARK: Housekeeping

    /// Inside the gate: creates the folders (moving aside a wrong kind of file found where one is expected),
    /// empties `tmp/`, records a newly created version folder in the root marker and deletes the other
    /// app-version folders the marker lists.
    private func prepareStorage() throws(InstallFailure) {
        let versionExisted = DurableFiles.isDirectory(layout.versionFolder)
        try DurableFiles.ensureDirectory(layout.versionFolder, layout: layout)
        DurableFiles.excludeFromBackup(layout.storageRoot)
        if DurableFiles.isDirectory(layout.temporaryFolder) {
            emptyTemporaryFolder()
        } else {
            DurableFiles.discard(layout.temporaryFolder, layout: layout)
        }
        try DurableFiles.makeDirectory(layout.temporaryFolder)
        try DurableFiles.ensureDirectory(layout.modulesFolder, layout: layout)
        DurableFiles.clearForFile(layout.stateFile, layout: layout)
        DurableFiles.clearForFile(layout.installedFromFile, layout: layout)
        DurableFiles.clearForFile(layout.rootMarkerFile, layout: layout)
        var marker = RootMarker.load(layout)
        var changed = false
        if !versionExisted && !marker.createdAppVersions.contains(layout.appVersion) {
            marker.createdAppVersions.append(layout.appVersion)
            changed = true
        }
        for version in marker.createdAppVersions where version != layout.appVersion {
            if OTAStorageLayout.isPlainFileName(version) {
                DurableFiles.discard(layout.storageRoot.appendingPathComponent(version, isDirectory: true), layout: layout)
            }
            marker.createdAppVersions.removeAll { $0 == version }
            changed = true
        }
        if changed { try marker.save(layout) }
    }

    /// Inside the gate: raises `installed-from.json` to `publishedAt` before anything from that manifest can be
    /// committed. A mark later than `latestTrusted` (from the future) is replaced, never kept.
    private func raiseInstalledFromMark(to publishedAt: ManifestTimestamp, latestTrusted: ManifestTimestamp) throws(InstallFailure) {
        if let mark = InstalledFromMark.load(layout, channel: configuration.channel),
           mark.newestPublishedAt >= publishedAt, mark.newestPublishedAt <= latestTrusted {
            return
        }
        try InstalledFromMark(newestPublishedAt: publishedAt, channel: configuration.channel).save(layout)
    }

    /// The 304 path's housekeeping: everything `prepareStorage` does, plus superseded-folder collection.
    private func housekeeping(keeping selection: RolloutSelection) {
        guard (try? gate.commit({ () throws(InstallFailure) in try prepareStorage() })) != nil else { return }
        DurableFiles.removeTrash(in: layout.storageRoot)
        for module in selection.modules { _ = recordRollout(of: module, selection) }
        collectSuperseded(selection)
        collectUnlisted(selection)
        gate.attempt { emptyTemporaryFolder() }
    }

    /// Removes the `current` pointer of every installed module the manifest no longer lists (a rejected entry
    /// still counts as listed: it fails, it is not removed), then collects those modules' unprotected folders.
    private func removeUnlisted(_ selection: RolloutSelection) -> [OTALocalizationCycleReport.Module] {
        var removed: [OTALocalizationCycleReport.Module] = []
        for folder in unlistedModuleFolders(selection) {
            guard let name = OTAStorageLayout.moduleName(fromStorageName: folder) else { continue }
            let pointer = layout.currentPointerFile(module: name)
            let done = gate.attempt {
                // A module folder that is not a folder (a symbolic link) is moved aside by `collectUnlisted`;
                // nothing is removed through it.
                guard DurableFiles.isDirectory(layout.moduleFolder(name)), DurableFiles.exists(pointer) else { return }
                DurableFiles.remove(pointer)
                DurableFiles.syncDirectory(layout.moduleFolder(name))
                removed.append(.init(name: name, outcome: .removed))
            }
            if !done { break }
        }
        collectUnlisted(selection)
        return removed
    }

    /// Entries of `modules/` that are not the storage name of a module the device lists (accepted or rejected, of
    /// the stable entries or, on a device in the rollout, of the rollout's), sorted.
    private func unlistedModuleFolders(_ selection: RolloutSelection) -> [String] {
        let listed = Set(selection.listedNames.map(OTAStorageLayout.storageName(forModule:)))
        return DurableFiles.contents(of: layout.modulesFolder).sorted().filter { !listed.contains($0) }
    }

    /// Deletes the unprotected folders of unlisted modules (keeping any folder a remaining pointer names), each
    /// module folder left empty, and anything in `modules/` that is not a module's folder.
    private func collectUnlisted(_ selection: RolloutSelection) {
        let protected = protectedFolders()
        for name in unlistedModuleFolders(selection) {
            let folder = layout.modulesFolder.appendingPathComponent(name, isDirectory: true)
            let done = gate.attempt {
                guard let module = OTAStorageLayout.moduleName(fromStorageName: name), DurableFiles.isDirectory(folder) else {
                    DurableFiles.discard(folder, layout: layout)
                    return
                }
                let active = layout.activeInstallFolder(module: module)?.lastPathComponent
                collect(moduleFolder: folder, keeping: active, protected: protected)
                if DurableFiles.contents(of: folder).isEmpty { DurableFiles.remove(folder) }
            }
            if !done { return }
        }
    }

    /// Deletes every entry of each listed module's folder except `current`, the folder it names, its rollout
    /// record, and protected folders (loaded by this process: they go in a cycle of a later process).
    private func collectSuperseded(_ selection: RolloutSelection) {
        let protected = protectedFolders()
        for module in Set(selection.modules.map(\.name)) {
            let done = gate.attempt {
                let active = layout.activeInstallFolder(module: module)?.lastPathComponent
                collect(moduleFolder: layout.moduleFolder(module), keeping: active, protected: protected)
            }
            if !done { return }
        }
    }

    /// A `moduleFolder` that is not a folder (a symbolic link to somewhere else) is left alone: what it names is
    /// not the cycle's to delete. A reinstall of the module moves it aside (``ModuleInstaller``). The rollout
    /// record stays only beside an active folder.
    private func collect(moduleFolder: URL, keeping active: String?, protected: Set<String>) {
        guard DurableFiles.isDirectory(moduleFolder) else { return }
        for name in DurableFiles.contents(of: moduleFolder) {
            if name == OTAStorageLayout.currentPointerFileName || name == active { continue }
            if name == OTAStorageLayout.rolloutRecordFileName, active != nil { continue }
            let entry = moduleFolder.appendingPathComponent(name, isDirectory: true)
            if protected.contains(entry.standardizedFileURL.path) { continue }
            DurableFiles.discard(entry, layout: layout)
        }
    }

    private func emptyTemporaryFolder() {
        for name in DurableFiles.contents(of: layout.temporaryFolder) {
            DurableFiles.remove(layout.temporaryFolder.appendingPathComponent(name))
        }
    }
}
