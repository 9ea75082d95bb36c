import Foundation
import OTALocalizations
import OTALocalizationsNames

/// The update cycle's answer to "which folder of this module is active, and is it intact?", with the full check
/// (``InstalledFolderCheck``: every file's size and SHA-256) once per process per folder and, after it, a cheap one:
/// the `lstat(2)` of the pointer, of the folder, of each of its `.lproj` folders and of each sealed file, compared
/// with what they were when the full check passed (``FileStat``). A file written, replaced, added or removed since
/// changes one of them, so the cheap check fails and the full check runs again; damage that leaves them all
/// unchanged is found by the full check of the next process at the latest (docs/design.md, "Failure model").
///
/// One instance lives as long as the service; safe from any thread.
final class InstalledFolderChecks: @unchecked Sendable {
    private struct Proof {
        var pointer: FileStat
        var folderName: String
        var developmentRegion: String
        var sliced: Bool
        var paths: [String]
        var stats: [FileStat]
    }

    private let lock = NSLock()
    // Guarded by `lock`: by the standardized path of the module's folder.
    private var proofs: [String: Proof] = [:]

    /// The name of `module`'s active folder when it passes the check for `developmentRegion` (with `sliced`, as a
    /// folder assembled from slices); nil when there is none or it fails.
    func intactFolderName(_ layout: OTAStorageLayout, module: String, developmentRegion: String, sliced: Bool) -> String? {
        let moduleFolder = layout.moduleFolder(module).path
        let pointerPath = layout.currentPointerFile(module: module).path
        if let proof = lock.withLock({ proofs[moduleFolder] }), proof.developmentRegion == developmentRegion, proof.sliced == sliced,
           FileStat(path: pointerPath) == proof.pointer, proof.paths.map(FileStat.init(path:)) == proof.stats {
            return proof.folderName
        }
        guard let pointerBefore = FileStat(path: pointerPath), let folder = layout.activeInstallFolder(module: module) else {
            forget(moduleFolder)
            return nil
        }
        let paths = Self.paths(of: folder)
        let before = paths.map(FileStat.init(path:))
        guard InstalledFolderCheck.isIntact(folder, developmentRegion: developmentRegion, sliced: sliced) else {
            forget(moduleFolder)
            return nil
        }
        let after = paths.map(FileStat.init(path:))
        if !paths.isEmpty, before == after, !after.contains(nil), FileStat(path: pointerPath) == pointerBefore {
            let proof = Proof(
                pointer: pointerBefore, folderName: folder.lastPathComponent, developmentRegion: developmentRegion,
                sliced: sliced, paths: paths, stats: after.compactMap { $0 })
            lock.withLock { proofs[moduleFolder] = proof }
        } else {
            forget(moduleFolder)
        }
        return folder.lastPathComponent
    }

    /// Forgets every proof: the next check of each folder is a full one.
    func forgetAll() {
        lock.withLock { proofs = [:] }
    }

    private func forget(_ moduleFolder: String) {
        lock.withLock { proofs[moduleFolder] = nil }
    }

    /// The folder, its `.lproj` folders and every file its seal lists (the seal included), as paths; empty when the
    /// seal cannot be read.
    private static func paths(of folder: URL) -> [String] {
        let root = folder.path
        guard let data = DurableFiles.readRegularFile(atPath: root + "/" + BundleSeal.fileName, maximumBytes: BundleSeal.maximumBytes),
              let seal = BundleSeal(parsing: data)
        else { return [] }
        var folders: Set<String> = []
        for file in seal.files {
            let parts = file.path.split(separator: "/")
            if parts.count == 2 { folders.insert(String(parts[0])) }
        }
        return [root, root + "/" + BundleSeal.fileName] + folders.sorted().map { root + "/" + $0 }
            + seal.files.map { root + "/" + $0.path }
    }
}
