import Foundation
import OTALocalizations
import OTALocalizationsCore

/// One update cycle, DESIGN.md's "One update cycle" steps 2-7; the service runs it off its actor.
struct UpdateCycle: Sendable {
    let configuration: OTALocalizationServiceConfiguration
    /// Standardized paths of folders that were `current` when the service was created (this process's launch).
    let launchFolders: Set<String>
    /// Standardized paths of folders this process installed in earlier cycles.
    let installedEarlier: Set<String>

    struct Outcome: Sendable {
        var report: OTALocalizationCycleReport
        var installedFolders: [String]
    }

    private enum ManifestFetch {
        case failure(String)
        case notModified
        case fetched(Manifest, etag: String?)
    }

    /// The largest `manifest.json` accepted, in bytes.
    static let maximumManifestBytes: Int64 = 4 * 1024 * 1024

    private var layout: OTAStorageLayout { configuration.layout }
    private var versionURL: URL { URLPath.appending(configuration.appVersion, to: configuration.baseURL) }

    func run() async -> Outcome {
        guard layout.hasUsableAppVersion else {
            return Outcome(report: .init(manifest: .failed, error: "app version \"\(configuration.appVersion)\" is not a plain file name"), installedFolders: [])
        }
        let state = InstalledState.load(layout)
        var manifest: Manifest
        var etag: String?
        switch await fetchManifest(etag: state?.etag) {
        case .failure(let reason):
            return Outcome(report: .init(manifest: .failed, error: reason), installedFolders: [])
        case .fetched(let fetched, let fetchedETag):
            (manifest, etag) = (fetched, fetchedETag)
        case .notModified:
            guard let state else {
                return Outcome(report: .init(manifest: .failed, error: "HTTP status 304 without If-None-Match"), installedFolders: [])
            }
            if Task.isCancelled { return cancelled(.failed) }
            if isIntact(state.manifest) {
                housekeeping(keeping: state.manifest)
                let modules = state.manifest.modules.map { OTALocalizationCycleReport.Module(name: $0.name, outcome: .skipped) }
                return Outcome(report: .init(manifest: .notModified, modules: modules), installedFolders: [])
            }
            switch await fetchManifest(etag: nil) {
            case .failure(let reason):
                return Outcome(report: .init(manifest: .failed, error: reason), installedFolders: [])
            case .notModified:
                return Outcome(report: .init(manifest: .failed, error: "HTTP status 304 without If-None-Match"), installedFolders: [])
            case .fetched(let fetched, let fetchedETag):
                (manifest, etag) = (fetched, fetchedETag)
            }
        }
        if let installed = state?.manifest, manifest.publishedAt < installed.publishedAt {
            let error = "manifest publishedAt \(ManifestDate.format(manifest.publishedAt)) is older than the installed \(ManifestDate.format(installed.publishedAt))"
            return Outcome(report: .init(manifest: .stale, error: error), installedFolders: [])
        }
        if Task.isCancelled { return cancelled(.updated) }
        return await apply(manifest, etag: etag)
    }

    // MARK: Manifest

    private func fetchManifest(etag: String?) async -> ManifestFetch {
        let url = URLPath.file("manifest.json", in: versionURL)
        var headers: [String: String] = [:]
        if let etag { headers["If-None-Match"] = etag }
        let response: HTTPResponse
        do {
            response = try await configuration.transport.get(
                url, headers: headers, timeout: configuration.requestTimeout, maximumBytes: Self.maximumManifestBytes)
        } catch {
            return .failure("manifest download failed: \(error)")
        }
        switch response.statusCode {
        case 304 where etag != nil:
            return .notModified
        case 200:
            do {
                let manifest = try Manifest(bytes: response.body)
                guard manifest.appVersion == configuration.appVersion else {
                    return .failure("manifest is for app version \"\(manifest.appVersion)\", not \"\(configuration.appVersion)\"")
                }
                return .fetched(manifest, etag: response.value(forHeader: "ETag"))
            } catch let error as ManifestError {
                return .failure("manifest rejected (\(error.code)): \(error.reason)")
            } catch {
                return .failure("manifest rejected: \(error)")
            }
        default:
            return .failure("manifest HTTP status \(response.statusCode)")
        }
    }

    // MARK: Install

