import Foundation

/// The temporary files `package` has open, so that SIGINT or SIGTERM can remove them (``PackagingInterruption``),
/// and the rule that finds ones a killed run left behind.
///
/// A temporary file is `.<final name>.<process id>.tmp` beside its final name. Thread safety: every member may be
/// called from any thread; the lock also keeps a file from being created while an interrupt removes the others.
enum TemporaryFiles {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var paths: Set<String> = []
    nonisolated(unsafe) private static var interrupted = false

    /// The temporary file for `url` in this process.
    static func url(for url: URL) -> URL {
        url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    }

    /// Records `path` before it is created; false once an interrupt began (the caller must not create it).
    static func register(_ path: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !interrupted else { return false }
        paths.insert(path)
        return true
    }

    /// Forgets `path` once it was renamed or removed.
    static func unregister(_ path: String) {
        lock.lock()
        paths.remove(path)
        lock.unlock()
    }

    /// Removes every recorded file and calls `then` while still holding the lock, so no new file can appear in
    /// between (``PackagingInterruption`` ends the process there).
    static func removeAllForInterrupt(then: () -> Void) {
        lock.lock()
        interrupted = true
        for path in paths { unlink(path) }
        paths.removeAll()
        then()
        lock.unlock()
    }

    /// The process id in a temporary file name of this writer (`.<name>.<pid>.tmp`), or nil for any other name.
    static func processIdentifier(inName name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let body = name.dropFirst().dropLast(".tmp".count)
        guard let dot = body.lastIndex(of: "."), dot > body.startIndex else { return nil }
        let digits = body[body.index(after: dot)...]
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
              let pid = Int32(digits), pid > 0 else { return nil }
        return pid
    }

    /// Removes the temporary files in `folder` whose process no longer runs (a run killed by SIGKILL or a crash
    /// leaves them; `aws s3 sync` would upload them). Files of running processes, this one included, are kept.
    /// - Returns: the names removed, sorted.
    static func removeStale(in folder: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let own = ProcessInfo.processInfo.processIdentifier
        var removed: [String] = []
        for name in names.sorted() {
            guard let pid = processIdentifier(inName: name), pid != own, !isRunning(pid) else { continue }
            if unlink(folder.appendingPathComponent(name).path) == 0 { removed.append(name) }
        }
        return removed
    }

    /// Whether a process with this id exists (`kill(pid, 0)`: `EPERM` means it exists but is another user's).
    private static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
