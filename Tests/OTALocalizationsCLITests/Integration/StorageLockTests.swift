import Foundation
import OTALocalizationsSync
import OTALocalizationsTooling
import OTATestSupport
import Testing

/// `StorageLock` against util-linux `flock(1)` (an independent holder) and against itself.
@Suite struct StorageLockTests {
    @Test func writesTheHolderLineAndExcludesASecondHolder() async throws {
        let root = try TemporaryDirectory("lock")
        defer { root.remove() }
        let storage = root.url.appendingPathComponent("storage")

        let lock = try StorageLock.acquire(storageRoot: storage, holder: .init(processIdentifier: 4242, purpose: "sync"))

        let file = storage.appendingPathComponent(".ota-localizations.lock")
        #expect(try String(contentsOf: file, encoding: .utf8) == "4242 sync\n")
        #expect(StorageLock.currentHolder(storageRoot: storage) == .init(processIdentifier: 4242, purpose: "sync"))
        #expect(try StorageLock.tryAcquire(storageRoot: storage, holder: .currentProcess(purpose: "delete")) == nil)
        // flock(1) -n exits 1 when the lock is taken.
        #expect(try await ExternalTool.run("flock", ["-n", file.path, "true"]).status == 1)
        lock.release()
        #expect(try await ExternalTool.run("flock", ["-n", file.path, "true"]).status == 0)
        let again = try #require(try StorageLock.tryAcquire(storageRoot: storage, holder: .currentProcess(purpose: "delete")))
        #expect(try String(contentsOf: file, encoding: .utf8) == "\(getpid()) delete\n")
        again.release()
    }

    @Test func isExcludedByAnotherProcessHoldingFlock() async throws {
        let root = try TemporaryDirectory("lock")
        defer { root.remove() }
        let file = root.url.appendingPathComponent(".ota-localizations.lock")
        try Data().write(to: file)
        // flock(1) runs `cat`, which exits (releasing the lock) when its standard input is closed.
        let input = Pipe()
        let holder = Process()
        // util-linux's flock(1); on macOS Homebrew's `flock` formula installs the same command.
        let flock = ["/usr/bin/flock", "/opt/homebrew/bin/flock", "/usr/local/bin/flock"]
            .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/flock"
        holder.executableURL = URL(fileURLWithPath: flock)
        holder.arguments = [file.path, "cat"]
        holder.standardInput = input
        holder.standardOutput = FileHandle.nullDevice
        try holder.run()
        // On an early exit the holder ends on its own once `input` is released; the waits below are the normal path.
        defer { try? input.fileHandleForWriting.close() }
        var held = false
        for _ in 0..<500 where !held {
            held = try await ExternalTool.run("flock", ["-n", file.path, "true"]).status == 1
            if !held { try await Task.sleep(nanoseconds: 10_000_000) }
        }
        try #require(held)

        #expect(try StorageLock.tryAcquire(storageRoot: root.url, holder: .currentProcess(purpose: "sync")) == nil)
        try input.fileHandleForWriting.close()
        await OwnThread.waitUntilExit(holder)
        #expect(try StorageLock.tryAcquire(storageRoot: root.url, holder: .currentProcess(purpose: "sync")) != nil)
    }

    @Test func aWaiterWhoseFileWasDeletedLocksTheNewFile() async throws {
        let root = try TemporaryDirectory("lock")
        defer { root.remove() }
        let first = try StorageLock.acquire(storageRoot: root.url, holder: .init(processIdentifier: 1, purpose: "delete"))
        let acquired = Flag()
        let waiter = Thread {
            if let lock = try? StorageLock.acquire(storageRoot: root.url, holder: .init(processIdentifier: 2, purpose: "sync")) {
                acquired.set()
                // Held until the test has checked the file.
                while !acquired.released { usleep(1000) }
                lock.release()
            }
        }
        waiter.start()
        try await Task.sleep(nanoseconds: 100_000_000)
        #expect(!acquired.isSet)

        first.removeContentsExceptLockFile()
        first.releaseRemovingFile()

        #expect(await Poll.until(upTo: 5) { acquired.isSet })
        let file = root.url.appendingPathComponent(".ota-localizations.lock")
        #expect(try String(contentsOf: file, encoding: .utf8) == "2 sync\n")
        #expect(try await ExternalTool.run("flock", ["-n", file.path, "true"]).status == 1)
        acquired.release()
    }

