import Foundation
import OTALocalizations
import OTALocalizationsCore

extension UpdateCycle {
    /// Inside the gate: creates the folders (moving aside a wrong kind of file found where one is expected),
    /// empties `tmp/`, records a newly created version folder in the root marker and deletes the other
    /// app-version folders the marker lists.
    func prepareStorage() throws(CycleFailure) {
        let versionExisted = DurableFiles.isDirectory(layout.versionFolder)
        try DurableFiles.ensureDirectory(layout.versionFolder, layout: layout)
        DurableFiles.excludeFromBackup(layout.storageRoot)
        if DurableFiles.isDirectory(layout.temporaryFolder) {
            emptyTemporaryFolder()
        } else {
            DurableFiles.discard(layout.temporaryFolder, layout: layout)
        }
        try DurableFiles.makeDirectory(layout.temporaryFolder, layout: layout)
        try DurableFiles.ensureDirectory(layout.modulesFolder, layout: layout)
        DurableFiles.clearForFile(layout.stateFile, layout: layout)
        // The crash-loop guard's files: something other than a file there (a folder, a link, a FIFO) would keep the
        // read side from counting or quarantining, so it is moved aside like any misplaced entry; the count, written
        // in place, must also have one name (a hard link there makes the read side fail closed until it is gone).
        DurableFiles.clearForRecordWrittenInPlace(layout.launchAttemptsFile, layout: layout)
        DurableFiles.clearForFile(layout.quarantineFile, layout: layout)
        DurableFiles.clearForFile(layout.quarantineTemporaryFile, layout: layout)
        DurableFiles.clearForFile(layout.antiRollbackFile, layout: layout)
        DurableFiles.clearForFile(layout.rootMarkerFile, layout: layout)
        // The reader leases' folder: anything else there (a file, a symbolic link) would keep every read side from
        // leasing, so it is moved aside too.
        if DurableFiles.exists(layout.readerLeasesFolder), !DurableFiles.isDirectory(layout.readerLeasesFolder) {
            DurableFiles.discard(layout.readerLeasesFolder, layout: layout)
        }
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

    /// Inside the gate: raises the channel's anti-rollback mark to `publishedAt` before anything from that publish
    /// can be committed. A mark later than `latestTrusted` (from the future) is replaced, never kept.
    func raiseAntiRollbackMark(to publishedAt: ManifestTimestamp, latestTrusted: ManifestTimestamp) throws(CycleFailure) {
        let marks = AntiRollbackMark.load(layout)
        if let mark = marks.newest(channel: configuration.channel), mark >= publishedAt, mark <= latestTrusted { return }
        try marks.saving(publishedAt, channel: configuration.channel, in: layout)
    }

    /// The `304` path's housekeeping, once per process (the first `304` after launch): everything `prepareStorage`
    /// does, the records beside each module set right, superseded and unlisted folders collected. Later `304` cycles
    /// of the process write nothing: what a cycle of this process installed is protected until it ends anyway.
    func housekeepingAfterNotModified(_ state: InstalledState) {
        guard memory.claimHousekeeping() else { return }
        guard (try? gate.commit({ () throws(CycleFailure) in try prepareStorage() })) != nil else {
            memory.releaseHousekeeping()
            return
        }
        DurableFiles.removeTrash(in: layout.storageRoot)
        let choices = LocalizationChoices(selection)
        for module in state.device.modules {
            let choice = SlicePlan.choice(for: module, developmentRegion: state.device.developmentRegion, choices: choices)
            if let hash = choice.folderHash { _ = recordSkipped(module, folderHash: hash, keyID: state.keyID, published: nil) }
        }
        collectSuperseded(state.device)
        collectUnlisted(state.device)
        gate.attempt { emptyTemporaryFolder() }
    }

    /// Removes the `current` pointer of every installed module the device no longer lists (a rejected entry still
    /// counts as listed: it fails, it is not removed), then collects those modules' unprotected folders.
    func removeUnlisted(_ device: DeviceManifest) -> [OTALocalizationCycleReport.Module] {
        var removed: [OTALocalizationCycleReport.Module] = []
        for folder in unlistedModuleFolders(device) {
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
        collectUnlisted(device)
        return removed
    }

    /// Entries of `modules/` that are not the storage name of a module the device lists, sorted.
    private func unlistedModuleFolders(_ device: DeviceManifest) -> [String] {
        let listed = Set(device.listedNames.map(OTAStorageLayout.storageName(forModule:)))
        return DurableFiles.contents(of: layout.modulesFolder).sorted().filter { !listed.contains($0) }
    }

    /// Deletes the unprotected folders of unlisted modules (keeping any folder a remaining pointer names), each
    /// module folder left empty, and anything in `modules/` that is not a module's folder.
    func collectUnlisted(_ device: DeviceManifest) {
        let protected = protectedFolders()
        for name in unlistedModuleFolders(device) {
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

    /// Deletes every entry of each listed module's folder except `current`, the folder it names, its records, and
    /// protected folders (loaded by this process: they go in a cycle of a later process).
    func collectSuperseded(_ device: DeviceManifest) {
        let protected = protectedFolders()
        for module in Set(device.modules.map(\.name)) {
            let done = gate.attempt {
                let active = layout.activeInstallFolder(module: module)?.lastPathComponent
                collect(moduleFolder: layout.moduleFolder(module), keeping: active, protected: protected)
            }
            if !done { return }
        }
    }

    /// A `moduleFolder` that is not a folder (a symbolic link to somewhere else) is left alone: what it names is
    /// not the cycle's to delete. A reinstall of the module moves it aside (``ModuleInstaller``). The rollout, vouch
    /// and published-content records stay only beside an active folder.
    private func collect(moduleFolder: URL, keeping active: String?, protected: Set<String>) {
        guard DurableFiles.isDirectory(moduleFolder) else { return }
        let records: Set<String> = [
            OTAStorageLayout.rolloutRecordFileName, OTAStorageLayout.vouchRecordFileName, OTAStorageLayout.publishedRecordFileName,
        ]
        for name in DurableFiles.contents(of: moduleFolder) {
            if name == OTAStorageLayout.currentPointerFileName || name == active { continue }
            if records.contains(name), active != nil { continue }
            let entry = moduleFolder.appendingPathComponent(name, isDirectory: true)
            if protected.contains(entry.standardizedFileURL.path) { continue }
            DurableFiles.discard(entry, layout: layout)
        }
    }

    func emptyTemporaryFolder() {
        for name in DurableFiles.contents(of: layout.temporaryFolder) {
            DurableFiles.remove(layout.temporaryFolder.appendingPathComponent(name))
        }
    }
}
