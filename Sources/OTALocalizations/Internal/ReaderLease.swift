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
    private static var held: (descriptor: Int32, path: String)?

    /// Replaces this process's lease with one naming `folders` (standardized paths under `layout`); none when empty.
    static func hold(_ layout: OTAStorageLayout, folders: Set<String>) {
        release()
        let contents = layout.readerLeaseContents(folders)
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
        held = (descriptor, final)
    }

    /// Removes and unlocks this process's lease, if any.
    static func release() {
        guard let lease = held else { return }
        unlink(lease.path)
        close(lease.descriptor)
        held = nil
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
