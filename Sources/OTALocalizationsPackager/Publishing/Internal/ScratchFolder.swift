import Foundation

/// A folder of this process's own in the temporary folder, `ota-aws-<UUID>-<process id>/`, for what the AWS CLI reads
/// and writes as files: its output, a body to upload, an object it downloads, a folder staged for
/// `aws s3 cp --recursive`.
///
/// The folder holds `flock(2)` on its `lock` file from its creation to ``remove()``, which renames it to
/// `<name>.removed` before deleting it. A run killed before it removed its folders (SIGKILL, a cancelled CI job) leaves
/// them with their locks free, since the kernel drops a dead process's locks, and the first scratch folder of the next
/// run in the same temporary folder removes them: every `ota-aws-*` folder of this user whose lock it can take, every
/// `.removed` one (a removal cut short), and one without a lock file (its creator was killed between `mkdir(2)` and
/// locking it) once no process has the id in its name, or once it is a minute old (an older name, or an id used
/// again). Folders of running processes, and of other users, are never touched: one under a minute old whose name
/// holds a running process's id is left alone without trying its lock, since its creator may not have locked it yet.
///
/// Thread safety: each folder belongs to the thread that made it; ``make()`` may be called from any thread.
final class ScratchFolder {
    /// The name every scratch folder starts with.
    static let prefix = "ota-aws-"
    /// How old a scratch folder without a lock file must be before another run removes it.
    static let unlockedAgeSeconds: TimeInterval = 60

    /// The folder.
    let url: URL
    private var lock: Int32

    private init(url: URL, lock: Int32) {
        self.url = url
        self.lock = lock
    }

    deinit {
        remove()
    }

    /// A new, empty, locked scratch folder in the temporary folder (`$TMPDIR`); the first one of a process removes the
    /// folders killed runs left.
    ///
    /// - Throws: ``PackagerError`` `publishFailed` naming the folder when it cannot be created or locked.
    static func make() throws(PackagerError) -> ScratchFolder {
        _ = abandonedRemoved
        let name = "\(prefix)\(UUID().uuidString)-\(getpid())"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
        guard mkdir(url.path, 0o700) == 0 else {
            throw PackagerError(code: .publishFailed, reason: "\(url.path): cannot be created (\(String(cString: strerror(errno)))); check that TMPDIR is a writable folder")
        }
        let descriptor = open(url.appendingPathComponent("lock").path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let reason = String(cString: strerror(errno))
            if descriptor >= 0 { close(descriptor) }
            try? FileManager.default.removeItem(at: url)
            throw PackagerError(code: .publishFailed, reason: "\(url.path)/lock: cannot be created and locked (\(reason))")
        }
        return ScratchFolder(url: url, lock: descriptor)
    }

    /// `name` inside the folder.
    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// Deletes the folder and everything in it, then releases its lock. Calling it again does nothing.
    func remove() {
        guard lock >= 0 else { return }
        let removed = url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + Self.removedSuffix)
        try? FileManager.default.removeItem(at: rename(url.path, removed.path) == 0 ? removed : url)
        flock(lock, LOCK_UN)
        close(lock)
        lock = -1
    }

    /// The suffix of a folder being removed: never used again, so anyone may finish removing it.
    private static let removedSuffix = ".removed"

    /// The process id at the end of a scratch folder's name (`ota-aws-<UUID>-<id>`); nil for any other name.
    static func creator(_ name: String) -> pid_t? {
        let rest = name.dropFirst(prefix.count)
        guard name.hasPrefix(prefix), rest.count > 37, UUID(uuidString: String(rest.prefix(36))) != nil,
              rest.dropFirst(36).first == "-", let id = pid_t(rest.dropFirst(37)), id > 0 else { return nil }
        return id
    }

    /// Runs ``removeAbandoned(in:)`` once per process, before its first scratch folder.
    private static let abandonedRemoved: Void = {
        _ = removeAbandoned(in: FileManager.default.temporaryDirectory)
    }()

    /// Removes the scratch folders in `folder` that no running process holds; returns their names, sorted.
    @discardableResult
    static func removeAbandoned(in folder: URL, now: Date = Date()) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var removed: [String] = []
        for name in names.sorted() where name.hasPrefix(prefix) {
            let path = folder.appendingPathComponent(name).path
            var status = stat()
            guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR, status.st_uid == geteuid() else { continue }
            guard let claim = claim(path, name: name, now: now) else { continue }
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(name) }
            if claim >= 0 { close(claim) }
        }
        return removed
    }

    /// Whether the scratch folder at `path` may be removed: its lock, taken (a descriptor to close once it is gone),
    /// -1 when it has none to take (a removal cut short, or no lock file and its creator gone), nil when it is in use.
    ///
    /// A folder less than ``unlockedAgeSeconds`` old whose name holds the id of a running process is never touched,
    /// not even to try its lock: its creator may be between creating the lock file and locking it, and a removal then
    /// would pull the folder from under a command about to use it.
    private static func claim(_ path: String, name: String, now: Date) -> Int32? {
        if name.hasSuffix(removedSuffix) { return -1 }
        let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        let isYoung = modified.map { now.timeIntervalSince($0) < unlockedAgeSeconds } ?? true
        let creatorIsGone = creator(name).map { kill($0, 0) != 0 && errno == ESRCH }
        if isYoung, creatorIsGone == false { return nil }
        let descriptor = open(path + "/lock", O_RDWR | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            guard errno == ENOENT, creatorIsGone == true || !isYoung else { return nil }
            return -1
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }
}
