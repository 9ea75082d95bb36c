import Foundation
import OTALocalizations
import OTATestSupport
import Testing
@testable import OTALocalizationsSync

/// `DurableFiles.writeNewFile`, the service's creation of every new file (through `NewFile`): it writes a new file
/// whole, and refuses, with the step and the system's reason, any path where something already is, never opening it.
/// `DurableFiles.makeDirectory` gives the storage attributes (no file protection on Apple platforms) to the storage
/// root and what is inside it, never to a parent it creates on the way.
@Suite struct DurableFilesTests {
    @Test func aNewFileIsWrittenWholeAndAnythingAlreadyThereIsRefusedUnopened() throws {
        let folder = try TemporaryDirectory("durable-files")
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("state.json")
        let data = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0) })

        try DurableFiles.writeNewFile(data, to: file)
        #expect(try Data(contentsOf: file) == data)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
        #expect(mode & 0o600 == 0o600 && mode & 0o133 == 0, "read-write for its owner, at most 0644 (less the umask)")

        // A file, a symbolic link to another file, and a FIFO (whose open for writing would wait for a reader).
        let other = folder.url.appendingPathComponent("other")
        try Data("other".utf8).write(to: other)
        let link = folder.url.appendingPathComponent("link")
        #expect(symlink(other.path, link.path) == 0)
        let fifo = folder.url.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        for url in [file, link, fifo] {
            #expect(throws: CycleFailure(.storage, "cannot create \(url.lastPathComponent): File exists")) {
                try DurableFiles.writeNewFile(Data("new".utf8), to: url)
            }
        }
        #expect(try Data(contentsOf: file) == data)
        #expect(try Data(contentsOf: other) == Data("other".utf8), "nothing written through the link")
    }

    @Test func onlyTheStorageRootAndWhatIsInsideItGetTheStorageAttributes() throws {
        let folder = try TemporaryDirectory("durable-files")
        defer { folder.remove() }
        // A fresh container: neither `Library/Application Support` nor the storage root exists yet.
        let support = folder.url.appendingPathComponent("Library/Application Support", isDirectory: true)
        let layout = OTAStorageLayout(storageRoot: support.appendingPathComponent("OTALocalizations"), appVersion: "1.0")

        let planned = DurableFiles.missingFolders(for: layout.modulesFolder, storageRoot: layout.storageRoot)

        let relative = planned.map { (String($0.url.path.dropFirst(folder.url.path.count + 1)), $0.isStorage) }
        #expect(relative.map(\.0) == [
            "Library", "Library/Application Support", "Library/Application Support/OTALocalizations",
            "Library/Application Support/OTALocalizations/1.0", "Library/Application Support/OTALocalizations/1.0/modules",
        ])
        #expect(relative.map(\.1) == [false, false, true, true, true])

        try DurableFiles.makeDirectory(layout.modulesFolder, layout: layout)
        #expect(DurableFiles.isDirectory(layout.modulesFolder))
        #expect(DurableFiles.missingFolders(for: layout.modulesFolder, storageRoot: layout.storageRoot).isEmpty)
        // Once `Library` exists, only what is still missing is planned.
        let temporary = DurableFiles.missingFolders(for: layout.temporaryFolder, storageRoot: layout.storageRoot)
        #expect(temporary.map(\.url.lastPathComponent) == ["tmp"] && temporary.map(\.isStorage) == [true])
    }
}
