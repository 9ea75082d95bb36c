import Foundation
import OTATestSupport
import Testing

@testable import OTALocalizationsCore
@testable import OTALocalizationsPublishing

/// Hostile and malformed archives, built byte by byte with ``RawZip``; each must be refused with its own code.
@Suite struct ZipArchiveHostileTests {
    private func code(_ zip: RawZip, limits: ZipLimits = .default) -> ArchiveErrorCodeResult {
        code(zip.bytes(), limits: limits)
    }

    /// Opens and fully extracts `bytes`, returning the first error code.
    private func code(_ bytes: Data, limits: ZipLimits = .default) -> ArchiveErrorCodeResult {
        archiveErrorCode { _ = try ZipArchive(bytes: bytes, limits: limits).extractAll() }
    }

    private func single(_ entry: RawZipEntry) -> RawZip { RawZip(entries: [entry]) }

    private static let pythonRawDeflate = """
        import sys, zlib
        c = zlib.compressobj(9, zlib.DEFLATED, -15)
        sys.stdout.buffer.write(c.compress(sys.stdin.buffer.read()) + c.flush())
        """

    // MARK: Baseline

    @Test func builderBaselineIsAcceptedByUnzipAndUs() throws {
        let zip = RawZip(entries: [.stored("a/b.txt", Array("hello".utf8)), .directory("a/"), .stored("e", [])])
        let temp = try TemporaryDirectory("archive")
        defer { temp.remove() }
        let file = try temp.write("b.zip", zip.bytes())
        #expect(try ProcessRunner.runBlocking(["unzip", "-t", file.path]).status == 0)
        #expect(code(zip) == .none)
    }

    // MARK: Names

    @Test(arguments: [
        ("../evil.txt", "path-escapes-root"), ("a/../../evil.txt", "path-escapes-root"), ("a/..", "path-escapes-root"),
        ("/etc/passwd", "absolute-path"), ("a\\b.txt", "backslash-in-path"), ("..\\evil.txt", "backslash-in-path"),
        ("C:/evil.txt", "drive-letter"), ("c:evil.txt", "drive-letter"), ("a//b.txt", "empty-path-component"),
        ("./a.txt", "empty-path-component"), ("a/./b.txt", "empty-path-component"), ("/", "absolute-path"),
        ("a\u{0}b.txt", "nul-in-name"),
    ])
    func refusesUnsafeName(name: String, expected: String) {
        #expect(code(single(.stored(name, Array("x".utf8)))) == .code(.init(rawValue: expected)))
    }

    @Test func refusesEmptyName() {
        #expect(code(single(.stored([], []))) == .code(.emptyPathComponent))
    }

    @Test func refusesInvalidUTF8Name() {
        #expect(code(single(.stored([0x61, 0xFF, 0xFE], Array("x".utf8)))) == .code(.invalidName))
    }

    @Test func refusesDuplicateNames() {
        let zip = RawZip(entries: [.stored("a.txt", [1]), .stored("a.txt", [2])])
        #expect(code(zip) == .code(.duplicateName))
    }

    @Test func refusesNamesEqualIgnoringCase() {
        let zip = RawZip(entries: [.stored("fr.lproj/A.strings", [1]), .stored("FR.lproj/a.strings", [2])])
        #expect(code(zip) == .code(.duplicateName))
    }

    @Test func refusesNamesEqualIgnoringUnicodeNormalization() {
        // "é" precomposed (NFC) and decomposed (NFD): one file name on APFS
        let zip = RawZip(entries: [.stored("caf\u{E9}.txt", [1]), .stored("cafe\u{301}.txt", [2])])
        #expect(code(zip) == .code(.duplicateName))
    }

    @Test func refusesFileAndFolderWithOneName() {
        #expect(code(RawZip(entries: [.stored("a", [1]), .stored("a/b", [2])])) == .code(.pathConflict))
        #expect(code(RawZip(entries: [.stored("a", [1]), .directory("a/")])) == .code(.duplicateName))
    }

    // MARK: Entry kinds

