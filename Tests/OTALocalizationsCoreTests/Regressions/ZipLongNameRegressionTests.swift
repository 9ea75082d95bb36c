import Foundation
import OTATestSupport
import Testing

@testable import OTALocalizationsCore
@testable import OTALocalizationsPublishing

/// Entry names longer than `PATH_MAX` (1,024 bytes on Apple platforms, `<sys/syslimits.h>`) are refused up front.
///
/// Found while fuzzing the ZIP reader (docs/fuzzing.md): the path-conflict check walks every folder prefix of every
/// name, so its cost grew with the square of the name's length. One 64 KiB name of `a/a/a/...` took 0.55 s in a
/// release build, and 240 of them in a 31 MB archive (inside the default ``ZipLimits``) kept the reader busy for
/// 128 s. Such names could never be extracted on iOS anyway.
@Suite struct ZipLongNameRegressionTests {
    /// `a/a/.../a/` repeated `folders` times, then `last`: the pathological shape, one folder per two bytes.
    private func deepName(folders: Int, last: String) -> String {
        String(repeating: "a/", count: folders) + last
    }

    private func openAndExtract(_ zip: RawZip) -> ArchiveErrorCodeResult {
        archiveErrorCode { _ = try ZipArchive(bytes: zip.bytes()).extractAll() }
    }

    @Test func nameOfPathMaxBytesIsAccepted() throws {
        // Given: a 1,024-byte name (511 folders and "bc"), in an archive Info-ZIP's unzip accepts.
        let name = deepName(folders: 511, last: "bc")
        #expect(name.utf8.count == 1024)
        let zip = RawZip(entries: [.stored(name, Array("x".utf8))])
        let temp = try TemporaryDirectory("long-name")
        defer { temp.remove() }
        let file = try temp.write("a.zip", zip.bytes())
        #expect(try ProcessRunner.runBlocking(["unzip", "-t", file.path]).status == 0)

        // When / Then
        let files = try ZipArchive(bytes: zip.bytes()).extractAll()
        #expect(files.map(\.path) == [name])
        #expect(files.map(\.data) == [Data("x".utf8)])
    }

    @Test func nameOneBytePastPathMaxIsRefused() {
        let name = deepName(folders: 511, last: "bcd")
        #expect(name.utf8.count == 1025)
        #expect(openAndExtract(RawZip(entries: [.stored(name, Array("x".utf8))])) == .code(.nameTooLong))
    }

    @Test func longestPossibleNameIsRefusedBeforeThePrefixWalk() {
        // The shape that took 0.55 s per entry: 32,767 folders, 65,535 bytes (the 16-bit name length's maximum).
        let name = deepName(folders: 32_767, last: "b")
        #expect(name.utf8.count == 65_535)
        let entries = (0..<3).map { _ in RawZipEntry.stored(name, []) }
        #expect(openAndExtract(RawZip(entries: entries)) == .code(.nameTooLong))
    }

    @Test func longNameInAppleMetadataIsStillSkipped() throws {
        // `__MACOSX/` entries are skipped unread, as before; only names the reader keeps are checked.
        let metadata = "__MACOSX/" + deepName(folders: 600, last: "._b")
        let zip = RawZip(entries: [.stored(metadata, [0]), .stored("en.lproj/a.strings", Array("\"a\" = \"b\";".utf8))])
        let files = try ZipArchive(bytes: zip.bytes()).extractAll()
        #expect(files.map(\.path) == ["en.lproj/a.strings"])
    }

    @Test func writerRefusesNamePastPathMax() {
        let name = deepName(folders: 511, last: "bcd")
        let result = archiveErrorCode { _ = try ZipWriter.archive([ZipWriter.Entry(path: name, data: Data("x".utf8))]) }
        #expect(result == .code(.nameTooLong))
    }
}