    private func apply(_ manifest: Manifest, etag: String?) async -> Outcome {
        do {
            try prepareStorage()
        } catch {
            var modules = manifest.modules.map {
                OTALocalizationCycleReport.Module(name: $0.name, outcome: .failed, reason: "storage: \(error.reason)")
            }
            modules += rejectedReports(manifest)
            return Outcome(report: .init(manifest: .updated, error: "storage: \(error.reason)", modules: modules), installedFolders: [])
        }

        var reports: [OTALocalizationCycleReport.Module?] = Array(repeating: nil, count: manifest.modules.count)
        var pending: [(index: Int, module: ManifestModule)] = []
        var seen: Set<String> = []
        for (index, module) in manifest.modules.enumerated() {
            if !seen.insert(module.name).inserted {
                reports[index] = .init(name: module.name, outcome: .failed, reason: "duplicate module name in the manifest")
            } else if installedHash(of: module.name) == module.sha256 {
                reports[index] = .init(name: module.name, outcome: .skipped)
            } else {
                pending.append((index, module))
            }
        }

        let installer = ModuleInstaller(
            layout: layout, versionURL: versionURL, transport: configuration.transport,
            timeout: configuration.requestTimeout, limits: configuration.limits, protectedFolders: protectedFolders())
        var installed: [String] = []
        await withTaskGroup(of: (Int, ModuleInstaller.Result).self) { group in
            var queue = pending.makeIterator()
            for _ in 0..<configuration.maximumParallelDownloads {
                guard let next = queue.next() else { break }
                group.addTask { (next.index, await installer.install(next.module)) }
            }
            while let (index, result) = await group.next() {
                reports[index] = result.report
                if let folder = result.installedFolder { installed.append(folder) }
                if let next = queue.next() {
                    group.addTask { (next.index, await installer.install(next.module)) }
                }
            }
        }
        var modules = reports.compactMap { $0 } + rejectedReports(manifest)
        if Task.isCancelled {
            var report = OTALocalizationCycleReport(manifest: .updated, error: "cancelled", modules: modules)
            report.stateSaved = false
            return Outcome(report: report, installedFolders: installed)
        }

        modules += removeUnlisted(manifest)
        collectSuperseded(manifest)

        var report = OTALocalizationCycleReport(manifest: .updated, modules: modules)
        if report.failed == 0 && !Task.isCancelled {
            do {
                try InstalledState(manifest: manifest, etag: etag).save(layout)
                report.stateSaved = true
            } catch {
                report.error = "state not saved: \(error.reason)"
            }
        }
        emptyTemporaryFolder()
        return Outcome(report: report, installedFolders: installed)
    }

    private func rejectedReports(_ manifest: Manifest) -> [OTALocalizationCycleReport.Module] {
        manifest.rejectedModules.map { .init(name: $0.name ?? "(unnamed)", outcome: .failed, reason: $0.reason) }
    }

    private func cancelled(_ manifest: OTALocalizationCycleReport.ManifestOutcome) -> Outcome {
        Outcome(report: .init(manifest: manifest, error: "cancelled"), installedFolders: [])
    }

    /// The hash `current` names for `module`, when that folder's `Info.plist` is readable.
    private func installedHash(of module: String) -> String? {
        guard let folder = BundleDiskLoader.activeFolder(layout, module: module),
              BundleDiskLoader.isIntactBundleFolder(folder)
        else { return nil }
        return folder.lastPathComponent
    }

    /// Whether every module of `manifest` is installed at its hash with a readable `Info.plist`.
    private func isIntact(_ manifest: Manifest) -> Bool {
        manifest.modules.allSatisfy { installedHash(of: $0.name) == $0.sha256 }
    }

    /// Folders never deleted or replaced by this process: launch set, earlier installs, read-side loads.
    private func protectedFolders() -> Set<String> {
        launchFolders.union(installedEarlier).union(OTALocalizedString.foldersLoadedThisProcess())
    }

    // MARK: Housekeeping

