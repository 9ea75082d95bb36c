import Foundation

/// The crash-loop guard of the read side (docs/design.md, "The crash-loop guard"): counts the launches that are handed
/// over-the-air bundles, and quarantines content handed to too many launches in a row that never confirmed.
///
/// The *content* is what is installed (module name to the SHA-256 its `current` folder is named by), not the part of
/// it one launch can serve: a launch with other languages, or before the first unlock, is a launch of the same
/// content. The count lives in one 70-byte record (``OTAStorageLayout/launchAttemptsFile``), read and changed under
/// `flock(2)` on that file together with the quarantine records, so that an app and its extensions sharing a storage
/// root never lose each other's counts nor serve content another process just quarantined. Each change is one
/// `pwrite(2)` of the whole record at offset 0 (within one page): a process killed at any instruction leaves the old
/// record or the new one, so a count is right or one too low; once created, the record never needs a new block, so a
/// full disk cannot empty it. The quarantine records are written to a temporary file and renamed into place before the
/// count is reset, so a kill never loses a quarantine; until they are written, the count stays at the limit, which
/// refuses the content just the same. A lock held for more than about 100 ms makes the launch go on uncounted, and
/// still refuses content whose record, read without the lock, is at the limit or quarantined.
@MainActor
enum LaunchGuard {
    /// The folders to hand out for one load: `folders`, or none when `content` is quarantined or due to be, with the
    /// reason (``Decision/refusal``).
    ///
    /// The first load of a content in a process counts one attempt (unless `countsLaunch` is false); later loads of
    /// the same content in the process repeat the decision without counting again. In a process started by prewarming
    /// (``Prewarm``) the load decides as an uncounted one would, and the attempt is counted when the app first becomes
    /// active, whatever `countsLaunch` says (an app that loads uncounted while in the background, as a prewarm is, still
    /// counts the launch the user opens).
    static func admit(
        _ folders: [String: String], content: [String: String], layout: OTAStorageLayout, maximumUnconfirmedLaunches: Int?,
        countsLaunch: Bool
    ) -> (folders: [String: String], refusal: OTALocalizedString.EmbeddedReason?) {
        guard let maximum = maximumUnconfirmedLaunches.map({ max(1, $0) }), !folders.isEmpty else { return (folders, nil) }
        let fingerprint = OTALaunchQuarantine.fingerprint(of: content)
        let key = layout.versionFolder.path + "\n" + fingerprint
        if let decided = decisions[key] { return decided.served ? (folders, nil) : ([:], decided.refusal) }
        let deferred = prewarm.isPrewarmed
        let decision = decide(
            layout, fingerprint: fingerprint, content: content, maximum: maximum, counts: countsLaunch && !deferred)
        decisions[key] = decision
        if deferred, decision == .servedUncounted {
            prewarm.afterActivation {
                // Counted as this launch's load would have been; content another process quarantined meanwhile stays
                // handed out in this process (no text changes under the user) and is refused from the next launch.
                if decide(layout, fingerprint: fingerprint, content: content, maximum: maximum, counts: true) == .served {
                    decisions[key] = .served
                }
            }
        }
        return decision.served ? (folders, nil) : ([:], decision.refusal)
    }

    /// How this process was started (``Prewarm/current``); tests replace it.
    static var prewarm = Prewarm.current

    /// Sets the count of unconfirmed launches back to 0, keeping the record's size; never creates the file. A process
    /// that was refused content because its count was at the limit (its quarantine could not be written) confirms
    /// nothing: the count stays, so the content stays refused.
    static func confirm(_ layout: OTAStorageLayout) {
        let prefix = layout.versionFolder.path + "\n"
        let mine = decisions.filter { $0.key.hasPrefix(prefix) }.map(\.value)
        // Refused at the limit or for an unusable record, or served without counting (a background launch, an
        // extension): nothing to confirm.
        guard !mine.contains(.refusedAtTheLimit), !mine.contains(.refusedUnusableRecord), mine.isEmpty || mine.contains(.served)
        else { return }
        _ = withLockedRecord(layout.launchAttemptsFile.path, create: false, attempts: confirmLockAttempts) { descriptor, locked in
            guard locked, let record = readRecord(descriptor), record.count > 0 else { return }
            writeRecord(descriptor, fingerprint: record.fingerprint, count: 0)
        }
    }

