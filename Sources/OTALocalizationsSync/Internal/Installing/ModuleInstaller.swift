import Foundation
import OTALocalizationsNames
import OTALocalizations
import OTALocalizationsCore

/// Downloads, verifies, extracts, validates and installs one module's ZIP (docs/design.md, "On the device").
///
/// Order: room for the ZIP in the memory budget → GET under the request deadline → status 200 → size and SHA-256
/// equal the manifest's → ZIP directory checked under the limits → only `Info.plist` and
/// `*.lproj/*.strings|*.stringsdict` kept, their declared sizes taken from the cycle's inflation budget → one entry
/// at a time (within the cycle's table budget): inflated, checked (`Info.plist` a dictionary declaring the
/// manifest's development region, which is then written in its canonical form; each table parses), written and
/// `fsync`ed into a fresh folder in `tmp/` → the seal written last → inside the commit gate: the folder renamed to
/// `modules/<M>/<sha256>/` (or `<sha256>.<n>` when that name is in use) → `current` replaced by `rename(2)`.
struct ModuleInstaller: Sendable {
    let configuration: OTALocalizationServiceConfiguration
    let versionURL: URL
    /// The manifest's `developmentRegion`: every installed `Info.plist` declares it.
    let developmentRegion: String
    /// Folders that must not be replaced even when damaged (loaded by this process).
    let protectedFolders: Set<String>
    let context: CycleContext

    private var layout: OTAStorageLayout { configuration.layout }
    private var limits: ZipLimits { configuration.limits }

    struct Result: Sendable {
        var report: OTALocalizationCycleReport.Module
        /// The installed folder's standardized path, when the module was updated.
        var installedFolder: String?
    }

