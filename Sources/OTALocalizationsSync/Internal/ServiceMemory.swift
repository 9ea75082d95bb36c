import Foundation
import OTALocalizations

/// What one ``OTALocalizationService`` remembers from cycle to cycle, so that a `304` cycle costs about its one
/// request whatever is installed: the folders it proved intact (``InstalledFolderChecks``), the stored state it read
/// or wrote last (read again only when `state.json` changed, by ``FileStat``), and whether the `304` path's
/// housekeeping already ran in this process. Safe from any thread.
final class ServiceMemory: @unchecked Sendable {
    let folderChecks = InstalledFolderChecks()
    private let lock = NSLock()
    // Guarded by `lock`.
    private var cachedState: (state: InstalledState, file: FileStat)?
    private var housekeeping = false

    /// The stored state (``InstalledState/load(_:)``), from memory while `state.json` is the file it was read from.
    func state(_ layout: OTAStorageLayout) -> InstalledState? {
        let file = FileStat(path: layout.stateFile.path)
        if let file, let cached = lock.withLock({ cachedState }), cached.file == file { return cached.state }
        let state = InstalledState.load(layout)
        let after = FileStat(path: layout.stateFile.path)
        lock.withLock { cachedState = (state.flatMap { state in after.map { (state, $0) } }) }
        return state
    }

    /// The state a cycle just saved.
    func remember(_ state: InstalledState, _ layout: OTAStorageLayout) {
        let file = FileStat(path: layout.stateFile.path)
        lock.withLock { cachedState = file.map { (state, $0) } }
    }

    /// True for the first caller in the process (it runs the `304` housekeeping), false after.
    func claimHousekeeping() -> Bool {
        lock.withLock {
            defer { housekeeping = true }
            return !housekeeping
        }
    }

    /// The housekeeping could not run (the gate was closed): the next `304` tries again.
    func releaseHousekeeping() {
        lock.withLock { housekeeping = false }
    }

    /// Forgets everything (the kill switch deleted what it described).
    func forgetAll() {
        folderChecks.forgetAll()
        lock.withLock {
            cachedState = nil
            housekeeping = false
        }
    }
}
