import Foundation
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

    /// Installs `module`; `rolloutID` names the rollout its entry comes from (nil: the stable entry), recorded
    /// beside `current` (``RolloutRecord``).
    func install(_ module: ManifestModule, rolloutID: String? = nil) async -> Result {
        let started = DispatchTime.now().uptimeNanoseconds
        var bytes: Int64 = 0
        func elapsed() -> Int { Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000) }
        do {
            let folder = try await installSteps(module, rolloutID: rolloutID, bytes: &bytes)
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

    private func installSteps(_ module: ManifestModule, rolloutID: String?, bytes: inout Int64) async throws(InstallFailure) -> URL {
        guard OTAStorageLayout.canStore(module: module.name) else {
            throw InstallFailure(.manifest, "module name is longer than \(OTAStorageLayout.maximumStorageNameBytes) bytes as a folder name")
        }
        guard module.size <= limits.maximumArchiveBytes else {
            throw InstallFailure(.limit, "ZIP size \(module.size) is over the limit of \(limits.maximumArchiveBytes) bytes (maximumArchiveBytes)")
        }
        try await reserve(module.size, in: context.archiveBytes, or: "ZIP size \(module.size) is over the limit of \(context.archiveBytes.capacity) bytes held at once (maximumBufferedArchiveBytes)")
        defer { context.archiveBytes.release(module.size) }
        let archive = try await download(module, bytes: &bytes)
        let entries = try Self.bundleEntries(of: archive)
        let declared = entries.reduce(Int64(0)) { $0 + Int64($1.uncompressedSize) }
        guard context.inflatedBytes.take(declared) else {
            throw InstallFailure(.limit, "the module inflates to \(declared) bytes, more than the \(context.inflatedBytes.limit - context.inflatedBytes.total) left of the cycle's \(context.inflatedBytes.limit) (maximumCycleUncompressedBytes)")
        }
        try checkCancellation()
        let staging = layout.temporaryFolder.appendingPathComponent("install-\(UUID().uuidString)", isDirectory: true)
        try DurableFiles.makeNewDirectory(staging)
        defer { DurableFiles.remove(staging) }
        var sealed: [BundleSeal.File] = []
        var subfolders: Set<String> = []
        for entry in entries {
            try checkCancellation()
            try await reserve(Int64(entry.uncompressedSize), in: context.tableBytes, or: "")
            defer { context.tableBytes.release(Int64(entry.uncompressedSize)) }
            let data = try checkedContents(of: entry, in: archive)
            let parts = entry.path.split(separator: "/").map(String.init)
            if parts.count == 2, subfolders.insert(parts[0]).inserted {
                try DurableFiles.makeNewDirectory(staging.appendingPathComponent(parts[0], isDirectory: true))
            }
            try DurableFiles.writeNewFile(data, to: staging.appendingPathComponent(entry.path, isDirectory: false))
            sealed.append(.init(path: entry.path, size: Int64(data.count), sha256: CoreFormats.sha256Hex(data)))
        }
        try DurableFiles.writeNewFile(BundleSeal(files: sealed).encoded(), to: staging.appendingPathComponent(BundleSeal.fileName))
        for name in subfolders { DurableFiles.syncDirectory(staging.appendingPathComponent(name, isDirectory: true)) }
        DurableFiles.syncDirectory(staging)
        try checkCancellation()
        return try context.gate.commit { () throws(InstallFailure) -> URL in try commit(staging, module: module, rolloutID: rolloutID) }
    }

    /// GET under the request deadline, then status, size and SHA-256 against the manifest, then the ZIP directory.
    private func download(_ module: ManifestModule, bytes: inout Int64) async throws(InstallFailure) -> ZipArchive {
        let response: HTTPResponse
        do {
            response = try await ServiceHTTP.get(
                URLPath.file(module.path, in: versionURL), headers: [:], maximumBytes: module.size, configuration: configuration)
        } catch is CancellationError {
            throw InstallFailure(.cancelled, "cancelled")
        } catch {
            throw InstallFailure(.transport, "download failed: \(error)")
        }
        bytes = Int64(response.body.count)
        guard response.statusCode == 200 else { throw InstallFailure(.transport, "HTTP status \(response.statusCode)") }
        guard bytes == module.size else {
            throw InstallFailure(.verification, "size mismatch: received \(bytes) bytes, manifest says \(module.size)")
        }
        let digest = CoreFormats.sha256Hex(response.body)
        guard digest == module.sha256 else {
            throw InstallFailure(.verification, "sha256 mismatch: received \(digest), manifest says \(module.sha256)")
        }
        try checkCancellation()
        return try CoreFormats.open(response.body, limits: limits)
    }

    /// One kept entry's bytes as they are installed: a table that parses, or the canonical `Info.plist`.
    private func checkedContents(of entry: ZipEntry, in archive: ZipArchive) throws(InstallFailure) -> Data {
        let data = try CoreFormats.contents(of: entry, in: archive)
        guard entry.path == "Info.plist" else {
            try CoreFormats.validateTable(data, path: entry.path)
            return data
        }
        // The project's own reader: Foundation's leaks memory on malformed input (docs/apple-platform.md X8).
        let declared: String?
        do {
            declared = try BundleInfoPlist.developmentRegion(in: data)
        } catch {
            throw InstallFailure(.content, "Info.plist is not a property-list dictionary")
        }
        guard let declared else { throw InstallFailure(.content, "Info.plist has no string CFBundleDevelopmentRegion") }
        guard declared == developmentRegion else {
            throw InstallFailure(.content, "Info.plist declares CFBundleDevelopmentRegion \"\(declared)\", not the manifest's developmentRegion \"\(developmentRegion)\"")
        }
        return BundleInfoPlist.bytes(developmentRegion: developmentRegion)
    }

    /// Inside the gate: the staged folder goes into place under a name no loaded folder has, then `current`
    /// names it. A folder of the same name that is not protected and not `current` is a leftover (a crash before
    /// the pointer moved): it is replaced. Otherwise the next free `<sha256>.<n>` is used, so a loaded folder is
    /// never rewritten; the old one is collected by a cycle of a later process. The rollout record is written
    /// before the pointer moves to a rollout's content and removed after it moves to stable content.
    private func commit(_ staging: URL, module: ManifestModule, rolloutID: String?) throws(InstallFailure) -> URL {
        try DurableFiles.ensureDirectory(layout.modulesFolder, layout: layout)
        let moduleFolder = layout.moduleFolder(module.name)
        try DurableFiles.ensureDirectory(moduleFolder, layout: layout)
        let active = layout.activeInstallFolder(module: module.name)?.lastPathComponent
        var copy = 0
        var destination = layout.installFolder(module: module.name, sha256: module.sha256)
        while DurableFiles.exists(destination) {
            let name = destination.lastPathComponent
            if name != active, !protectedFolders.contains(destination.standardizedFileURL.path) {
                DurableFiles.discard(destination, layout: layout)
                break
            }
            copy += 1
            guard copy <= 999_999 else { throw InstallFailure(.storage, "no free folder name for \(module.sha256)") }
            destination = layout.installFolder(
                module: module.name, folderName: OTAStorageLayout.installFolderName(sha256: module.sha256, copy: copy))
        }
        try DurableFiles.rename(staging, to: destination)
        DurableFiles.syncDirectory(moduleFolder)
        if rolloutID != nil {
            try RolloutRecord.set(layout, module: module.name, sha256: module.sha256, rolloutID: rolloutID)
        }
        try Self.pointCurrent(layout, module: module.name, folderName: destination.lastPathComponent)
        if rolloutID == nil {
            try RolloutRecord.set(layout, module: module.name, sha256: module.sha256, rolloutID: nil)
        }
        context.progress.committed(destination.standardizedFileURL.path)
        return destination
    }

    /// Replaces `modules/<module>/current` atomically with a pointer to `folderName`.
    static func pointCurrent(_ layout: OTAStorageLayout, module: String, folderName: String) throws(InstallFailure) {
        let pointer = layout.currentPointerFile(module: module)
        DurableFiles.clearForFile(pointer, layout: layout)
        try DurableFiles.replaceFile(
            pointer, with: OTAStorageLayout.currentPointerContents(folderName: folderName),
            temporaryFolder: layout.temporaryFolder)
    }

    private func reserve(_ bytes: Int64, in budget: ByteBudget, or limitReason: String) async throws(InstallFailure) {
        let granted: Bool
        do {
            granted = try await budget.reserve(bytes)
        } catch {
            throw InstallFailure(.cancelled, "cancelled")
        }
        guard granted else { throw InstallFailure(.limit, limitReason) }
    }

    private func checkCancellation() throws(InstallFailure) {
        if Task.isCancelled || context.gate.isRevoked { throw InstallFailure(.cancelled, "cancelled") }
    }

    /// The entries to install, `Info.plist` first: `Info.plist` (required) and every
    /// `<name>.lproj/<table>.strings|.stringsdict`. Other entries are ignored and never inflated.
    static func bundleEntries(of archive: ZipArchive) throws(InstallFailure) -> [ZipEntry] {
        var kept: [ZipEntry] = []
        var infoPlist: ZipEntry?
        for entry in archive.entries where !entry.isDirectory {
            let components = entry.path.split(separator: "/", omittingEmptySubsequences: false)
            if components.count == 1, entry.path == "Info.plist" {
                infoPlist = entry
            } else if components.count == 2, isLprojName(components[0]), isTableName(components[1]) {
                guard !entry.path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                    throw InstallFailure(.archive, "archive rejected: \(entry.path.debugDescription) has a control character in its name")
                }
                kept.append(entry)
            }
        }
        guard let infoPlist else { throw InstallFailure(.content, "ZIP has no Info.plist at its root") }
        return [infoPlist] + kept
    }

    private static func isLprojName(_ name: Substring) -> Bool {
        name.hasSuffix(".lproj") && name.count > ".lproj".count
    }

    private static func isTableName(_ name: Substring) -> Bool {
        (name.hasSuffix(".strings") && name.count > ".strings".count)
            || (name.hasSuffix(".stringsdict") && name.count > ".stringsdict".count)
    }
}
