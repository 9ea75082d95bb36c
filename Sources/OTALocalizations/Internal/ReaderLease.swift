import Foundation

/// This process's reader lease (``OTAStorageLayout/readerLeasesFolder``): a file naming every folder the process handed
/// out since launch, `<storage name of the bundle identifier>.<process id>.lease`, written new to a temporary name
/// (``NewFile``) and renamed into place, so a reader sees the old lease or the new one. Its modification time is its
/// heartbeat: an update cycle in any process sharing the storage root (the app and its extensions, through an App
/// Group) never deletes a folder a lease younger than ``OTAStorageLayout/readerLeaseLifetimeSeconds`` names.
///
/// One lease per process, not per executable: two processes of one extension each keep their own folders, and
/// neither's lease replaces the other's. A process's first lease removes those of its executable's processes that
/// have ended (`kill(pid, 0)` says `ESRCH`); the update cycle removes any lease older than its lifetime.
///
/// The lease is written before the folders it protects are handed out, and each folder is then checked to still be
/// its module's `current`: an update cycle collects only folders no longer `current`, after it swapped the pointer, so
/// either the cycle reads this lease, or this process sees the new pointer and hands the folder out no more (the
/// module uses its embedded strings for this session). A folder this process's lease already named before the load
/// read the pointers needs no check.
///
/// No lock is held: iOS terminates a process suspended while it holds one in a shared container (K3). Failures are
/// silent: without a lease the process is as before (its own service protects what it loaded; another process's cycle
/// could collect a superseded folder it reads).
@MainActor
enum ReaderLease {
    /// What this process last wrote, and where.
    private static var written: (path: String, contents: Data)?

    /// The executable's name for its lease: its bundle identifier, else its process name.
    static var identifier: String {
        Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
    }

    /// This process's lease file under `layout`.
    static func file(_ layout: OTAStorageLayout) -> URL {
        layout.readerLeaseFile(identifier: identifier, processIdentifier: getpid())
    }

    /// Makes this process's lease name `folders` (module to standardized folder path) and every folder it handed out
    /// before, then returns those of `folders` that can be handed out: all of them when the lease already named them,
    /// else those still their module's `current` once the new lease is written. When this process wrote the lease less
    /// than half its lifetime ago and it names them all, nothing is written (one `stat`).
    static func hold(_ layout: OTAStorageLayout, handingOut folders: [String: String]) -> [String: String] {
        guard !folders.isEmpty else { return folders }
        let file = file(layout).path
        let contents = layout.readerLeaseContents(BundleRegistry.shared.loadedFolderPaths().union(folders.values))
        guard !contents.isEmpty else { return folders }
        let halfLife = OTAStorageLayout.readerLeaseLifetimeSeconds / 2
        if let last = written, last.path == file, last.contents == contents, let age = age(file), age < halfLife {
            return folders
        }
        let folder = layout.readerLeasesFolder.path
        if mkdir(folder, 0o700) != 0 && errno != EEXIST { return folders }
        guard StorageEntry(atPath: folder) == .directory else { return folders }
        let name = (file as NSString).lastPathComponent
        let temporary = folder + "/." + name + ".tmp"
        guard NewFile.write(contents, to: temporary, mode: 0o600, flush: .none), rename(temporary, file) == 0 else {
            unlink(temporary)
            return folders
        }
        if written?.path != file { removeLeasesOfEndedProcesses(in: folder, keeping: name) }
        written = (file, contents)
        return folders.filter { BundleDiskLoader.isCurrent(folderPath: $0.value) }
    }

    /// Removes the leases of this executable's processes that have ended: `kill(pid, 0)` fails with `ESRCH` (POSIX.1-2017,
    /// kill()); any other answer (alive, or not this process's to ask) keeps the lease until it is old.
    private static func removeLeasesOfEndedProcesses(in folder: String, keeping mine: String) {
        let prefix = OTAStorageLayout.storageName(forModule: identifier) + "."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name != mine && name.hasPrefix(prefix) && name.hasSuffix(OTAStorageLayout.readerLeaseSuffix) {
            let digits = name.dropFirst(prefix.count).dropLast(OTAStorageLayout.readerLeaseSuffix.count)
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let pid = pid_t(digits), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(folder + "/" + name) }
        }
    }

    /// Forgets what this process wrote, so the next load writes its lease again (tests).
    static func forgetWritten() {
        written = nil
    }

    /// Seconds since `path` was last modified, or nil when it is not a regular file.
    private static func age(_ path: String) -> TimeInterval? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if canImport(Darwin)
        let modified = info.st_mtimespec.tv_sec
        #else
        let modified = info.st_mtim.tv_sec
        #endif
        return Date().timeIntervalSince1970 - TimeInterval(modified)
    }
}