    /// Creates the folders, empties `tmp/`, records a newly created version folder in the root marker and
    /// deletes the other app-version folders the marker lists.
    private func prepareStorage() throws(InstallFailure) {
        let versionExisted = DurableFiles.isDirectory(layout.versionFolder)
        try DurableFiles.makeDirectory(layout.versionFolder)
        DurableFiles.excludeFromBackup(layout.storageRoot)
        if DurableFiles.isDirectory(layout.temporaryFolder) {
            emptyTemporaryFolder()
        } else {
            DurableFiles.remove(layout.temporaryFolder)
        }
        try DurableFiles.makeDirectory(layout.temporaryFolder)
        try DurableFiles.makeDirectory(layout.modulesFolder)
        var marker = RootMarker.load(layout)
        var changed = false
        if !versionExisted && !marker.createdAppVersions.contains(layout.appVersion) {
            marker.createdAppVersions.append(layout.appVersion)
            changed = true
        }
        for version in marker.createdAppVersions where version != layout.appVersion {
            if OTAStorageLayout.isPlainFileName(version) {
                DurableFiles.discard(layout.storageRoot.appendingPathComponent(version, isDirectory: true),
                                     trashFolder: layout.temporaryFolder)
            }
            marker.createdAppVersions.removeAll { $0 == version }
            changed = true
        }
        if changed { try marker.save(layout) }
    }

    /// The 304 path's housekeeping: everything `prepareStorage` does, plus superseded-folder collection.
    private func housekeeping(keeping manifest: Manifest) {
        guard (try? prepareStorage()) != nil else { return }
        collectSuperseded(manifest)
        collectUnlisted(manifest)
        emptyTemporaryFolder()
    }

    /// Removes the `current` pointer of every installed module the manifest no longer lists (a rejected entry
    /// still counts as listed: it fails, it is not removed), then collects those modules' unprotected folders.
    private func removeUnlisted(_ manifest: Manifest) -> [OTALocalizationCycleReport.Module] {
        var removed: [OTALocalizationCycleReport.Module] = []
        for name in unlistedModules(manifest) {
            if Task.isCancelled { break }
            let pointer = layout.currentPointerFile(module: name)
            guard DurableFiles.exists(pointer) else { continue }
            DurableFiles.remove(pointer)
            DurableFiles.syncDirectory(layout.moduleFolder(name))
            removed.append(.init(name: name, outcome: .removed))
        }
        collectUnlisted(manifest)
        return removed
    }

    private func unlistedModules(_ manifest: Manifest) -> [String] {
        let listed = Set(manifest.modules.map(\.name) + manifest.rejectedModules.compactMap(\.name))
        return DurableFiles.contents(of: layout.modulesFolder).sorted().filter { !listed.contains($0) }
    }

    /// Deletes the unprotected folders of unlisted modules (keeping any folder a remaining pointer names), and
    /// each module folder left empty.
    private func collectUnlisted(_ manifest: Manifest) {
        let protected = protectedFolders()
        for name in unlistedModules(manifest) {
            if Task.isCancelled { return }
            let folder = layout.moduleFolder(name)
            guard DurableFiles.isDirectory(folder) else {
                DurableFiles.discard(folder, trashFolder: layout.temporaryFolder)
                continue
            }
            let active = BundleDiskLoader.activeFolder(layout, module: name)?.lastPathComponent
            collect(moduleFolder: folder, keeping: active, protected: protected)
            if DurableFiles.contents(of: folder).isEmpty { DurableFiles.remove(folder) }
        }
    }

    /// Deletes every entry of each listed module's folder except `current`, the folder it names, and
    /// protected folders (loaded by this process: they go in a cycle of a later process).
    private func collectSuperseded(_ manifest: Manifest) {
        let protected = protectedFolders()
        for module in Set(manifest.modules.map(\.name)) {
            if Task.isCancelled { return }
            let active = BundleDiskLoader.activeFolder(layout, module: module)?.lastPathComponent
            collect(moduleFolder: layout.moduleFolder(module), keeping: active, protected: protected)
        }
    }

    private func collect(moduleFolder: URL, keeping active: String?, protected: Set<String>) {
        for name in DurableFiles.contents(of: moduleFolder) {
            if name == OTAStorageLayout.currentPointerFileName || name == active { continue }
            let entry = moduleFolder.appendingPathComponent(name, isDirectory: true)
            if protected.contains(entry.standardizedFileURL.path) { continue }
            DurableFiles.discard(entry, trashFolder: layout.temporaryFolder)
        }
    }

    private func emptyTemporaryFolder() {
        for name in DurableFiles.contents(of: layout.temporaryFolder) {
            DurableFiles.remove(layout.temporaryFolder.appendingPathComponent(name))
        }
    }
}