    /// Forgets ``decisions``, as a new process would.
    static func forget() {
        decisions = [:]
    }

    /// What one load decided.
    enum Decision: Equatable {
        /// The content was handed out and counted.
        case served
        /// The content was handed out without counting (`countsLaunch` false, or the lock was held).
        case servedUncounted
        /// A quarantine record names the content.
        case quarantined
        /// The count was at the limit and the quarantine record could not be written.
        case refusedAtTheLimit
        /// The record is there but cannot be counted in (a hard link, a symbolic link, a FIFO, a folder): the guard
        /// fails closed until the next update cycle moves it aside.
        case refusedUnusableRecord

        var served: Bool { self == .served || self == .servedUncounted }

        /// Why a refused load serves embedded strings; nil when the content is served.
        var refusal: OTALocalizedString.EmbeddedReason? {
            switch self {
            case .served, .servedUncounted: nil
            case .quarantined, .refusedAtTheLimit: .quarantined
            case .refusedUnusableRecord: .launchGuardUnavailable
            }
        }
    }

    /// In this process, per app-version folder and fingerprint: what was decided for that content.
    private static var decisions: [String: Decision] = [:]

    /// The steps of counting an attempt, in order: where ``interruption`` stops one, as a process killed there would.
    package enum Step: CaseIterable, Sendable {
        /// Before the record is opened and locked.
        case lockRecord
        /// Before the quarantine records are written to their temporary file.
        case writeQuarantine
        /// Before the temporary file is renamed to the quarantine records.
        case renameQuarantine
        /// Before the count is reset after a quarantine.
        case resetCount
        /// Before the new count is written.
        case writeCount
    }

    /// Tests only: the step at which counting stops, leaving the files as a process killed at that step would
    /// (the descriptor closed and its lock released, as the kernel does); nil in an app.
    package static var interruption: Step?

