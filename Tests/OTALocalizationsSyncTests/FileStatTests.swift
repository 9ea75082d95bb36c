import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizationsSync

/// `FileStat`, the installed-folder check's view of `lstat(2)`.
@Suite struct FileStatTests {
    /// Darwin's `dev_t` is a signed 32-bit integer: a device number with its top bit set is negative there, and must
    /// keep its bit pattern (equal devices stay equal, different ones different) instead of trapping.
    @Test func aNegativeDeviceNumberKeepsItsBitPattern() {
        #expect(FileStat.deviceNumber(Int32(-1)) == UInt64.max)
        #expect(FileStat.deviceNumber(Int32(-16_777_215)) == UInt64(bitPattern: -16_777_215))
        #expect(FileStat.deviceNumber(Int32(-16_777_215)) != FileStat.deviceNumber(Int32(-16_777_214)))
        #expect(FileStat.deviceNumber(Int32(16_777_220)) == 16_777_220)
        #expect(FileStat.deviceNumber(UInt64(1 << 40)) == 1 << 40, "Linux's dev_t is 64 bits, unsigned")
    }

    @Test func aReplacedFileIsAnotherFile() throws {
        let folder = try TemporaryDirectory("file-stat")
        defer { folder.remove() }
        let file = try folder.write("a", "one")
        let first = try #require(FileStat(path: file.path))
        try folder.write("b", "two")
        #expect(rename(folder.url.appendingPathComponent("b").path, file.path) == 0)
        let second = try #require(FileStat(path: file.path))
        #expect(first.device == second.device)
        #expect(!first.isSameFile(as: second))
    }
}