    @Test func aSymbolicLinkAtTheLockPathIsMovedAsideNeverWrittenThrough() async throws {
        let root = try TemporaryDirectory("lock")
        defer { root.remove() }
        try root.write("outside.txt", "precious\n")
        let storage = root.url.appendingPathComponent("storage")
        try FileManager.default.createDirectory(at: storage, withIntermediateDirectories: true)
        let file = storage.appendingPathComponent(".ota-localizations.lock")
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: root.url.appendingPathComponent("outside.txt"))

        let lock = try StorageLock.acquire(storageRoot: storage, holder: .init(processIdentifier: 4242, purpose: "delete"))
        defer { lock.release() }

        #expect(try String(contentsOf: root.url.appendingPathComponent("outside.txt"), encoding: .utf8) == "precious\n")
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.type] as? FileAttributeType == .typeRegular)
        #expect(try String(contentsOf: file, encoding: .utf8) == "4242 delete\n")
        #expect(try await ExternalTool.run("flock", ["-n", file.path, "true"]).status == 1)
    }

    @Test(arguments: ["a folder", "a FIFO"])
    func aWrongKindOfFileAtTheLockPathIsMovedAside(_ kind: String) async throws {
        let root = try TemporaryDirectory("lock")
        defer { root.remove() }
        let file = root.url.appendingPathComponent(".ota-localizations.lock")
        if kind == "a folder" {
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        } else {
            #expect(try await ExternalTool.run("mkfifo", [file.path]).status == 0)
        }

        let lock = try StorageLock.acquire(storageRoot: root.url, holder: .init(processIdentifier: 4242, purpose: "sync"))
        defer { lock.release() }

        #expect(try String(contentsOf: file, encoding: .utf8) == "4242 sync\n", "\(kind)")
        #expect(try await ExternalTool.run("flock", ["-n", file.path, "true"]).status == 1, "\(kind)")
        #expect(lock.removeContentsExceptLockFile().undeleted.isEmpty, "\(kind): the moved-aside entry is trash")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == [".ota-localizations.lock"])
    }

    /// A child another thread is spawning shares every open file description until it execs, so a lock released by
    /// `close` alone stayed held a moment (about 1 in 85 releases here, with two threads spawning `/bin/true`).
    @Test func aReleasedLockIsFreeAtOnceWhileOtherThreadsSpawnProcesses() async throws {
        let root = try TemporaryDirectory("lock")
        defer { root.remove() }
        let storage = root.url.appendingPathComponent("storage")
        let stop = Flag()
        defer { stop.set() }
        let spawned = Flag()
        for _ in 0..<2 {
            Thread.detachNewThread {
                while !stop.isSet {
                    let child = Process()
                    child.executableURL = URL(fileURLWithPath: "/bin/true")
                    guard (try? child.run()) != nil else { return }
                    child.waitUntilExit()
                    spawned.set()
                }
            }
        }
        #expect(await Poll.until(upTo: 30) { spawned.isSet })

        var stillHeld = 0
        for _ in 0..<20_000 {
            let lock = try StorageLock.acquire(storageRoot: storage, holder: .currentProcess(purpose: "sync"))
            lock.release()
            if let next = try StorageLock.tryAcquire(storageRoot: storage, holder: .currentProcess(purpose: "delete")) {
                next.release()
            } else {
                stillHeld += 1
            }
        }
        #expect(stillHeld == 0)
    }

    @Test func removeContentsKeepsOnlyTheLockFileThenReleaseRemovingFileEmptiesTheRoot() throws {
        let root = try TemporaryDirectory("lock")
        defer { root.remove() }
        try root.write("1.0.0/modules/A/current", "x")
        try root.write(".ota-localizations-root.json", "{}")
        let lock = try StorageLock.acquire(storageRoot: root.url, holder: .currentProcess(purpose: "delete"))

        #expect(lock.removeContentsExceptLockFile().undeleted.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == [".ota-localizations.lock"])
        lock.releaseRemovingFile()
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == [])
    }
}

private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    private var done = false

    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
    func release() { lock.lock(); done = true; lock.unlock() }
    var released: Bool { lock.lock(); defer { lock.unlock() }; return done }
}
