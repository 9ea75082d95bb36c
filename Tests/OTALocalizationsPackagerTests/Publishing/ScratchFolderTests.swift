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

    @Test func aScratchFolderIsLockedUntilItIsRemoved() throws {
        let scratch = try ScratchFolder.make()
        let root = scratch.url.deletingLastPathComponent()
        #expect(!ScratchFolder.removeAbandoned(in: root).contains(scratch.url.lastPathComponent))
        #expect(FileManager.default.fileExists(atPath: scratch.file("lock").path))
        scratch.remove()
        #expect(!FileManager.default.fileExists(atPath: scratch.url.path))
        #expect(!FileManager.default.fileExists(atPath: scratch.url.path + ".removed"))
    }
}
