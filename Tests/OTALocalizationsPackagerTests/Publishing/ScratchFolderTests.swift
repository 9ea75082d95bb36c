import Foundation
@testable import OTALocalizationsPackager
import OTATestSupport
import Testing

/// Which `ota-aws-*` scratch folders a run removes as abandoned: those no running process holds.
@Suite struct ScratchFolderTests {
    private func folder(_ root: URL, _ name: String, lockFile: Bool = true) throws -> URL {
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        try Data("out".utf8).write(to: url.appendingPathComponent("x.out"))
        if lockFile { try Data().write(to: url.appendingPathComponent("lock")) }
        return url
    }

    @Test func onlyFoldersNoRunningProcessHoldsAreRemoved() throws {
        let root = try TemporaryDirectory("scratch")
        defer { root.remove() }
        // Held: its lock taken through another open file description, as a running run holds it.
        let held = try folder(root.url, "ota-aws-held")
        let descriptor = open(held.appendingPathComponent("lock").path, O_RDWR)
        #expect(descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        defer { close(descriptor) }
        _ = try folder(root.url, "ota-aws-killed")
        _ = try folder(root.url, "ota-aws-cut.removed", lockFile: false)
        _ = try folder(root.url, "ota-aws-new", lockFile: false)
        _ = try folder(root.url, "other-folder")
        try FileManager.default.createSymbolicLink(atPath: root.url.appendingPathComponent("ota-aws-link").path, withDestinationPath: held.path)

        #expect(ScratchFolder.removeAbandoned(in: root.url) == ["ota-aws-cut.removed", "ota-aws-killed"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["ota-aws-held", "ota-aws-link", "ota-aws-new", "other-folder"])

        // A folder without a lock file is its creator's until a minute has passed.
        #expect(ScratchFolder.removeAbandoned(in: root.url, now: Date().addingTimeInterval(ScratchFolder.unlockedAgeSeconds + 1)) == ["ota-aws-new"])
        #expect(FileManager.default.fileExists(atPath: held.appendingPathComponent("x.out").path))
    }

    @Test func aFolderWithoutALockFileGoesAtOnceWhenTheProcessNamedInItIsGone() throws {
        let root = try TemporaryDirectory("scratch")
        defer { root.remove() }
        let uuid = "0FACEB3E-68FE-409C-B533-D881733D25E8"
        // No process has this id (above any pid_max), so its creator was killed between mkdir(2) and locking.
        let gone = "ota-aws-\(uuid)-\(Int32.max - 1)"
        let running = "ota-aws-\(uuid.lowercased())-\(getpid())"
        _ = try folder(root.url, gone, lockFile: false)
        _ = try folder(root.url, running, lockFile: false)

        #expect(ScratchFolder.removeAbandoned(in: root.url) == [gone])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == [running])
    }

    @Test func aYoungFolderOfARunningProcessIsLeftAloneEvenWithItsLockFree() throws {
        let root = try TemporaryDirectory("scratch")
        defer { root.remove() }
        // Its creator has made the lock file and not yet locked it: another run's cleanup must not pull it away.
        let creating = "ota-aws-0FACEB3E-68FE-409C-B533-D881733D25E8-\(getpid())"
        let folder = try folder(root.url, creating)

        #expect(ScratchFolder.removeAbandoned(in: root.url) == [])
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.out").path))
        // A minute on, its lock free, it is a folder an id used again left behind.
        #expect(ScratchFolder.removeAbandoned(in: root.url, now: Date().addingTimeInterval(ScratchFolder.unlockedAgeSeconds + 1)) == [creating])
    }

    @Test func theProcessIdIsReadOnlyFromAScratchFolderName() {
        let uuid = "0FACEB3E-68FE-409C-B533-D881733D25E8"
        #expect(ScratchFolder.creator("ota-aws-\(uuid)-4242") == 4242)
        #expect(ScratchFolder.creator("ota-aws-\(uuid)") == nil)
        #expect(ScratchFolder.creator("ota-aws-\(uuid)-") == nil)
        #expect(ScratchFolder.creator("ota-aws-\(uuid)-0") == nil)
        #expect(ScratchFolder.creator("ota-aws-\(uuid)-42x") == nil)
        #expect(ScratchFolder.creator("ota-aws-not-a-uuid-at-all-but-36-chars-4242") == nil)
        #expect(ScratchFolder.creator("other-\(uuid)-4242") == nil)
    }

    @Test func aScratchFolderIsLockedUntilItIsRemoved() throws {
        let scratch = try ScratchFolder.make()
        let root = scratch.url.deletingLastPathComponent()
        #expect(!ScratchFolder.removeAbandoned(in: root).contains(scratch.url.lastPathComponent))
        #expect(FileManager.default.fileExists(atPath: scratch.file("lock").path))
        #expect(ScratchFolder.creator(scratch.url.lastPathComponent) == getpid())
        scratch.remove()
        #expect(!FileManager.default.fileExists(atPath: scratch.url.path))
        #expect(!FileManager.default.fileExists(atPath: scratch.url.path + ".removed"))
    }
}
