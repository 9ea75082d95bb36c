import Foundation
import OTALocalizations
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OTALocalizations
import OTALocalizationsSync

/// An exclusive advisory lock on one storage root, shared by every process that writes there.
///
/// The lock is `flock(2)` with `LOCK_EX` on `<storageRoot>/.ota-localizations.lock` (``fileName``); `flock` exists
/// on Linux and on Apple platforms, and the kernel drops the lock when the holding process ends, even by
/// `SIGKILL`, so a crashed holder never leaves the root locked. Two processes that each hold a `StorageLock`
/// for the same root for the whole of their work (the CLI's `sync` and `delete`) run one after the other
/// instead of emptying each other's `tmp/`.
///
/// The file holds one line naming the holder, `<pid> <purpose>\n` (for example `4242 sync`), which
/// ``currentHolder(storageRoot:)`` reads; `delete` uses it to ask a running `sync` to stop.
///
/// The lock file may be deleted while held (``releaseRemovingFile()``, or something else emptying the whole root;
/// the app's kill switch leaves it in place).
/// Acquiring is therefore a loop: open (creating) the file, lock it, then check that the path still names the
/// locked inode; if not, close and start again. So a waiter never ends up holding a lock on a deleted file.
/// Anything but a regular file at the lock path (a symbolic link, a folder, a FIFO) is renamed to a trash name
/// first, never opened through: the holder line is never written into a file the link names.
///
/// Thread rules: an instance may be used from any thread; ``release()`` is idempotent and also runs on `deinit`.
/// The lock belongs to the open file description, not to a thread; two instances in one process for the same
/// root exclude each other too. The descriptor is opened with `O_CLOEXEC`, so programs the holder starts do not
/// inherit it.
package final class StorageLock: @unchecked Sendable {
    /// The holder line of a lock file: which process holds the lock and what for.
    package struct Holder: Sendable, Equatable {
        /// The holding process's id.
        package var processIdentifier: Int32
        /// A single word naming the work, for example `sync` or `delete`.
        package var purpose: String

        /// Creates a holder line; `purpose` must be one word of letters, digits, `-` or `_`.
        package init(processIdentifier: Int32, purpose: String) {
            self.processIdentifier = processIdentifier
            self.purpose = purpose
        }

        /// This process, doing `purpose`.
        package static func currentProcess(purpose: String) -> Holder {
            Holder(processIdentifier: getpid(), purpose: purpose)
        }

        /// The file contents: `"<pid> <purpose>\n"`.
        var line: String { "\(processIdentifier) \(purpose)\n" }

        /// Parses `"<pid> <purpose>\n"`; nil for anything else (an empty file, a partial write).
        init?(line: String) {
            guard line.hasSuffix("\n") else { return nil }
            let words = line.dropLast().split(separator: " ", omittingEmptySubsequences: false)
            guard words.count == 2, let pid = Int32(words[0]), pid > 0, !words[1].isEmpty else { return nil }
            self.init(processIdentifier: pid, purpose: String(words[1]))
        }
    }

    /// The lock file's name inside the storage root.
    package static let fileName = OTAStorageLayout.lockFileName

    /// The storage root this lock guards.
    package let storageRoot: URL
    /// The holder line this instance wrote.
    package let holder: Holder

    private let mutex = NSLock()
    // Guarded by `mutex`; -1 once released.
    private var descriptor: Int32

    private init(storageRoot: URL, holder: Holder, descriptor: Int32) {
        self.storageRoot = storageRoot
        self.holder = holder
        self.descriptor = descriptor
    }

    deinit {
        release()
    }

    /// `<storageRoot>/.ota-localizations.lock`.
    package static func lockFile(storageRoot: URL) -> URL {
        storageRoot.appendingPathComponent(fileName, isDirectory: false)
    }

    /// Acquires the lock, waiting as long as another process holds it; creates the storage root if needed.
    ///
    /// Blocks the calling thread: call it from a thread that may wait (a command-line tool's main thread, a
    /// dedicated thread), never from a Swift concurrency executor.
    /// - Throws: ``StorageLockError`` with code `.storageRoot` (the root cannot be created) or `.lockFile`
    ///   (the lock file cannot be opened, locked or written).
    package static func acquire(storageRoot: URL, holder: Holder) throws(StorageLockError) -> StorageLock {
        guard let lock = try obtain(storageRoot: storageRoot, holder: holder, wait: true) else {
            throw StorageLockError(code: .lockFile, reason: "flock returned without the lock", path: lockFile(storageRoot: storageRoot).path)
        }
        return lock
    }

    /// Acquires the lock when nobody holds it; returns nil at once when another holder has it.
    ///
    /// - Throws: ``StorageLockError`` as ``acquire(storageRoot:holder:)``.
    package static func tryAcquire(storageRoot: URL, holder: Holder) throws(StorageLockError) -> StorageLock? {
        try obtain(storageRoot: storageRoot, holder: holder, wait: false)
    }

    /// The holder line of the lock file now, or nil when there is no file or it holds no complete line.
    ///
    /// The line is a hint: it names the last holder, which may have released the lock since.
    package static func currentHolder(storageRoot: URL) -> Holder? {
        guard let data = SmallFile.read(lockFile(storageRoot: storageRoot).path, maximumBytes: 256) else { return nil }
        return Holder(line: String(decoding: data, as: UTF8.self))
    }

    /// Releases the lock; the file stays for the next holder. Calling it again does nothing.
    ///
    /// The lock is released with `LOCK_UN` before the descriptor is closed: a process another thread is spawning
    /// shares the lock's open file description until it execs, and a lock is released only by `LOCK_UN` or when
    /// every descriptor of that description is closed (flock(2)), so a bare `close` could leave it held a moment.
    package func release() {
        mutex.lock()
        let fd = descriptor
        descriptor = -1
        mutex.unlock()
        guard fd >= 0 else { return }
        flock(fd, LOCK_UN)
        close(fd)
    }

    /// Deletes the lock file (when the path still names the locked file), then releases the lock.
    ///
    /// For a kill switch that leaves nothing under the storage root. A process waiting for the lock notices
    /// that its file was deleted and starts again on a new file.
    package func releaseRemovingFile() {
        mutex.lock()
        let fd = descriptor
        descriptor = -1
        mutex.unlock()
        guard fd >= 0 else { return }
        let path = Self.lockFile(storageRoot: storageRoot).path
        if Self.sameFile(fd, path) { unlink(path) }
        flock(fd, LOCK_UN)
        close(fd)
    }

    /// Deletes every entry under the storage root except what the app's kill switch keeps
    /// (``OTAStorageLayout/keptByDeletion``: this lock file, the install ID and the anti-rollback record), while the
    /// lock is held.
    ///
    /// Crash-safe like the app's kill switch: each entry is first made unreachable by one atomic rename to a trash
    /// name at the root (`.ota-trash-<id>`, which no reader looks at), the root marker last, then the trash is
    /// removed; trash left by an earlier, killed delete is removed too. A process killed in the middle leaves
    /// complete entries and trash, never a half bundle. With ``releaseRemovingFile()`` afterwards this leaves the
    /// storage root with the install ID, the anti-rollback record (in which everything published so far is first
    /// marked as pulled, so that neither an older manifest nor the very publish that was installed is installed
    /// again) and each app version's crash-loop quarantine records, as the kill switch does. The lock file goes last
    /// so that no other process can lock the root while its contents are being deleted.
    /// - Returns: The paths that could not be deleted, and why nothing was marked as pulled (``KillSwitchDeletion``).
    @discardableResult
    package func removeContentsExceptLockFile() -> KillSwitchDeletion.Outcome {
        KillSwitchDeletion.run(storageRoot: storageRoot)
    }

    // MARK: Internals

    private static func obtain(storageRoot: URL, holder: Holder, wait: Bool) throws(StorageLockError) -> StorageLock? {
        let path = lockFile(storageRoot: storageRoot).path
        do {
            try FileManager.default.createDirectory(at: storageRoot, withIntermediateDirectories: true)
        } catch {
            throw StorageLockError(code: .storageRoot, reason: "cannot create the storage root: \(error.localizedDescription)", path: storageRoot.path)
        }
        while true {
            // Never through a symbolic link (writing the holder line would overwrite the file it names); a FIFO
            // must not block the open.
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
            guard fd >= 0 else {
                let code = errno
                if code == ELOOP || code == EISDIR, moveAside(path, storageRoot: storageRoot) { continue }
                errno = code
                throw posixError("cannot open the lock file", path)
            }
            var status = stat()
            guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
                close(fd)
                if moveAside(path, storageRoot: storageRoot) { continue }
                throw StorageLockError(code: .lockFile, reason: "the lock file is not a regular file and cannot be moved aside", path: path)
            }
            var result: Int32
            repeat {
                result = flock(fd, wait ? LOCK_EX : (LOCK_EX | LOCK_NB))
            } while result != 0 && errno == EINTR
            if result != 0 {
                let code = errno
                close(fd)
                if !wait && code == EWOULDBLOCK { return nil }
                throw StorageLockError(code: .lockFile, reason: "cannot lock the lock file: \(String(cString: strerror(code)))", path: path)
            }
            // The file may have been deleted (or replaced) between open and flock: then lock the new one.
            guard sameFile(fd, path) else {
                close(fd)
                continue
            }
            let bytes = Array(holder.line.utf8)
            let written = bytes.withUnsafeBytes { buffer in pwrite(fd, buffer.baseAddress, buffer.count, 0) }
            guard written == bytes.count, ftruncate(fd, off_t(bytes.count)) == 0 else {
                let error = posixError("cannot write the lock file", path)
                close(fd)
                throw error
            }
            return StorageLock(storageRoot: storageRoot, holder: holder, descriptor: fd)
        }
    }

    /// Renames what is at `path` to a trash name at the storage root (removed by the next cycle or delete) when it
    /// is not a regular file (a symbolic link, a folder, a FIFO); returns whether it did.
    private static func moveAside(_ path: String, storageRoot: URL) -> Bool {
        let entry = StorageEntry(atPath: path)
        guard entry != .missing, entry != .regularFile else { return false }
        return StorageEntry.moveAside(path, storageRoot: storageRoot) != nil
    }

    /// Whether `path` names the same inode as the open descriptor `fd`.
    private static func sameFile(_ fd: Int32, _ path: String) -> Bool {
        var open = stat()
        var named = stat()
        guard fstat(fd, &open) == 0, stat(path, &named) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }

    private static func posixError(_ what: String, _ path: String) -> StorageLockError {
        StorageLockError(code: .lockFile, reason: "\(what): \(String(cString: strerror(errno)))", path: path)
    }
}
