import Foundation
import OTATestSupport
import Testing

@testable import OTALocalizationsPackager

/// The write `package` uses for ZIPs and slices: the same bytes and mode as Foundation's `Data.write(to:)`, without the
/// flush, and the `errno` of a failure.
@Suite struct UnflushedWriteTests {
    @Test func writesTheBytesAndReplacesAnOlderFile() throws {
        let folder = try TemporaryDirectory("unflushed")
        defer { folder.remove() }
        let path = folder.url.appendingPathComponent("a.zip").path
        let bytes = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        #expect(UnflushedWrite.write(bytes, to: path) == nil)
        #expect(FileManager.default.contents(atPath: path) == bytes)
        #expect(UnflushedWrite.write(Data("short".utf8), to: path) == nil)
        #expect(FileManager.default.contents(atPath: path) == Data("short".utf8))
        let foundation = folder.url.appendingPathComponent("b.zip")
        try bytes.write(to: foundation)
        let mode = { (path: String) in (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) }
        #expect(try mode(path) == mode(foundation.path))
    }

    @Test func reportsTheErrnoOfAFolderThatIsNotThere() throws {
        let folder = try TemporaryDirectory("unflushed")
        defer { folder.remove() }
        let path = folder.url.appendingPathComponent("missing/a.zip").path
        #expect(UnflushedWrite.write(Data("x".utf8), to: path) == ENOENT)
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