    @Test func refusesSymlink() {
        var entry = RawZipEntry.stored("link", Array("/etc/passwd".utf8))
        entry.externalAttributes = 0o120777 << 16
        #expect(code(single(entry)) == .code(.symlink))
        entry.versionMadeBy = 0x1314  // OS X host (19)
        #expect(code(single(entry)) == .code(.symlink))
    }

    @Test(arguments: [UInt32(0o020644), 0o060644, 0o010644, 0o140644])
    func refusesDevicesFifosAndSockets(mode: UInt32) {
        var entry = RawZipEntry.stored("dev", [])
        entry.externalAttributes = mode << 16
        #expect(code(single(entry)) == .code(.notRegularFile))
    }

    @Test func ignoresUnixModeWhenHostIsNotUnix() {
        var entry = RawZipEntry.stored("file.txt", [1])
        entry.versionMadeBy = 0x0014  // MS-DOS host: high attribute bits carry no Unix mode
        entry.externalAttributes = 0o120777 << 16
        #expect(code(single(entry)) == .none)
    }

    @Test func refusesFolderModeOnFileAndFolderWithData() {
        var file = RawZipEntry.stored("notadir", [1])
        file.externalAttributes = 0o040755 << 16
        #expect(code(single(file)) == .code(.notRegularFile))
        var folder = RawZipEntry.stored("dir/", [1, 2, 3])
        folder.externalAttributes = 0o040755 << 16
        #expect(code(single(folder)) == .code(.notRegularFile))
    }

    @Test func refusesEncryptedEntries() {
        for flags: UInt16 in [0x0801, 0x0841, 0x2800] {
            var entry = RawZipEntry.stored("secret.txt", [1, 2])
            entry.flags = flags
            #expect(code(single(entry)) == .code(.encrypted), "flags \(flags)")
        }
        var aes = RawZipEntry.stored("aes.txt", [1, 2])
        aes.method = 99
        #expect(code(single(aes)) == .code(.encrypted))
    }

    @Test(arguments: [UInt16(1), 9, 12, 14, 93, 95])
    func refusesUnsupportedMethods(method: UInt16) {
        var entry = RawZipEntry.stored("packed.bin", [1, 2, 3])
        entry.method = method
        #expect(code(single(entry)) == .code(.unsupportedMethod))
    }

    // MARK: Local header versus central directory

    @Test func refusesLocalHeaderDisagreement() {
        var name = RawZipEntry.stored("good.txt", [1])
        name.localName = Array("evil.txt".utf8)
        #expect(code(single(name)) == .code(.localHeaderMismatch))
        var method = RawZipEntry.stored("m.txt", [1])
        method.localMethod = 8
        #expect(code(single(method)) == .code(.localHeaderMismatch))
        var size = RawZipEntry.stored("s.txt", [1, 2])
        size.localUncompressedSize = 1
        size.localCompressedSize = 1
        #expect(code(single(size)) == .code(.localHeaderMismatch))
        var crc = RawZipEntry.stored("c.txt", [1])
        crc.localCRC = 0
        #expect(code(single(crc)) == .code(.localHeaderMismatch))
        var encryption = RawZipEntry.stored("e.txt", [1])
        encryption.localFlags = 0x0801
        #expect(code(single(encryption)) == .code(.localHeaderMismatch))
    }

    @Test func acceptsDataDescriptorsWithAndWithoutSignature() throws {
        let data = Array("descriptor".utf8)
        for signature in [true, false] {
            var entry = RawZipEntry.stored("d.txt", data)
            entry.flags = 0x0808
            entry.localCRC = 0
            entry.localCompressedSize = 0
            entry.localUncompressedSize = 0
            var trailer: [UInt8] = []
            if signature { trailer.le32(0x0807_4B50) }
            trailer.le32(entry.crc)
            trailer.le32(UInt32(data.count))
            trailer.le32(UInt32(data.count))
            entry.trailer = trailer
            let archive = try ZipArchive(bytes: single(entry).bytes())
            #expect(try archive.extractAll().map(\.data) == [Data(data)])
        }
    }

