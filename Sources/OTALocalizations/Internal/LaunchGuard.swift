import Foundation

/// The crash-loop guard of the read side (docs/design.md, "The crash-loop guard"): counts the launches that are handed
/// over-the-air bundles, and quarantines content handed to too many launches in a row that never confirmed.
///
/// The count lives in one 70-byte record (``OTAStorageLayout/launchAttemptsFile``), changed under `flock(2)` on that
/// file, so that an app and its extensions sharing a storage root never lose each other's counts (a lock held for more
/// than about 100 ms makes the launch go on uncounted rather than wait). Each change is one
/// `pwrite(2)` of the whole record at offset 0 (within one page) or one `ftruncate(2)`: a process killed at any
/// instruction leaves the old record or the new one, so a count is right or one too low. The quarantine record is
/// written to a temporary file and renamed into place before the count is reset, so a kill never loses a quarantine.
@MainActor
enum LaunchGuard {
    /// What one load decided: the folders to hand out (all of them, or none under a quarantine).
    ///
    /// The first load of a content in a process counts one attempt; later loads of the same content in the process
    /// repeat the decision without counting again.
    static func admit(
        _ folders: [String: String], layout: OTAStorageLayout, maximumUnconfirmedLaunches maximum: Int?
    ) -> [String: String] {
        guard let maximum, !folders.isEmpty else { return folders }
        let content = folders.compactMapValues { path in
            OTAStorageLayout.sha256(ofInstallFolderName: String(path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...]))
        }
        let fingerprint = OTALaunchQuarantine.fingerprint(of: content)
        let key = layout.versionFolder.path + "\n" + fingerprint
        if let decided = decisions[key] { return decided ? folders : [:] }
        let serve: Bool
        if let quarantine = OTALaunchQuarantine.load(layout), quarantine.fingerprint == fingerprint {
            serve = false
        } else {
            serve = countAttempt(layout, fingerprint: fingerprint, content: content, maximum: maximum)
        }
        decisions[key] = serve
        return serve ? folders : [:]
    }

    /// Resets the count of unconfirmed launches (an empty record); never creates the file.
    static func confirm(_ layout: OTAStorageLayout) {
        withLockedRecord(layout.launchAttemptsFile.path, create: false) { descriptor in
            _ = ftruncate(descriptor, 0)
        }
    }

    /// Forgets ``decisions``, as a new process would.
    static func forget() {
        decisions = [:]
    }

    /// In this process, per app-version folder and fingerprint: whether that content was served.
    private static var decisions: [String: Bool] = [:]

    /// The steps of counting an attempt, in order: where ``interruption`` stops one, as a process killed there would.
    package enum Step: CaseIterable, Sendable {
        /// Before the record is opened and locked.
        case lockRecord
        /// Before the quarantine record is written to its temporary file.
        case writeQuarantine
        /// Before the temporary file is renamed to the quarantine record.
        case renameQuarantine
        /// Before the count is reset after a quarantine.
        case resetCount
        /// Before the new count is written.
        case writeCount
    }

    /// Tests only: the step at which counting stops, leaving the files as a process killed at that step would
    /// (the descriptor closed and its lock released, as the kernel does); nil in an app.
    package static var interruption: Step?

    /// Counts one attempt for `fingerprint`; returns false (and writes the quarantine) when `maximum` unconfirmed
    /// attempts of the same content came before. A record that cannot be opened or locked counts nothing and serves.
    private static func countAttempt(
        _ layout: OTAStorageLayout, fingerprint: String, content: [String: String], maximum: Int
    ) -> Bool {
        if interruption == .lockRecord { return false }
        return withLockedRecord(layout.launchAttemptsFile.path, create: true) { descriptor -> Bool in
            var buffer = [UInt8](repeating: 0, count: OTAStorageLayout.launchAttemptsRecordBytes + 1)
            let read = max(0, pread(descriptor, &buffer, buffer.count, 0))
            let previous = OTAStorageLayout.parseLaunchAttempts(Data(buffer[..<read]))
            let count = previous?.fingerprint == fingerprint ? previous!.count : 0
            if count >= maximum {
                let quarantine = OTALaunchQuarantine(
                    modules: content, publishedAt: installedPublishedAt(layout),
                    since: Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)), launches: count)
                // The record first: a kill before the rename leaves the count, and the next launch quarantines.
                if interruption == .writeQuarantine { return false }
                guard write(quarantine.encoded(), to: layout.quarantineTemporaryFile) else { return false }
                if interruption == .renameQuarantine { return false }
                guard rename(layout.quarantineTemporaryFile.path, layout.quarantineFile.path) == 0 else { return false }
                if interruption == .resetCount { return false }
                _ = ftruncate(descriptor, 0)
                return false
            }
            if interruption == .writeCount { return false }
            let record = [UInt8](OTAStorageLayout.launchAttemptsContents(fingerprint: fingerprint, count: count + 1))
            if read > record.count { _ = ftruncate(descriptor, off_t(record.count)) }
            _ = pwrite(descriptor, record, record.count, 0)
            return true
        } ?? true
    }

    /// Runs `body` with the record open and locked (`LOCK_EX`); nil when it cannot be opened or locked.
    @discardableResult
    private static func withLockedRecord<Value>(_ path: String, create: Bool, _ body: (Int32) -> Value) -> Value? {
        let descriptor = create
            ? open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
            : open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        // A holder keeps the lock for microseconds; one that keeps it longer (a process stopped in a debugger) costs
        // this launch at most ``lockAttempts`` milliseconds and its count, never the launch itself.
        var attempts = 0
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            attempts += 1
            guard errno == EINTR || errno == EWOULDBLOCK, attempts < lockAttempts else { return nil }
            if errno == EWOULDBLOCK { usleep(1_000) }
        }
        defer { flock(descriptor, LOCK_UN) }
        return body(descriptor)
    }

    /// How many times a held lock is tried, a millisecond apart, before the launch goes on without counting.
    private static let lockAttempts = 100

    /// Writes `data` to a new `file` (whatever was there is removed first, so a FIFO or a link left there cannot
    /// block or redirect the write) and flushes it; false when a step fails.
    private static func write(_ data: Data, to file: URL) -> Bool {
        unlink(file.path)
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        return written == data.count && fsync(descriptor) == 0
    }

    /// The `publishedAt` of `state.json` (the last complete cycle's manifest), when it reads.
    private static func installedPublishedAt(_ layout: OTAStorageLayout) -> String? {
        guard let data = SmallFile.read(layout.stateFile.path, maximumBytes: 64 << 20),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return root["publishedAt"] as? String
    }
}
