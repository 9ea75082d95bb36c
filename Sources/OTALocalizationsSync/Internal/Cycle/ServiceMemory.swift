import Foundation
import OTALocalizations

/// What one ``OTALocalizationService`` remembers from cycle to cycle, so that a `304` cycle costs about its one
/// request whatever is installed: the folders it proved intact (``InstalledFolderChecks``), the stored state it read
/// or wrote last (read again only when `state.json` changed, by ``FileStat``), the folder each module of that state
/// should be installed in (``WantedFolder``, worked out again only for another state, selection or list of preferred
/// languages), the kept cycle reports it wrote last (read again only when another writer changed the file), whether
/// the `304` path's housekeeping already ran in this process, and the freshness record's entry with the last fresh
/// time this service saw (``FreshnessRecord``). Safe from any thread.
final class ServiceMemory: @unchecked Sendable {
    /// The folder one module of the stored state should be installed in, for this device.
    struct WantedFolder: Sendable {
        var module: String
        /// The SHA-256 that names it; nil when the state lacks a slice the device's languages now choose.
        var sha256: String?
        /// Assembled from slices rather than the full ZIP.
        var sliced: Bool
    }

    private struct WantedKey: Equatable {
        var generation: Int
        var selection: OTALocalizationSelection
        var languages: [String]
    }

    let folderChecks = InstalledFolderChecks()
    private let lock = NSLock()
    // Guarded by `lock`. `generation` counts the states `cachedState` has held.
    private var cachedState: (state: InstalledState, file: FileStat, generation: Int)?
    private var generation = 0
    private var wanted: (key: WantedKey, folders: [WantedFolder])?
    private var housekeeping = false
    private var cycleReports: (entries: [CycleReportHistory.Kept], file: FileStat)?
    // Per freshness key: the entry as on disk (read once per process, or as last written; nil inside: none), and the
    // last fresh time this service saw, which may be up to a minute newer.
    private var freshnessOnDisk: [String: Date?] = [:]
    private var freshSeen: [String: Date] = [:]
    /// The prefetched languages' record (``PrefetchedLanguages``): `.none` until read, read once per process.
    private var prefetched: PrefetchedLanguages??

    /// The stored state (``InstalledState/load(_:)``), from memory while `state.json` is the file it was read from,
    /// and a number that changes whenever the state does.
    func state(_ layout: OTAStorageLayout) -> (state: InstalledState, generation: Int)? {
        let file = FileStat(path: layout.stateFile.path)
        if let file, let cached = lock.withLock({ cachedState }), cached.file == file { return (cached.state, cached.generation) }
        let state = InstalledState.load(layout)
        let after = FileStat(path: layout.stateFile.path)
        return lock.withLock {
            generation += 1
            cachedState = state.flatMap { state in after.map { (state, $0, generation) } }
            return state.map { ($0, generation) }
        }
    }

    /// The state a cycle just saved.
    func remember(_ state: InstalledState, _ layout: OTAStorageLayout) {
        let file = FileStat(path: layout.stateFile.path)
        lock.withLock {
            generation += 1
            cachedState = file.map { (state, $0, generation) }
        }
    }

    /// The folders `compute` works out for the state of `generation` (from ``state(_:)``) and `selection`, from memory
    /// when the last call had the same state, selection and `Locale.preferredLanguages`.
    func wantedFolders(
        generation: Int, selection: OTALocalizationSelection, compute: () -> [WantedFolder]
    ) -> [WantedFolder] {
        let key = WantedKey(
            generation: generation, selection: selection,
            languages: selection.preferredLanguages == nil && !selection.isEveryLocalization ? Locale.preferredLanguages : [])
        if let wanted = lock.withLock({ wanted }), wanted.key == key { return wanted.folders }
        let folders = compute()
        lock.withLock { wanted = (key, folders) }
        return folders
    }

    /// The languages in force of the prefetched languages' record under `storageRoot` at `now`, read from the file at
    /// the first call of the process only (the service is its one writer, through ``setPrefetched(_:)``).
    func prefetchedLanguages(storageRoot: URL, now: Date) -> [String] {
        let record: PrefetchedLanguages? = lock.withLock { prefetched } ?? {
            let loaded = PrefetchedLanguages.load(storageRoot: storageRoot)
            lock.withLock { if prefetched == nil { prefetched = .some(loaded) } }
            return loaded
        }()
        guard let record, record.isInForce(at: now) else { return [] }
        return record.languages
    }

    /// The record as the service just wrote or removed it.
    func setPrefetched(_ record: PrefetchedLanguages?) {
        lock.withLock { prefetched = .some(record) }
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

    /// The kept cycle reports (``CycleReportHistory``): from memory while the file at `file` is the one this service
    /// wrote last, else `load()`.
    func cycleReports(
        at file: URL, load: () -> [CycleReportHistory.Kept]
    ) -> [CycleReportHistory.Kept] {
        if let stat = FileStat(path: file.path), let kept = lock.withLock({ cycleReports }), kept.file == stat {
            return kept.entries
        }
        return load()
    }

    /// The kept cycle reports this service just wrote to `file`.
    func rememberCycleReports(_ entries: [CycleReportHistory.Kept], at file: URL) {
        let stat = FileStat(path: file.path)
        lock.withLock { cycleReports = stat.map { (entries, $0) } }
    }

    /// The freshness record's entry of `channel` as on disk: read at the first call of the process, then as this
    /// service last wrote it.
    func recordedFresh(_ layout: OTAStorageLayout, channel: String?) -> Date? {
        let key = OTAStorageLayout.freshnessKey(channel: channel)
        if let known = lock.withLock({ freshnessOnDisk[key] }) { return known }
        let read = layout.lastFreshAt(channel: channel)
        lock.withLock { freshnessOnDisk[key] = .some(read) }
        return read
    }

    /// A cycle saw a fresh signed index of `channel` at `seen`, and the record's entry is now `onDisk`.
    func noteFresh(_ seen: Date, onDisk: Date?, channel: String?) {
        let key = OTAStorageLayout.freshnessKey(channel: channel)
        lock.withLock {
            freshSeen[key] = seen
            freshnessOnDisk[key] = .some(onDisk)
        }
    }

    /// The last fresh time of `channel` for a report: the later of what this service saw and what the record holds.
    func lastFresh(_ layout: OTAStorageLayout, channel: String?) -> Date? {
        let recorded = recordedFresh(layout, channel: channel)
        let seen = lock.withLock { freshSeen[OTAStorageLayout.freshnessKey(channel: channel)] }
        return [recorded, seen].compactMap { $0 }.max()
    }

    /// Forgets everything (the kill switch deleted what it described).
    func forgetAll() {
        folderChecks.forgetAll()
        lock.withLock {
            cachedState = nil
            wanted = nil
            housekeeping = false
            cycleReports = nil
            freshnessOnDisk = [:]
            freshSeen = [:]
            prefetched = nil
        }
    }
}