    @Test func acceptsDittoStyleArchive() throws {
        // Given the shape `ditto -c -k --sequesterRsrc --keepParent` (Finder's Compress) writes: made by Unix 2.1,
        // folder entries, deflated files with zeroed local CRC and sizes plus signed data descriptors, and
        // AppleDouble files under __MACOSX/
        let text = Array(String(repeating: "\"hello\" = \"bonjour\";\n", count: 40).utf8)
        let deflated = Array(try ProcessRunner.pythonBlocking(Self.pythonRawDeflate, stdin: Data(text)))
        func streamed(_ entry: RawZipEntry) -> RawZipEntry {
            var entry = entry
            entry.versionMadeBy = 0x0315
            entry.flags = 0x0008
            entry.localCRC = 0
            entry.localCompressedSize = 0
            entry.localUncompressedSize = 0
            var trailer: [UInt8] = []
            trailer.le32(0x0807_4B50)
            trailer.le32(entry.crc)
            trailer.le32(entry.compressedSize)
            trailer.le32(entry.uncompressedSize)
            entry.trailer = trailer
            return entry
        }
        var folder = RawZipEntry.directory("Mod.bundle/")
        folder.versionMadeBy = 0x0315
        var macFolder = RawZipEntry.directory("__MACOSX/")
        macFolder.versionMadeBy = 0x0315
        let zip = RawZip(entries: [
            folder,
            streamed(.deflated("Mod.bundle/fr.lproj/Localizable.strings", deflated: deflated, original: text)),
            macFolder,
            streamed(.deflated("__MACOSX/Mod.bundle/fr.lproj/._Localizable.strings", deflated: deflated, original: text)),
            streamed(.stored("Mod.bundle/Empty.strings", [])),
        ])
        let temp = try TemporaryDirectory("archive")
        defer { temp.remove() }
        let file = try temp.write("ditto.zip", zip.bytes())
        #expect(try ProcessRunner.runBlocking(["unzip", "-t", file.path]).status == 0)
        // Then the metadata is skipped and the rest reads
        let archive = try ZipArchive(bytes: zip.bytes())
        #expect(archive.entries.map(\.path) == [
            "Mod.bundle/", "Mod.bundle/fr.lproj/Localizable.strings", "Mod.bundle/Empty.strings",
        ])
        #expect(try archive.extractAll().map(\.data) == [Data(text), Data()])
    }

    // MARK: Sizes and CRC

    @Test func refusesStoredSizeDisagreement() {
        var entry = RawZipEntry.stored("s.txt", [1, 2, 3])
        entry.uncompressedSize = 2
        #expect(code(single(entry)) == .code(.sizeMismatch))
    }

    @Test func refusesWrongCRC() {
        var entry = RawZipEntry.stored("c.txt", [1, 2, 3])
        entry.crc ^= 1
        #expect(code(single(entry)) == .code(.crcMismatch))
    }

    @Test func refusesDeflateLongerOrShorterThanDeclared() throws {
        let original = Array(String(repeating: "abcdef", count: 100).utf8)
        let deflated = Array(try ProcessRunner.pythonBlocking(Self.pythonRawDeflate, stdin: Data(original)))
        var shorter = RawZipEntry.deflated("short.txt", deflated: deflated, original: original)
        shorter.uncompressedSize = 100
        #expect(code(single(shorter)) == .code(.sizeMismatch))
        var longer = RawZipEntry.deflated("long.txt", deflated: deflated, original: original)
        longer.uncompressedSize = 700
        #expect(code(single(longer)) == .code(.sizeMismatch))
        #expect(code(single(.deflated("ok.txt", deflated: deflated, original: original))) == .none)
    }

    @Test func refusesCorruptAndTrailingDeflateData() throws {
        let original = Array(String(repeating: "abcdef", count: 100).utf8)
        let deflated = Array(try ProcessRunner.pythonBlocking(Self.pythonRawDeflate, stdin: Data(original)))
        #expect(code(single(.deflated("bad", deflated: [0xFF, 0xFF, 0xFF, 0xFF], original: original))) == .code(.corruptDeflate))
        #expect(code(single(.deflated("cut", deflated: Array(deflated.prefix(deflated.count / 2)), original: original))) == .code(.corruptDeflate))
        // Bytes after the end of the deflate stream but inside the declared compressed size
        #expect(code(single(.deflated("tail", deflated: deflated + [0, 0, 0], original: original))) == .code(.sizeMismatch))
    }

    // MARK: Zip bombs and limits

    @Test func refusesBombWithLyingSmallSizeWhileInflating() throws {
        // Given 64 MiB of zeros (about 64 KiB deflated) declared as 1,000 bytes
        let deflated = Array(try ProcessRunner.pythonBlocking(
            "import sys, zlib\nc = zlib.compressobj(9, zlib.DEFLATED, -15)\n"
                + "sys.stdout.buffer.write(c.compress(bytes(64 * 1024 * 1024)) + c.flush())"))
        var entry = RawZipEntry.deflated("bomb.bin", deflated: deflated, original: [])
        entry.uncompressedSize = 1000
        entry.crc = 0
        // Then inflating stops after the declared 1,000 bytes (output is bounded by the declared size)
        let archive = try ZipArchive(bytes: single(entry).bytes())
        #expect(archiveErrorCode { _ = try archive.contents(of: archive.entries[0]) } == .code(.sizeMismatch))
    }

    @Test func refusesBombWithHonestSizeOverLimit() throws {
        // Given 16 MiB of zeros declared honestly, and a 4 MiB uncompressed limit
        let original = [UInt8](repeating: 0, count: 16 * 1024 * 1024)
        let deflated = Array(try ProcessRunner.pythonBlocking(Self.pythonRawDeflate, stdin: Data(original)))
        let zip = single(.deflated("zeros.bin", deflated: deflated, original: original))
        let limits = ZipLimits(maximumUncompressedBytes: 4 * 1024 * 1024)
        #expect(code(zip, limits: limits) == .code(.tooLarge))
        // The default per-entry limit (4 MiB) refuses it too; limits that allow it accept it.
        #expect(code(zip) == .code(.entryTooLarge))
        #expect(code(zip, limits: ZipLimits(maximumEntryUncompressedBytes: 16 * 1024 * 1024)) == .none)
    }

    @Test func refusesTotalOverLimitAcrossEntries() {
        let zip = RawZip(entries: (0..<5).map { .stored("f\($0)", [UInt8](repeating: 1, count: 100)) })
        #expect(code(zip, limits: ZipLimits(maximumUncompressedBytes: 450)) == .code(.tooLarge))
        #expect(code(zip, limits: ZipLimits(maximumUncompressedBytes: 500)) == .none)
    }

    @Test func extractAllEnforcesTotalOnProducedBytes() throws {
        // Given two entries whose declared sizes fit but the first lies (inflates past its declared size)
        let original = [UInt8](repeating: 7, count: 10_000)
        let deflated = Array(try ProcessRunner.pythonBlocking(Self.pythonRawDeflate, stdin: Data(original)))
        var liar = RawZipEntry.deflated("liar.bin", deflated: deflated, original: original)
        liar.uncompressedSize = 10
        let zip = RawZip(entries: [liar, .stored("b", [1])])
        #expect(code(zip, limits: ZipLimits(maximumUncompressedBytes: 100)) == .code(.sizeMismatch))
    }

    @Test func refusesTooManyEntries() {
        let zip = RawZip(entries: (0..<4).map { .stored("f\($0)", []) })
        #expect(code(zip, limits: ZipLimits(maximumEntryCount: 3)) == .code(.tooManyEntries))
        #expect(code(zip, limits: ZipLimits(maximumEntryCount: 4)) == .none)
    }

    @Test func refusesArchiveOverMaximumBytes() {
        let bytes = RawZip(entries: [.stored("f", [UInt8](repeating: 0, count: 1000))]).bytes()
        #expect(code(bytes, limits: ZipLimits(maximumArchiveBytes: 1000)) == .code(.archiveTooLarge))
    }

    // MARK: Container structure

    @Test func refusesNonZipBodies() {
        #expect(code(Data()) == .code(.notZip))
        #expect(code(Data("<html><body>502 Bad Gateway</body></html>".utf8)) == .code(.notZip))
        #expect(code(SplitMix(seed: 5).bytesData(100_000)) == .code(.notZip))
    }

    @Test func refusesEveryTruncationWithoutCrashing() throws {
        let bytes = try ZipWriter.archive([
            .init(path: "a.txt", data: Data(String(repeating: "hello ", count: 50).utf8)),
            .init(path: "b/c.txt", data: Data("c".utf8)),
        ])
        for length in 0..<bytes.count {
            let result = code(bytes.prefix(length))
            #expect(result != .none, "prefix \(length)")
            if case .other = result { Issue.record("prefix \(length): \(result)") }
        }
    }

    @Test func survivesEveryByteFlipWithoutCrashing() throws {
        // Fuzz-style: flip each byte of a small archive; the reader may accept or refuse, never trap.
        let bytes = try ZipWriter.archive([
            .init(path: "a.txt", data: Data(String(repeating: "hello ", count: 50).utf8)),
            .init(path: "b/c.txt", data: Data("c".utf8)),
        ])
        for position in 0..<bytes.count {
            for mask: UInt8 in [0xFF, 0x01, 0x80] {
                var mutated = bytes
                mutated[position] ^= mask
                if case .other(let text) = code(mutated) { Issue.record("byte \(position): \(text)") }
            }
        }
    }

    @Test func survivesRandomMutationsOfZip64AndDescriptorArchives() throws {
        // Given a ZIP64 archive from our writer and a data-descriptor archive built here
        let zip64 = try ZipWriter.archive(
            [.init(path: "a.txt", data: Data(String(repeating: "zip64 ", count: 40).utf8)), .init(path: "b", data: Data())],
            zip64Threshold: 8, entryCountThreshold: 1)
        var described = RawZipEntry.stored("d.txt", Array("descriptor".utf8))
        described.flags = 0x0808
        described.localCRC = 0
        described.localCompressedSize = 0
        described.localUncompressedSize = 0
        described.trailer = [0x50, 0x4B, 0x07, 0x08] + [UInt8](repeating: 0, count: 12)
        let descriptor = RawZip(entries: [described, .stored("e.txt", Array("e".utf8))]).bytes()
        var generator = SplitMix(seed: 2026)
        for original in [zip64, descriptor] {
            #expect(code(original) == .none)
            // When 3,000 copies each get 1 to 4 random bytes overwritten
            for _ in 0..<3000 {
                var mutated = original
                for _ in 0...(generator.next() % 4) {
                    let position = Int(generator.next() % UInt64(mutated.count))
                    mutated[position] = UInt8(truncatingIfNeeded: generator.next())
                }
                // Then the reader accepts or refuses with an ArchiveError, and never traps
                if case .other(let text) = code(mutated) { Issue.record("\(text)") }
            }
        }
    }

    @Test func refusesLocalOffsetOutOfRange() {
        var entry = RawZipEntry.stored("a", [1])
        entry.offsetOverride = 0x7FFF_0000
        #expect(code(single(entry)) == .code(.offsetOutOfRange))
        var pointsAtData = RawZipEntry.stored("b", [1, 2, 3, 4, 5, 6, 7, 8])
        pointsAtData.offsetOverride = 31
        #expect(code(single(pointsAtData)) == .code(.offsetOutOfRange))
    }

    @Test func refusesCentralDirectoryOutOfRange() {
        var zip = RawZip(entries: [.stored("a", [1])])
        zip.centralOffsetDelta = 5
        #expect(code(zip) == .code(.offsetOutOfRange))
        zip.centralOffsetDelta = -1
        #expect(code(zip) != .none)
    }

    @Test func refusesEntryCountLargerThanDirectory() {
        var zip = RawZip(entries: [.stored("a", [1])])
        zip.countOverride = 3
        #expect(code(zip) == .code(.truncated))
    }

    @Test func refusesOverlappingEntries() {
        // Given entry "b" whose local header and data sit inside the stored data of entry "a"
        let inner = RawZip(entries: [.stored("b", Array("inner".utf8))]).bytes()
        let outer = RawZipEntry.stored("a", Array(inner.prefix(30 + 1 + 5)))
        var nested = RawZipEntry.stored("b", Array("inner".utf8))
        nested.offsetOverride = 30 + 1  // right after "a"'s local header and name
        // Then the reader refuses the shared bytes
        #expect(code(buildWithPhantom(outer: outer, phantom: nested)) == .code(.overlappingEntries))
    }

    /// An archive whose central directory lists `phantom`, whose local header lives inside `outer`'s data.
    private func buildWithPhantom(outer: RawZipEntry, phantom: RawZipEntry) -> Data {
        var out: [UInt8] = []
        var central: [UInt8] = []
        func centralHeader(_ entry: RawZipEntry, offset: UInt32) {
            central.le32(0x0201_4B50); central.le16(0x0314); central.le16(20); central.le16(entry.flags)
            central.le16(entry.method); central.le16(0); central.le16(0x21); central.le32(entry.crc)
            central.le32(entry.compressedSize); central.le32(entry.uncompressedSize); central.le16(UInt16(entry.name.count))
            central.le16(0); central.le16(0); central.le16(0); central.le16(0); central.le32(entry.externalAttributes)
            central.le32(offset); central += entry.name
        }
        let single = RawZip(entries: [outer]).bytes()
        let localLength = 30 + outer.name.count + outer.data.count
        out += Array(single.prefix(localLength))
        centralHeader(outer, offset: 0)
        centralHeader(phantom, offset: phantom.offsetOverride ?? 0)
        let centralOffset = out.count
        out += central
        out.le32(0x0605_4B50); out.le16(0); out.le16(0); out.le16(2); out.le16(2)
        out.le32(UInt32(central.count)); out.le32(UInt32(centralOffset)); out.le16(0)
        return Data(out)
    }

    @Test func refusesMultiDiskArchives() {
        var zip = RawZip(entries: [.stored("a", [1])])
        zip.diskNumber = 1
        #expect(code(zip) == .code(.multiDisk))
        var entry = RawZipEntry.stored("a", [1])
        entry.diskStart = 2
        #expect(code(single(entry)) == .code(.multiDisk))
    }

    // MARK: End record tricks

    @Test func acceptsCommentContainingFakeEndSignature() throws {
        var zip = RawZip(entries: [.stored("a", [1])])
        zip.comment = Array("PK\u{5}\u{6} not an end record".utf8)
        #expect(code(zip) == .none)
    }

    @Test func refusesCommentLengthThatDoesNotReachTheEnd() {
        var zip = RawZip(entries: [.stored("a", [1])])
        zip.trailingBytes = Array("garbage after the archive".utf8)
        #expect(code(zip) == .code(.notZip))
    }

    @Test func refusesEndRecordBeyondCommentWindow() {
        var zip = RawZip(entries: [.stored("a", [1])])
        zip.trailingBytes = [UInt8](repeating: 0x20, count: 70_000)
        #expect(code(zip) == .code(.notZip))
    }

    @Test func refusesZip64MarkersWithoutLocator() {
        var zip = RawZip(entries: [.stored("a", [1])])
        zip.countOverride = 0xFFFF
        #expect(code(zip) == .code(.corruptDirectory))
        var entry = RawZipEntry.stored("b", [1])
        entry.uncompressedSize = 0xFFFF_FFFF
        entry.compressedSize = 0xFFFF_FFFF
        #expect(code(single(entry)) == .code(.corruptDirectory))
    }

    @Test func contentsRefusesEntryFromAnotherArchive() throws {
        let first = try ZipArchive(bytes: RawZip(entries: [.stored("a", [1])]).bytes())
        let second = try ZipArchive(bytes: RawZip(entries: [.stored("b", [2, 3])]).bytes())
        #expect(archiveErrorCode { _ = try first.contents(of: second.entries[0]) } == .code(.unknownEntry))
    }

    @Test func errorNamesTheEntryAndCode() throws {
        do {
            _ = try ZipArchive(bytes: single(.stored("../x", [1])).bytes())
            Issue.record("no error")
        } catch {
            #expect(error.entryPath == "../x")
            #expect(error.description.hasPrefix("../x: "))
            #expect(error.description.hasSuffix("(path-escapes-root)"))
        }
    }
}
