import Foundation

/// This executable's reader lease (``OTAStorageLayout/readerLeasesFolder``): after a load, a file naming every folder
/// the process handed out since launch, written new to `.<name>.<process id>.tmp` (``NewFile``) and renamed onto
/// `<storage name of the bundle identifier>.lease`, so a reader sees the old lease or the new one. Its modification
/// time is its heartbeat: an update cycle in any process sharing the storage root (the app and its extensions, through
/// an App Group) never deletes a folder a lease younger than ``OTAStorageLayout/readerLeaseLifetimeSeconds`` names.
///
/// No lock is held: iOS terminates a process suspended while it holds one in a shared container (K3). One file per
/// executable, rewritten at each load that hands out a folder it does not name or once it is half its lifetime old,
/// so the folder holds one lease per app and extension, not one per launch. Failures are silent: without a lease the
/// process is as before (its own service protects what it loaded; another process's cycle could collect a superseded
/// folder it reads).
@MainActor
enum ReaderLease {
    /// What this process last wrote, and where.
    private static var written: (path: String, contents: Data)?

    /// The executable's name for its lease: its bundle identifier, else its process name.
    static var identifier: String {
        Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
    }

    /// Makes this executable's lease name every folder the process handed out under `layout`; nothing when it handed
    /// out none. When this process wrote the lease less than half its lifetime ago and the load handed out no folder
    /// it had not before (`handedOutNewFolder` false), the lease is left as it is (one `stat`).
    ///
    /// The first load of a process reads the lease an earlier process of the executable left: when it already names
    /// these folders and is that young, it is kept too (a cold start with nothing new reads the file, writes nothing).
    static func hold(_ layout: OTAStorageLayout, handedOutNewFolder: Bool) {
        let leaseFile = layout.readerLeaseFile(identifier: identifier)
        let file = leaseFile.path
        let halfLife = OTAStorageLayout.readerLeaseLifetimeSeconds / 2
        if !handedOutNewFolder, let last = written, last.path == file, let age = age(file), age < halfLife { return }
        let contents = layout.readerLeaseContents(BundleRegistry.shared.loadedFolderPaths())
        guard !contents.isEmpty else { return }
        let previous = written?.path == file ? written?.contents
            : SmallFile.read(file, maximumBytes: OTAStorageLayout.maximumReaderLeaseBytes)
        if previous == contents, let age = age(file), age < halfLife {
            written = (file, contents)
            return
        }
        let folder = layout.readerLeasesFolder.path
        if mkdir(folder, 0o700) != 0 && errno != EEXIST { return }
        guard StorageEntry(atPath: folder) == .directory else { return }
        let temporary = folder + "/." + leaseFile.lastPathComponent + ".\(ProcessInfo.processInfo.processIdentifier).tmp"
        guard NewFile.write(contents, to: temporary, mode: 0o600, flush: .none), rename(temporary, file) == 0 else {
            unlink(temporary)
            return
        }
        written = (file, contents)
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
