import Foundation

/// This process's reader lease (``OTAStorageLayout/readerLeasesFolder``): after each load, a file naming every folder
/// the process handed out since launch, held under an exclusive `flock(2)` on its open descriptor until the next load
/// replaces it or the process ends. The kernel drops the lock with the process, so an update cycle in any process
/// that shares the storage root (the app and its extensions, through an App Group) tells a live reader's lease from
/// a dead one's by trying the lock, and never deletes a folder a live one names.
///
/// The file is created under a temporary name (`.<name>.tmp`), locked, written, then renamed into place, so a cycle
/// never finds an unlocked lease of a live process. Failures are silent: without a lease the process is as before
/// (its own service protects what it loaded; another process's cycle could collect a superseded folder it reads).
@MainActor
enum ReaderLease {
    private static var held: (descriptor: Int32, path: String, contents: Data)?

    /// Whether this process holds a lease in `layout`'s folder that is still in place.
    static func isHeld(for layout: OTAStorageLayout) -> Bool {
        guard let lease = held, lease.path.hasPrefix(layout.readerLeasesFolder.path + "/") else { return false }
        return isInPlace(lease)
    }

    /// Replaces this process's lease with one naming `folders` (standardized paths under `layout`); none when empty.
    /// Nil `folders` (the load handed out no folder it had not handed out before, and the lease is in place) keeps the
    /// lease as it is; so does a lease that already names exactly these folders. The new lease is in place before the
    /// old one goes, so the folders are never unleased in between.
    static func hold(_ layout: OTAStorageLayout, folders: Set<String>?) {
        guard let folders else { return }
        let contents = layout.readerLeaseContents(folders)
        if let lease = held, lease.contents == contents, isInPlace(lease) { return }
        let previous = held
        held = nil
        defer { if let previous { release(previous) } }
        guard !contents.isEmpty else { return }
        let folder = layout.readerLeasesFolder.path
        if mkdir(folder, 0o700) != 0 && errno != EEXIST { return }
        var info = stat()
        guard lstat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return }
        let name = (0..<2).map { _ in String(UInt64.random(in: .min ... .max), radix: 16).leftPadded(to: 16) }.joined()
        let temporary = folder + "/." + name + ".tmp"
        let final = folder + "/" + name + OTAStorageLayout.readerLeaseSuffix
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, writeAll(descriptor, contents), rename(temporary, final) == 0 else {
            unlink(temporary)
            close(descriptor)
            return
        }
        held = (descriptor, final, contents)
    }

    /// Removes and unlocks this process's lease, if any.
    static func release() {
        guard let lease = held else { return }
        held = nil
        release(lease)
    }

    private static func release(_ lease: (descriptor: Int32, path: String, contents: Data)) {
        if isInPlace(lease) { unlink(lease.path) }
        close(lease.descriptor)
    }

    /// Whether the lease's path still names its open file (a kill switch may have removed the folder, or a cycle a
    /// file it took for stale).
    private static func isInPlace(_ lease: (descriptor: Int32, path: String, contents: Data)) -> Bool {
        var byPath = stat(), byDescriptor = stat()
        return stat(lease.path, &byPath) == 0 && fstat(lease.descriptor, &byDescriptor) == 0
            && byPath.st_dev == byDescriptor.st_dev && byPath.st_ino == byDescriptor.st_ino
    }

    private static func writeAll(_ descriptor: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
