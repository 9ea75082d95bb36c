import Foundation
import OTATestSupport
import Testing

@testable import OTALocalizationsCore

/// Archives made by real writers (Info-ZIP `zip`, Python `zipfile`), read by our reader; expected contents are the
/// files the tools were given.
@Suite struct ZipArchiveRealToolTests {
    private let files: [String: Data] = [
        "Mod/Info.plist": Data("<plist><dict/></plist>".utf8),
        "Mod/fr.lproj/Localizable.strings": Data(String(repeating: "\"a\" = \"é\";\n", count: 300).utf8),
        "Mod/fr.lproj/Empty.strings": Data(),
        "Mod/de.lproj/Plural.stringsdict": Data("<plist><dict><key>k</key></dict></plist>".utf8),
    ]

    private func makeTree(in temp: TemporaryDirectory) throws {
        for (path, data) in files { _ = try temp.write("tree/" + path, data) }
    }

    private func expectMatchesFiles(_ archive: ZipArchive, prefix: String = "") throws {
        let extracted = try archive.extractAll()
        #expect(extracted.count == files.count)
        for (path, data) in extracted {
            #expect(files[String(path.dropFirst(prefix.count))] == data, "\(path)")
        }
    }

    @Test func readsZipRecursiveArchiveWithFolderEntries() throws {
        let temp = try TemporaryDirectory("archive")
        defer { temp.remove() }
        try makeTree(in: temp)
        let zipFile = temp.url.appendingPathComponent("cli.zip")
        let result = try ProcessRunner.runBlocking(["zip", "-q", "-r", zipFile.path, "Mod"], in: temp.url.appendingPathComponent("tree"))
        #expect(result.status == 0)
        let archive = try ZipArchive(bytes: try Data(contentsOf: zipFile))
        // zip -r writes folder entries: Mod/, Mod/fr.lproj/, Mod/de.lproj/
        #expect(archive.entries.filter(\.isDirectory).count == 3)
        #expect(try archive.entries.filter(\.isDirectory).allSatisfy { try archive.contents(of: $0).isEmpty })
        try expectMatchesFiles(archive)
    }

    @Test func readsStreamedZipWithDataDescriptorsAndZip64() throws {
        // Given `zip` writing to a pipe: it cannot seek back, so it uses data descriptors (bit 3) and ZIP64
        let temp = try TemporaryDirectory("archive")
        defer { temp.remove() }
        try makeTree(in: temp)
        let tree = temp.url.appendingPathComponent("tree")
        let names = files.keys.sorted()
        let result = try ProcessRunner.runBlocking(["zip", "-q", "-", "--names-stdin"] , stdin: Data(names.joined(separator: "\n").utf8), in: tree)
        #expect(result.status == 0)
        let archive = try ZipArchive(bytes: result.stdout)
        #expect(archive.entries.contains { $0.flags & 0x0008 != 0 })
        try expectMatchesFiles(archive)
    }

    @Test func readsPythonStreamingArchiveWithDataDescriptors() throws {
        // Given Python's zipfile writing to a non-seekable stream (data descriptors with signature)
        let script = """
            import sys, zipfile
            class Sink:
                def __init__(self): self.parts = []
                def write(self, b): self.parts.append(bytes(b)); return len(b)
                def flush(self): pass
            s = Sink()
            with zipfile.ZipFile(s, "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr("a/deflated.txt", "hello " * 500)
                z.writestr("a/empty.txt", "")
                z.writestr("a/stored.txt", "raw", compress_type=zipfile.ZIP_STORED)
            sys.stdout.buffer.write(b"".join(s.parts))
            """
        let bytes = try ProcessRunner.pythonBlocking(script)
        let archive = try ZipArchive(bytes: bytes)
        #expect(archive.entries.allSatisfy { $0.flags & 0x0008 != 0 })
        let extracted = Dictionary(uniqueKeysWithValues: try archive.extractAll().map { ($0.path, $0.data) })
        #expect(extracted["a/deflated.txt"] == Data(String(repeating: "hello ", count: 500).utf8))
        #expect(extracted["a/empty.txt"] == Data())
        #expect(extracted["a/stored.txt"] == Data("raw".utf8))
    }

    @Test func readsPythonZip64Archive() throws {
        // Given Python with its ZIP64 thresholds lowered, so every record uses ZIP64 (4.5.3, 4.3.14, 4.3.15)
        let script = """
            import sys, zipfile
            zipfile.ZIP64_LIMIT = 8
            zipfile.ZIP_FILECOUNT_LIMIT = 2
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                for i in range(4):
                    with z.open("f%d.txt" % i, "w", force_zip64=True) as f:
                        f.write(("line %d\\n" % i).encode() * 50)
            """
        let temp = try TemporaryDirectory("archive")
        defer { temp.remove() }
        let file = temp.url.appendingPathComponent("z64.zip")
        _ = try ProcessRunner.pythonBlocking(script, [file.path])
        let bytes = try Data(contentsOf: file)
        #expect(bytes.range(of: Data([0x50, 0x4B, 0x06, 0x06])) != nil)  // the ZIP64 end record is present
        let archive = try ZipArchive(bytes: bytes)
        let extracted = try archive.extractAll()
        #expect(extracted.map(\.path) == ["f0.txt", "f1.txt", "f2.txt", "f3.txt"])
        for (index, item) in extracted.enumerated() {
            #expect(item.data == Data(String(repeating: "line \(index)\n", count: 50).utf8))
        }
    }

    @Test func skipsAppleMetadataEntries() throws {
        let script = """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr("Mod/Info.plist", "<plist/>")
                z.writestr("__MACOSX/Mod/._Info.plist", "apple double")
                z.writestr("Mod/._Info.plist", "apple double")
            """
        let temp = try TemporaryDirectory("archive")
        defer { temp.remove() }
        let file = temp.url.appendingPathComponent("mac.zip")
        _ = try ProcessRunner.pythonBlocking(script, [file.path])
        let archive = try ZipArchive(bytes: try Data(contentsOf: file))
        #expect(archive.entries.map(\.path) == ["Mod/Info.plist"])
        #expect(try archive.extractAll().map(\.data) == [Data("<plist/>".utf8)])
    }

    @Test func entryValuesMatchPythonInfolist() throws {
        let temp = try TemporaryDirectory("archive")
        defer { temp.remove() }
        try makeTree(in: temp)
        let zipFile = temp.url.appendingPathComponent("cli.zip")
        _ = try ProcessRunner.runBlocking(["zip", "-q", "-r", "-9", zipFile.path, "Mod"], in: temp.url.appendingPathComponent("tree"))
        let json = try ProcessRunner.pythonBlocking(
            """
            import json, sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            print(json.dumps([[i.filename, i.compress_type, i.compress_size, i.file_size, i.CRC] for i in z.infolist()]))
            """, [zipFile.path])
        let expected = try JSONDecoder().decode([[Value]].self, from: json)
        let archive = try ZipArchive(bytes: try Data(contentsOf: zipFile))
        #expect(archive.entries.count == expected.count)
        for (entry, row) in zip(archive.entries, expected) {
            #expect(row == [
                .text(entry.path), .number(Int(entry.method)), .number(Int(entry.compressedSize)),
                .number(Int(entry.uncompressedSize)), .number(Int(entry.crc32)),
            ])
        }
    }

    private enum Value: Decodable, Equatable {
        case text(String), number(Int)
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) { self = .number(number) } else {
                self = .text(try container.decode(String.self))
            }
        }
    }
}