    /// Decides for `fingerprint` under the record's lock: quarantined content is refused; content counted `maximum`
    /// times in a row is quarantined and refused; other content is counted (when `counts`) and served. Without the
    /// lock (held by another process for too long, or the file cannot be opened) the records are read as they are.
    private static func decide(
        _ layout: OTAStorageLayout, fingerprint: String, content: [String: String], maximum: Int, counts: Bool
    ) -> Decision {
        if interruption == .lockRecord { return .refusedAtTheLimit }
        let decided = withLockedRecord(layout.launchAttemptsFile.path, create: counts, attempts: launchLockAttempts) {
            descriptor, locked -> Decision in
            let records = OTALaunchQuarantine.loadAll(layout)
            if records.contains(where: { $0.fingerprint == fingerprint }) { return .quarantined }
            let previous = readRecord(descriptor)
            let count = previous?.fingerprint == fingerprint ? previous!.count : 0
            guard locked, counts else { return count >= maximum ? .refusedAtTheLimit : counts ? .served : .servedUncounted }
            if count >= maximum {
                let quarantine = OTALaunchQuarantine(
                    modules: content, publishedAt: installedPublishedAt(layout),
                    since: Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)), launches: count)
                if interruption == .writeQuarantine { return .refusedAtTheLimit }
                guard NewFile.write(OTALaunchQuarantine.encoded(records + [quarantine]),
                                    to: layout.quarantineTemporaryFile.path, mode: 0o644, flush: .toMedium) else {
                    return .refusedAtTheLimit
                }
                if interruption == .renameQuarantine { return .refusedAtTheLimit }
                guard rename(layout.quarantineTemporaryFile.path, layout.quarantineFile.path) == 0 else { return .refusedAtTheLimit }
                // The rename is durable once the folder is: only then may the count be reset.
                FileFlush.toMedium.applyToFolder(layout.versionFolder.path)
                if interruption == .resetCount { return .quarantined }
                writeRecord(descriptor, fingerprint: fingerprint, count: 0)
                return .quarantined
            }
            if interruption == .writeCount { return .served }
            writeRecord(descriptor, fingerprint: fingerprint, count: count + 1)
            return .served
        }
        switch decided {
        case .opened(let decision):
            return decision
        case .absent:
            // No record yet and none to be made (an uncounted load): only the quarantine records can refuse the content.
            return OTALaunchQuarantine.loadAll(layout).contains { $0.fingerprint == fingerprint } ? .quarantined : .servedUncounted
        case .unusable:
            // Something planted or broken where the record belongs: serving without counting would turn the guard
            // off, so this launch uses the embedded strings; the next update cycle moves it aside.
            return .refusedUnusableRecord
        }
    }

    /// The record `descriptor` holds, when it is exactly one.
    static func readRecord(_ descriptor: Int32) -> (fingerprint: String, count: Int)? {
        var buffer = [UInt8](repeating: 0, count: OTAStorageLayout.launchAttemptsRecordBytes + 1)
        let read = pread(descriptor, &buffer, buffer.count, 0)
        return read > 0 ? OTAStorageLayout.parseLaunchAttempts(Data(buffer[..<read])) : nil
    }

    /// Writes the whole record in one `pwrite(2)` at offset 0, first cutting a longer file to the record's size.
    static func writeRecord(_ descriptor: Int32, fingerprint: String, count: Int) {
        let record = [UInt8](OTAStorageLayout.launchAttemptsContents(fingerprint: fingerprint, count: count))
        var info = stat()
        if fstat(descriptor, &info) == 0, Int(info.st_size) > record.count { _ = ftruncate(descriptor, off_t(record.count)) }
        _ = pwrite(descriptor, record, record.count, 0)
    }

    /// What opening the record gave.
    enum Opened<Value> {
        /// The record was opened (and `body` ran).
        case opened(Value)
        /// There is no record, and none was to be created.
        case absent
        /// Something is there that is not a regular file with one name, or it cannot be opened or created.
        case unusable
    }

    /// Runs `body` with the record open, and locked (`LOCK_EX`) when the lock could be taken within `attempts` tries a
    /// millisecond apart (`body`'s second argument says which).
    static func withLockedRecord<Value>(
        _ path: String, create: Bool, attempts: Int, _ body: (Int32, Bool) -> Value
    ) -> Opened<Value> {
        let flags = O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | (create ? O_CREAT : 0)
        let descriptor = open(path, flags, 0o644)
        guard descriptor >= 0 else { return !create && errno == ENOENT ? .absent : .unusable }
        defer { close(descriptor) }
        var info = stat()
        // A regular file with one name: a hard link planted here would make the record's writes land in another file.
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_nlink == 1 else { return .unusable }
        var tried = 0
        var locked = true
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            tried += 1
            guard errno == EINTR || errno == EWOULDBLOCK, tried < attempts else {
                locked = false
                break
            }
            if errno == EWOULDBLOCK { usleep(1_000) }
        }
        defer { if locked { flock(descriptor, LOCK_UN) } }
        return .opened(body(descriptor, locked))
    }

    /// How many times a launch tries a held lock, a millisecond apart, before it goes on uncounted: about 100 ms, far
    /// inside the launch watchdog's limit (docs/apple-platform.md K2).
    private static let launchLockAttempts = 100
    /// How many times a confirmation tries a held lock: about 2 s, after the first screen, off the launch path.
    static let confirmLockAttempts = 2_000

    /// The `publishedAt` of `state.json` (the last complete cycle's manifest), when it reads.
    private static func installedPublishedAt(_ layout: OTAStorageLayout) -> String? {
        guard let data = SmallFile.read(layout.stateFile.path, maximumBytes: 64 << 20),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return root["publishedAt"] as? String
    }
}
