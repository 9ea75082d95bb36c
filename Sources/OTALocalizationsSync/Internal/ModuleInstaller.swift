import Foundation
import OTALocalizations
import OTALocalizationsCore

/// Downloads, verifies, extracts, validates and installs one module's ZIP (DESIGN.md, "Client on disk").
///
/// Order: GET → status 200 → size and SHA-256 equal the manifest's → ZIP extracted under the limits → only
/// `Info.plist` and `*.lproj/*.strings|*.stringsdict` kept → `Info.plist` is a property-list dictionary and every
/// table parses → files written and `fsync`ed into a fresh folder in `tmp/` → folder renamed to
/// `modules/<M>/<sha256>/` → `current` replaced by `rename(2)`. Cancellation is checked before each commit step.
struct ModuleInstaller: Sendable {
    let layout: OTAStorageLayout
    let versionURL: URL
    let transport: any HTTPTransport
    let timeout: TimeInterval
    let limits: ZipLimits
    /// Folders that must not be replaced even when damaged (loaded by this process).
    let protectedFolders: Set<String>

    struct Result: Sendable {
        var report: OTALocalizationCycleReport.Module
        /// The installed folder's standardized path, when the module was updated.
        var installedFolder: String?
    }

    func install(_ module: ManifestModule) async -> Result {
        let started = DispatchTime.now().uptimeNanoseconds
        var bytes: Int64 = 0
        func elapsed() -> Int { Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000) }
        do {
            let folder = try await installSteps(module, bytes: &bytes)
            let report = OTALocalizationCycleReport.Module(
                name: module.name, outcome: .updated, bytes: bytes, durationMs: elapsed())
            return Result(report: report, installedFolder: folder.standardizedFileURL.path)
        } catch {
            let report = OTALocalizationCycleReport.Module(
                name: module.name, outcome: .failed, bytes: bytes, durationMs: elapsed(), reason: error.reason)
            return Result(report: report, installedFolder: nil)
        }
    }

    private func installSteps(_ module: ManifestModule, bytes: inout Int64) async throws(InstallFailure) -> URL {
        guard module.size <= limits.maximumArchiveBytes else {
            throw InstallFailure("ZIP size \(module.size) is over the limit of \(limits.maximumArchiveBytes) bytes")
        }
        let url = URLPath.file(module.path, in: versionURL)
        let response: HTTPResponse
        do {
            response = try await transport.get(url, headers: [:], timeout: timeout, maximumBytes: module.size)
        } catch is CancellationError {
            throw InstallFailure("cancelled")
        } catch {
            throw InstallFailure("download failed: \(error)")
        }
        bytes = Int64(response.body.count)
        guard response.statusCode == 200 else { throw InstallFailure("HTTP status \(response.statusCode)") }
        guard bytes == module.size else {
            throw InstallFailure("size mismatch: received \(bytes) bytes, manifest says \(module.size)")
        }
        let digest = CoreFormats.sha256Hex(response.body)
        guard digest == module.sha256 else {
            throw InstallFailure("sha256 mismatch: received \(digest), manifest says \(module.sha256)")
        }
        try checkCancellation()
        let files = try Self.bundleFiles(from: CoreFormats.extract(response.body, limits: limits))
        try checkCancellation()
        let staging = layout.temporaryFolder.appendingPathComponent(
            "install-\(UUID().uuidString)", isDirectory: true)
        defer { DurableFiles.remove(staging) }
        try write(files, into: staging)
        try checkCancellation()
        let destination = layout.installFolder(module: module.name, sha256: module.sha256)
        try DurableFiles.makeDirectory(layout.moduleFolder(module.name))
        if DurableFiles.exists(destination) {
            if protectedFolders.contains(destination.standardizedFileURL.path) {
                // Loaded by this process: same hash, same content; it must not change while the process lives.
            } else {
                DurableFiles.discard(destination, trashFolder: layout.temporaryFolder)
                try DurableFiles.rename(staging, to: destination)
            }
        } else {
            try DurableFiles.rename(staging, to: destination)
        }
        DurableFiles.syncDirectory(layout.moduleFolder(module.name))
        try checkCancellation()
        try Self.pointCurrent(layout, module: module.name, sha256: module.sha256)
        return destination
    }

    /// Replaces `modules/<module>/current` atomically with a pointer to `sha256`.
    static func pointCurrent(_ layout: OTAStorageLayout, module: String, sha256: String) throws(InstallFailure) {
        try DurableFiles.replaceFile(
            layout.currentPointerFile(module: module), with: OTAStorageLayout.currentPointerContents(sha256: sha256),
            temporaryFolder: layout.temporaryFolder)
    }

    private func checkCancellation() throws(InstallFailure) {
        if Task.isCancelled { throw InstallFailure("cancelled") }
    }

    /// The entries to install: `Info.plist` (required, a property-list dictionary) and every
    /// `<name>.lproj/<table>.strings|.stringsdict`, each table parsed. Other entries are ignored.
    static func bundleFiles(from entries: [(path: String, data: Data)]) throws(InstallFailure) -> [(path: String, data: Data)] {
        var kept: [(path: String, data: Data)] = []
        var hasInfoPlist = false
        for entry in entries {
            let components = entry.path.split(separator: "/", omittingEmptySubsequences: false)
            if components.count == 1, entry.path == "Info.plist" {
                // The project's own reader: Foundation's leaks memory on malformed input (PLATFORM-NOTES.md §5).
                guard let plist = try? PropertyListReader.read(entry.data, path: "Info.plist"),
                      plist.value.dictionaryValue != nil
                else { throw InstallFailure("Info.plist is not a property-list dictionary") }
                hasInfoPlist = true
                kept.append(entry)
            } else if components.count == 2, isLprojName(components[0]), isTableName(components[1]) {
                try CoreFormats.validateTable(entry.data, path: entry.path)
                kept.append(entry)
            }
        }
        guard hasInfoPlist else { throw InstallFailure("ZIP has no Info.plist at its root") }
        return kept
    }

    private static func isLprojName(_ name: Substring) -> Bool {
        name.hasSuffix(".lproj") && name.count > ".lproj".count
    }

    private static func isTableName(_ name: Substring) -> Bool {
        (name.hasSuffix(".strings") && name.count > ".strings".count)
            || (name.hasSuffix(".stringsdict") && name.count > ".stringsdict".count)
    }

    private func write(_ files: [(path: String, data: Data)], into folder: URL) throws(InstallFailure) {
        try DurableFiles.makeDirectory(folder)
        var folders: Set<String> = []
        for file in files {
            let target = folder.appendingPathComponent(file.path, isDirectory: false)
            let parent = target.deletingLastPathComponent()
            if parent.standardizedFileURL.path != folder.standardizedFileURL.path, !folders.contains(parent.path) {
                try DurableFiles.makeDirectory(parent)
                folders.insert(parent.path)
            }
            try DurableFiles.writeNewFile(file.data, to: target)
        }
        for path in folders { DurableFiles.syncDirectory(URL(fileURLWithPath: path, isDirectory: true)) }
        DurableFiles.syncDirectory(folder)
    }
}