    /// Installs `module` as `choice` says (its full ZIP, or base and slices); the entry's rollout id (nil: the
    /// stable entry) is recorded beside `current` (``RolloutRecord``), `keyID`, the trusted key that vouched for
    /// the publish, in its vouch record (``VouchRecord``), and `published`, the entry's `sha256` when known, in its
    /// published-content record (``PublishedRecord``).
    func install(_ module: DeviceModule, choice: SlicePlan.Choice, keyID: String?, published: String?) async -> Result {
        let started = DispatchTime.now().uptimeNanoseconds
        var bytes: Int64 = 0
        func elapsed() -> Int { Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000) }
        do {
            let folder = try await installAndRecord(module, choice: choice, keyID: keyID, published: published, bytes: &bytes)
            let report = OTALocalizationCycleReport.Module(
                name: module.name, outcome: .updated, bytes: bytes, durationMs: elapsed())
            return Result(report: report, installedFolder: folder.standardizedFileURL.path)
        } catch {
            let report = OTALocalizationCycleReport.Module(
                name: module.name, outcome: .failed, bytes: bytes, durationMs: elapsed(), reason: error.reason,
                code: error.code)
            return Result(report: report, installedFolder: nil)
        }
    }

    /// One ZIP to download: the module's full ZIP, or one of its slices.
    private struct Download {
        /// Which of the module's ZIPs it is.
        enum Kind {
            case fullZIP
            case baseSlice
            case slice(String)
        }

        var file: PublishedFile
        var kind: Kind

        /// What the report calls it: "ZIP", "base slice" or "slice fr".
        var label: String {
            switch kind {
            case .fullZIP: "ZIP"
            case .baseSlice: "base slice"
            case .slice(let localization): "slice \(localization)"
            }
        }

        /// Whether it must hold `Info.plist`: the full ZIP and the base slice.
        var holdsInfoPlist: Bool {
            if case .slice = kind { return false }
            return true
        }

        /// What the report's reasons start with: nothing for the full ZIP (the module's own failure), else the label.
        var reasonPrefix: String {
            if case .fullZIP = kind { return "" }
            return "\(label): "
        }
    }

    /// Downloads, verifies, stages, seals and commits `module`'s folder, then writes its records beside `current`;
    /// the installed folder. `bytes` counts what was downloaded, also when it throws.
    private func installAndRecord(
        _ module: DeviceModule, choice: SlicePlan.Choice, keyID: String?, published: String?, bytes: inout Int64
    ) async throws(CycleFailure) -> URL {
        guard OTAStorageLayout.canStore(module: module.name) else {
            throw CycleFailure(.manifest, "module name is longer than \(OTAStorageLayout.maximumStorageNameBytes) bytes as a folder name")
        }
        let staging = layout.temporaryFolder.appendingPathComponent("install-\(UUID().uuidString)", isDirectory: true)
        var folder = StagedFolder(url: staging)
        defer { DurableFiles.remove(staging) }
        let folderHash: String
        var published = published
        switch choice {
        case .incomplete(let missing):
            throw CycleFailure(.manifest, "the publish as read holds no slice for \(missing.joined(separator: ", ")), which the device's languages now choose")
        case .full(let zip):
            let download = Download(file: zip, kind: .fullZIP)
            _ = try await install(download, into: &folder, bytes: &bytes) { _ throws(CycleFailure) in }
            folderHash = zip.sha256
            published = zip.sha256
        case .sliced(let plan):
            let record = plan.record.encoded()
            guard record.count <= SliceRecord.maximumBytes else {
                throw CycleFailure(.limit, "the slice record would be \(record.count) bytes, more than the \(SliceRecord.maximumBytes) the read side reads (maximumLocalizationsPerModule)")
            }
            try await installSlices(plan, module: module.name, into: &folder, bytes: &bytes)
            try folder.write(record, path: SliceRecord.fileName)
            folderHash = plan.folderHash
        }
        try folder.seal()
        try checkCancellation()
        return try context.gate.commit { () throws(CycleFailure) -> URL in
            try commit(
                staging, module: module.name, folderHash: folderHash, published: published, rolloutID: module.rolloutID,
                experiment: module.experiment, keyID: keyID)
        }
    }

    /// Writes base and the plan's slices into `folder`: each slice the active folder holds intact is copied from it
    /// (``ReusableFolder``), the others are downloaded and checked.
    private func installSlices(
        _ plan: SlicePlan, module: String, into folder: inout StagedFolder, bytes: inout Int64
    ) async throws(CycleFailure) {
        let previous = ReusableFolder(layout.activeInstallFolder(module: module), developmentRegion: developmentRegion)
        for part in plan.parts {
            if let files = previous?.files(of: part, in: plan) {
                try checkCancellation()
                for file in files { try folder.write(file.data, path: file.path) }
                continue
            }
            let download = Download(file: part.slice, kind: part.localization.map(Download.Kind.slice) ?? .baseSlice)
            let tables = try await install(download, into: &folder, bytes: &bytes) { path throws(CycleFailure) in
                guard SlicePlan.belongs(path, toSlice: part.localization, developmentRegion: plan.record.developmentRegion) else {
                    throw CycleFailure(.content, "\(download.label) holds \(path), which belongs to another slice")
                }
            }
            // A localization slice without a table of its own would be recorded as that localization while
            // holding none: the read side would hand out a bundle that shows the development region.
            if let localization = part.localization, tables == 0 {
                throw CycleFailure(.content, "\(download.label) holds no \(localization).lproj table")
            }
        }
    }

    /// Downloads one ZIP and writes its bundle entries into `folder`, each checked by `check` (a slice's entries must
    /// belong to it); `Info.plist` is required in the full ZIP and the base slice only. Returns the number of tables
    /// written.
    private func install(
        _ download: Download, into folder: inout StagedFolder, bytes: inout Int64,
        check: (String) throws(CycleFailure) -> Void
    ) async throws(CycleFailure) -> Int {
        let size = download.file.size
        guard size <= limits.maximumArchiveBytes else {
            throw CycleFailure(.limit, "\(download.label) size \(size) is over the limit of \(limits.maximumArchiveBytes) bytes (maximumArchiveBytes)")
        }
        try await reserve(size, in: context.archiveBytes, or: "\(download.label) size \(size) is over the limit of \(context.archiveBytes.capacity) bytes held at once (maximumBufferedArchiveBytes)")
        defer { context.archiveBytes.release(size) }
        let archive = try await fetch(download, bytes: &bytes)
        let entries: [ZipEntry]
        do {
            entries = try BundleArchiveRules.bundleEntries(of: archive, requireInfoPlist: download.holdsInfoPlist)
        } catch {
            throw CycleFailure(error.code, download.reasonPrefix + error.reason)
        }
        for entry in entries { try check(entry.path) }
        let declared = entries.reduce(Int64(0)) { $0 + Int64($1.uncompressedSize) }
        guard context.inflatedBytes.take(declared) else {
            throw CycleFailure(.limit, "the module inflates to \(declared) bytes, more than the \(context.inflatedBytes.limit - context.inflatedBytes.total) left of the cycle's \(context.inflatedBytes.limit) (maximumCycleUncompressedBytes)")
        }
        try checkCancellation()
        for entry in entries {
            try checkCancellation()
            try await reserve(Int64(entry.uncompressedSize), in: context.tableBytes, or: "")
            defer { context.tableBytes.release(Int64(entry.uncompressedSize)) }
            try folder.write(try BundleArchiveRules.checkedContents(of: entry, in: archive, developmentRegion: developmentRegion), path: entry.path)
        }
        return entries.filter { $0.path != BundlePath.infoPlist }.count
    }

    /// GET under the request deadline, then status, size and SHA-256 against the manifest, then the ZIP directory.
    private func fetch(_ download: Download, bytes: inout Int64) async throws(CycleFailure) -> ZipArchive {
        let response: HTTPResponse
        do {
            response = try await ServiceHTTP.get(
                URLPath.file(download.file.path, in: versionURL), headers: [:], maximumBytes: download.file.size,
                configuration: configuration)
        } catch is CancellationError {
            throw CycleFailure.cancelled
        } catch {
            throw CycleFailure(.transport, "download failed: \(error)")
        }
        bytes += Int64(response.body.count)
        let received = Int64(response.body.count)
        let prefix = download.reasonPrefix
        guard response.statusCode == 200 else { throw CycleFailure(.transport, "\(prefix)HTTP status \(response.statusCode)") }
        guard received == download.file.size else {
            throw CycleFailure(.verification, "\(prefix)size mismatch: received \(received) bytes, manifest says \(download.file.size)")
        }
        let digest = SHA256Digest.hexString(response.body)
        guard digest == download.file.sha256 else {
            throw CycleFailure(.verification, "\(prefix)sha256 mismatch: received \(digest), manifest says \(download.file.sha256)")
        }
        try checkCancellation()
        return try ModuleArchive.open(response.body, limits: limits)
    }

    /// Inside the gate: the staged folder goes into place under a name no loaded folder has, then `current`
    /// names it. A folder of the same name that is not protected and not `current` is a leftover (a crash before
    /// the pointer moved): it is replaced. Otherwise the next free `<sha256>.<n>` is used, so a loaded folder is
    /// never rewritten; the old one is collected by a cycle of a later process. The rollout record is written
    /// before the pointer moves to a rollout's content or content installed in an experiment's arm, and removed after
    /// it moves to stable content outside an experiment; the
    /// published-content record likewise, before it moves to a folder assembled from slices and after it moves to
    /// one from the full ZIP.
    private func commit(
        _ staging: URL, module: String, folderHash: String, published: String?, rolloutID: String?,
        experiment: OTALocalizationCycleReport.Experiment?, keyID: String?
    ) throws(CycleFailure) -> URL {
        try DurableFiles.ensureDirectory(layout.modulesFolder, layout: layout)
        let moduleFolder = layout.moduleFolder(module)
        try DurableFiles.ensureDirectory(moduleFolder, layout: layout)
        let active = layout.activeInstallFolder(module: module)?.lastPathComponent
        var copy = 0
        var destination = layout.installFolder(module: module, folderHash: folderHash)
        while DurableFiles.exists(destination) {
            let name = destination.lastPathComponent
            if name != active, !protectedFolders.contains(destination.standardizedFileURL.path) {
                DurableFiles.discard(destination, layout: layout)
                break
            }
            copy += 1
            guard copy <= 999_999 else { throw CycleFailure(.storage, "no free folder name for \(folderHash)") }
            destination = layout.installFolder(
                module: module, folderName: OTAStorageLayout.installFolderName(folderHash: folderHash, copy: copy))
        }
        try DurableFiles.rename(staging, to: destination)
        DurableFiles.syncDirectory(moduleFolder)
        // The vouch record names the new folder before the pointer does: a kill between the two leaves a record and a
        // pointer that disagree, which the read side treats as not vouched (embedded strings until the next cycle
        // writes the record again), never as vouched for the folder the pointer names.
        try VouchRecord.set(layout, module: module, folderName: destination.lastPathComponent, keyID: keyID)
        let tagged = rolloutID != nil || experiment?.arm != nil
        if tagged {
            try RolloutRecord.set(layout, module: module, sha256: folderHash, rolloutID: rolloutID, experiment: experiment)
        }
        if published != folderHash {
            try PublishedRecord.set(layout, module: module, folderHash: folderHash, published: published)
        }
        try Self.pointCurrent(layout, module: module, folderName: destination.lastPathComponent)
        if !tagged {
            try RolloutRecord.set(layout, module: module, sha256: folderHash, rolloutID: nil)
        }
        if published == folderHash {
            try PublishedRecord.set(layout, module: module, folderHash: folderHash, published: folderHash)
        }
        context.progress.committed(destination.standardizedFileURL.path)
        return destination
    }

    /// Replaces `modules/<module>/current` atomically with a pointer to `folderName`.
    static func pointCurrent(_ layout: OTAStorageLayout, module: String, folderName: String) throws(CycleFailure) {
        let pointer = layout.currentPointerFile(module: module)
        DurableFiles.clearForFile(pointer, layout: layout)
        try DurableFiles.replaceFile(
            pointer, with: OTAStorageLayout.currentPointerContents(folderName: folderName),
            temporaryFolder: layout.temporaryFolder, flush: .toMedium)
    }

    private func reserve(_ bytes: Int64, in budget: ByteBudget, or limitReason: String) async throws(CycleFailure) {
        let granted: Bool
        do {
            granted = try await budget.reserve(bytes)
        } catch {
            throw CycleFailure.cancelled
        }
        guard granted else { throw CycleFailure(.limit, limitReason) }
    }

    private func checkCancellation() throws(CycleFailure) {
        if Task.isCancelled || context.gate.isRevoked { throw CycleFailure.cancelled }
    }
}
