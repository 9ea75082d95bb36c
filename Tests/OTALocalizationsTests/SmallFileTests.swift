import Foundation
import Testing
@testable import OTALocalizations

/// The storage root's one small-file reader and its symbolic-link policy (`StorageEntry`): a final symbolic link is
/// never followed, a FIFO never blocks, only a regular file within the size asked for is read, whole.
@Suite struct SmallFileTests {
    private let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ota-small-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    private func file(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        return path(name)
    }

    private func fifo(_ name: String) throws -> String {
        #expect(mkfifo(path(name), 0o600) == 0)
        return path(name)
    }

    @Test func aRegularFileIsReadWholeWithinItsLimit() throws {
        let record = try file("record", "0123456789\n")
        #expect(SmallFile.read(record, maximumBytes: 11) == Data("0123456789\n".utf8))
        #expect(SmallFile.read(record, maximumBytes: 10) == nil)
        #expect(SmallFile.prefix(record, count: 4) == Data("0123".utf8))
        guard case .data(let data) = SmallFile.contents(record, maximumBytes: 64) else {
            Issue.record("not read")
            return
        }
        #expect(data.count == 11)
        try FileManager.default.removeItem(atPath: folder.path)
    }

    @Test func aMissingFileIsToldFromOneThatCannotBeRead() throws {
        guard case .missing = SmallFile.contents(path("absent"), maximumBytes: 64) else {
            Issue.record("absent is not missing")
            return
        }
        try FileManager.default.createDirectory(atPath: path("folder"), withIntermediateDirectories: false)
        guard case .unreadable = SmallFile.contents(path("folder"), maximumBytes: 64) else {
            Issue.record("a folder reads")
            return
        }
        try FileManager.default.removeItem(atPath: folder.path)
    }

    @Test func aSymbolicLinkIsNeverReadThrough() throws {
        let target = try file("target", "secret\n")
        try FileManager.default.createSymbolicLink(atPath: path("link"), withDestinationPath: target)
        #expect(SmallFile.read(path("link"), maximumBytes: 64) == nil)
        #expect(SmallFile.prefix(path("link"), count: 64) == nil)
        guard case .unreadable = SmallFile.contents(path("link"), maximumBytes: 64) else {
            Issue.record("the link is read or missing")
            return
        }
        try FileManager.default.removeItem(atPath: folder.path)
    }

    @Test func aFIFOReadsAsNothingWithoutBlocking() throws {
        let pipe = try fifo("pipe")
        #expect(SmallFile.read(pipe, maximumBytes: 64) == nil)
        #expect(SmallFile.prefix(pipe, count: 64)?.isEmpty != false)
        try FileManager.default.removeItem(atPath: folder.path)
    }

    @Test func anEntryIsToldByLstatAndALinkIsOtherWhateverItNames() throws {
        let target = try file("target", "x")
        try FileManager.default.createDirectory(atPath: path("folder"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: path("to-file"), withDestinationPath: target)
        try FileManager.default.createSymbolicLink(atPath: path("to-folder"), withDestinationPath: path("folder"))
        try FileManager.default.createSymbolicLink(atPath: path("dangling"), withDestinationPath: path("absent"))
        #expect(StorageEntry(atPath: target) == .regularFile)
        #expect(StorageEntry(atPath: path("folder")) == .directory)
        #expect(StorageEntry(atPath: path("to-file")) == .other)
        #expect(StorageEntry(atPath: path("to-folder")) == .other)
        #expect(StorageEntry(atPath: path("dangling")) == .other)
        #expect(StorageEntry(atPath: try fifo("pipe")) == .other)
        #expect(StorageEntry(atPath: path("absent")) == .missing)
        try FileManager.default.removeItem(atPath: folder.path)
    }

    /// The link itself goes to a trash name at the storage root; what it names stays where it is.
    @Test func movingALinkAsideMovesTheLinkNotItsTarget() throws {
        let target = try file("target", "kept")
        try FileManager.default.createSymbolicLink(atPath: path("link"), withDestinationPath: target)
        let trash = try #require(StorageEntry.moveAside(path("link"), storageRoot: folder))
        #expect(trash.deletingLastPathComponent().standardizedFileURL.path == folder.standardizedFileURL.path)
        #expect(trash.lastPathComponent.hasPrefix(OTAStorageLayout.trashNamePrefix))
        #expect(StorageEntry(atPath: path("link")) == .missing)
        #expect(StorageEntry(atPath: trash.path) == .other)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "kept")
        #expect(StorageEntry.moveAside(path("link"), storageRoot: folder) == nil)
        try FileManager.default.removeItem(atPath: folder.path)
    }
}
