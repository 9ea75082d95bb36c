import Foundation
import OTALocalizations
import OTALocalizationsNames
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The update cycle's answer to "which folder of this module is active, and is it intact?", with the full check
/// (``InstalledFolderCheck``: every file's size and SHA-256) once per process per folder and, after it, a cheap one:
/// the `lstat(2)` of the `current` pointer and of the folder, compared with what they were when the full check passed
/// (``FileStat``). Two system calls per module, whatever the folder holds, each a short walk from an open descriptor of
/// the version's `modules/` folder (proven, once per batch, to still be the folder at that path), so a `304` cycle
/// stays close to the cost of its one request. A pointer written or replaced, or the folder replaced, moved, or given or
/// deprived of an entry of its own (an `.lproj`, `Info.plist` or the seal added, removed or replaced by a rename)
/// changes one of them, so the cheap check fails and the full check runs again. A change inside an `.lproj` (a table
/// edited in place, removed, added, or swapped for another by a rename, even one of the same size with its times copied)
/// changes neither: it is found by the full check of the next process, before its first `304` is trusted
/// (docs/design.md, "Failure model"), not by a later cycle of this one.
///
/// One instance lives as long as the service; safe from any thread.
final class InstalledFolderChecks: @unchecked Sendable {
    private struct Proof {
        var pointerPath: String
        var pointerRelativePath: String
        var pointer: FileStat
        var folderPath: String
        var folderRelativePath: String
        var folder: FileStat
        var folderName: String
        /// The SHA-256 ``folderName`` starts with.
        var sha256: String
        var developmentRegion: String
        var sliced: Bool
    }

    private let lock = NSLock()
    // Guarded by `lock`: by module name (one instance serves one service, whose storage layout never changes).
    private var proofs: [String: Proof] = [:]
    // Guarded by `lock`: an open descriptor of the `modules/` folder and what `fstat` said of it when opened; closed
    // when the folder at that path is another one, and by `deinit`.
    private var modules: (descriptor: Int32, path: String, file: FileStat)?

    deinit {
        if let modules { close(modules.descriptor) }
    }

    /// Whether every folder of `wanted` is the active one of its module and intact (``intactFolderName(_:module:developmentRegion:sliced:)``).
    func allIntact(_ layout: OTAStorageLayout, _ wanted: [ServiceMemory.WantedFolder], developmentRegion: String) -> Bool {
        let directory = modulesDirectory(layout.modulesFolder.path)
        // One look at the proofs for the whole batch: a module whose proof names the wanted folder and whose two
        // `lstat` still match is intact without taking the lock again.
        let known = lock.withLock { proofs }
        return wanted.allSatisfy { folder in
            guard let sha256 = folder.sha256 else { return false }
            if let directory, let proof = known[folder.module], proof.sha256 == sha256,
               proof.developmentRegion == developmentRegion, proof.sliced == folder.sliced,
               FileStat(directory: directory, relativePath: proof.pointerRelativePath) == proof.pointer,
               FileStat(directory: directory, relativePath: proof.folderRelativePath) == proof.folder {
                return true
            }
            return intactFolderName(
                layout, module: folder.module, developmentRegion: developmentRegion, sliced: folder.sliced, directory: directory
            ).flatMap(OTAStorageLayout.folderHash(ofInstallFolderName:)) == sha256
        }
    }

    /// The name of `module`'s active folder when it passes the check for `developmentRegion` (with `sliced`, as a
    /// folder assembled from slices); nil when there is none or it fails.
    func intactFolderName(_ layout: OTAStorageLayout, module: String, developmentRegion: String, sliced: Bool) -> String? {
        intactFolderName(layout, module: module, developmentRegion: developmentRegion, sliced: sliced, directory: nil)
    }

    /// Forgets every proof: the next check of each folder is a full one.
    func forgetAll() {
        lock.withLock { proofs = [:] }
    }

    /// `directory`: a descriptor of the `modules/` folder the relative paths are looked up from, or nil for the
    /// absolute paths.
    private func intactFolderName(
        _ layout: OTAStorageLayout, module: String, developmentRegion: String, sliced: Bool, directory: Int32?
    ) -> String? {
        if let proof = lock.withLock({ proofs[module] }), proof.developmentRegion == developmentRegion, proof.sliced == sliced {
            let (pointer, folder) = if let directory {
                (FileStat(directory: directory, relativePath: proof.pointerRelativePath),
                 FileStat(directory: directory, relativePath: proof.folderRelativePath))
            } else {
                (FileStat(path: proof.pointerPath), FileStat(path: proof.folderPath))
            }
            if pointer == proof.pointer, folder == proof.folder { return proof.folderName }
        }
        let pointerPath = layout.currentPointerFile(module: module).path
        guard let pointerBefore = FileStat(path: pointerPath), let folder = layout.activeInstallFolder(module: module) else {
            forget(module)
            return nil
        }
        let folderPath = folder.path
        let before = FileStat(path: folderPath)
        guard InstalledFolderCheck.isIntact(folder, developmentRegion: developmentRegion, sliced: sliced) else {
            forget(module)
            return nil
        }
        if let before, FileStat(path: folderPath) == before, FileStat(path: pointerPath) == pointerBefore {
            let storageName = OTAStorageLayout.storageName(forModule: module)
            let proof = Proof(
                pointerPath: pointerPath, pointerRelativePath: storageName + "/" + OTAStorageLayout.currentPointerFileName,
                pointer: pointerBefore, folderPath: folderPath, folderRelativePath: storageName + "/" + folder.lastPathComponent,
                folder: before, folderName: folder.lastPathComponent,
                sha256: OTAStorageLayout.folderHash(ofInstallFolderName: folder.lastPathComponent) ?? "",
                developmentRegion: developmentRegion, sliced: sliced)
            lock.withLock { proofs[module] = proof }
        } else {
            forget(module)
        }
        return folder.lastPathComponent
    }

    private func forget(_ module: String) {
        lock.withLock { proofs[module] = nil }
    }

    /// A descriptor of the folder at `path` (the `modules/` folder), opened once and kept while `lstat(path)` names the
    /// same file; nil when it cannot be opened (the checks then use absolute paths).
    private func modulesDirectory(_ path: String) -> Int32? {
        guard let current = FileStat(path: path) else { return nil }
        return lock.withLock { () -> Int32? in
            if let modules, modules.path == path, modules.file.isSameFile(as: current) { return modules.descriptor }
            let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            guard let opened = FileStat(descriptor: descriptor), opened.isSameFile(as: current) else {
                close(descriptor)
                return nil
            }
            // A stopped cycle may still use the replaced descriptor for a moment; if its number is reused meanwhile,
            // its lookups fail or find other files, and a mismatch only makes the full check run.
            if let modules { close(modules.descriptor) }
            modules = (descriptor, path, opened)
            return descriptor
        }
    }
}
