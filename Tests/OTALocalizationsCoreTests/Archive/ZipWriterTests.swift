import Foundation
import OTATestSupport
import Testing

@testable import OTALocalizationsCore
@testable import OTALocalizationsPublishing

@Suite struct ZipWriterTests {
    private let sample: [ZipWriter.Entry] = [
        .init(path: "fr.lproj/Localizable.strings", data: Data(String(repeating: "\"k\" = \"v\";\n", count: 200).utf8)),
        .init(path: "Info.plist", data: Data("<?xml version=\"1.0\"?><plist><dict/></plist>".utf8)),
        .init(path: "de.lproj/Empty.strings", data: Data()),
        .init(path: "ru.lproj/Localizable.strings", data: Data("\"привет\" = \"мир\";".utf8)),
        .init(path: "Base.lproj/Random.bin", data: SplitMix(seed: 9).bytesData(300)),
    ]

    /// Python's view of an archive: one JSON object per entry.
    private let pythonDescribe = """
        import json, sys, zipfile, zlib
        out = []
        with zipfile.ZipFile(sys.argv[1]) as z:
            assert z.testzip() is None
            for i in z.infolist():
                data = z.read(i)
                out.append({"name": i.filename, "size": i.file_size, "crc": i.CRC, "zcrc": zlib.crc32(data),
                    "method": i.compress_type, "date": list(i.date_time), "mode": i.external_attr >> 16,
                    "flags": i.flag_bits, "extra": len(i.extra), "system": i.create_system,
                    "data": data.hex()})
        print(json.dumps(out))
        """

    private struct PythonEntry: Decodable {
        var name: String, size: Int, crc: UInt32, zcrc: UInt32, method: Int, date: [Int], mode: Int, flags: Int
        var extra: Int, system: Int, data: String
    }

    private func describeWithPython(_ archive: Data) throws -> [PythonEntry] {
        let temp = try TemporaryDirectory("archive")
        defer { temp.remove() }
        let file = try temp.write("a.zip", archive)
        let json = try ProcessRunner.pythonBlocking(pythonDescribe, [file.path])
        return try JSONDecoder().decode([PythonEntry].self, from: json)
    }

    @Test func pythonZipfileReadsEveryEntryWithFixedMetadata() throws {
        let archive = try ZipWriter.archive(sample)
        let entries = try describeWithPython(archive)
        // Sorted by UTF-8 bytes: uppercase before lowercase.
        #expect(entries.map(\.name) == [
            "Base.lproj/Random.bin", "Info.plist", "de.lproj/Empty.strings", "fr.lproj/Localizable.strings",
            "ru.lproj/Localizable.strings",
        ])
        for entry in entries {
            let original = try #require(sample.first { $0.path == entry.name })
            #expect(entry.data == original.data.map { String(format: "%02x", $0) }.joined())
            #expect(entry.crc == entry.zcrc)
            #expect(entry.size == original.data.count)
            #expect(entry.date == [1980, 1, 1, 0, 0, 0])
            #expect(entry.mode == 0o100644)
            #expect(entry.system == 3)
            #expect(entry.flags & 0x0800 != 0)
            #expect(entry.flags & 0x0008 == 0)
            #expect(entry.extra == 0)
        }
        // One compression rule: deflate unless it does not shrink the data.
        #expect(entries.first { $0.name == "fr.lproj/Localizable.strings" }?.method == 8)
        #expect(entries.first { $0.name == "de.lproj/Empty.strings" }?.method == 0)
        #expect(entries.first { $0.name == "Base.lproj/Random.bin" }?.method == 0)
    }

    @Test func unzipTestsAndListsArchive() throws {
        let temp = try TemporaryDirectory("archive")
        defer { temp.remove() }
        let file = try temp.write("a.zip", try ZipWriter.archive(sample))
        let test = try ProcessRunner.runBlocking(["unzip", "-t", file.path])
        #expect(test.status == 0)
        #expect(test.text.contains("No errors detected"))
        let listing = try ProcessRunner.runBlocking(["unzip", "-Z", file.path])
        #expect(listing.status == 0)
        let lines = listing.text.split(separator: "\n").filter { $0.hasPrefix("-") }
        #expect(lines.count == 5)
        for line in lines {
            #expect(line.hasPrefix("-rw-r--r--"))
            #expect(line.contains(" unx "))
            #expect(line.contains("80-Jan-01 00:00"))
        }
        #expect(!listing.text.contains("Zip64"))
    }

    @Test func unzipExtractsTheSameBytes() throws {
        let temp = try TemporaryDirectory("archive")
        defer { temp.remove() }
        let file = try temp.write("a.zip", try ZipWriter.archive(sample))
        let result = try ProcessRunner.runBlocking(["unzip", "-q", file.path, "-d", temp.url.appendingPathComponent("out").path])
        #expect(result.status == 0)
        for entry in sample {
            let extracted = try Data(contentsOf: temp.url.appendingPathComponent("out").appendingPathComponent(entry.path))
            #expect(extracted == entry.data)
        }
    }

    @Test func roundTripsThroughOurReader() throws {
        let archive = try ZipArchive(bytes: try ZipWriter.archive(sample))
        let extracted = try archive.extractAll()
        #expect(extracted.count == sample.count)
        for (path, data) in extracted {
            #expect(sample.first { $0.path == path }?.data == data)
        }
        #expect(archive.entries.allSatisfy { !$0.isDirectory })
    }

    @Test func inputOrderDoesNotChangeBytes() throws {
        let forward = try ZipWriter.archive(sample)
        let backward = try ZipWriter.archive(sample.reversed())
        let shuffled = try ZipWriter.archive([sample[3], sample[0], sample[4], sample[2], sample[1]])
        #expect(forward == backward)
        #expect(forward == shuffled)
    }

    @Test func repeatedRunsHaveTheSameSha256sum() throws {
        let temp = try TemporaryDirectory("archive")
        defer { temp.remove() }
        let first = try temp.write("1.zip", try ZipWriter.archive(sample))
        let second = try temp.write("2.zip", try ZipWriter.archive(sample))
        let sums = try ProcessRunner.runBlocking(["sha256sum", first.path, second.path]).text
            .split(separator: "\n").map { $0.prefix(64) }
        #expect(sums.count == 2)
        #expect(sums[0] == sums[1])
        #expect(try SHA256Digest.hexString(ofFileAt: first) == String(sums[0]))
    }

    @Test func emptyArchiveIsValid() throws {
        let archive = try ZipWriter.archive([])
        #expect(archive.count == 22)
        #expect(try describeWithPython(archive).isEmpty)
        #expect(try ZipArchive(bytes: archive).entries.isEmpty)
    }

    @Test func refusesPathsTheReaderWouldRefuse() {
        let cases: [(String, ArchiveError.Code)] = [
            ("../x", .pathEscapesRoot), ("/x", .absolutePath), ("a\\b", .backslashInPath), ("C:/x", .driveLetter),
            ("a//b", .emptyPathComponent), ("", .emptyPathComponent), ("./a", .emptyPathComponent),
            ("a\u{0}b", .nulInName), ("dir/", .notRegularFile),
        ]
        for (path, code) in cases {
            #expect(archiveErrorCode { _ = try ZipWriter.archive([.init(path: path, data: Data())]) } == .code(code))
        }
    }

    @Test func refusesCollidingPaths() {
        #expect(archiveErrorCode {
            _ = try ZipWriter.archive([.init(path: "a.txt", data: Data()), .init(path: "A.TXT", data: Data())])
        } == .code(.duplicateName))
        #expect(archiveErrorCode {
            _ = try ZipWriter.archive([.init(path: "a", data: Data()), .init(path: "a/b", data: Data())])
        } == .code(.pathConflict))
    }

    @Test func writesZip64EndRecordForMoreThan65534Entries() throws {
        // Given 65,536 entries, one more than the classic end record's 16-bit count can hold (4.4.21, 4.4.22)
        let entries = (0..<65_536).map { ZipWriter.Entry(path: "d\($0 / 1000)/f\($0)", data: Data()) }
        let archive = try ZipWriter.archive(entries)
        let temp = try TemporaryDirectory("archive")
        defer { temp.remove() }
        let file = try temp.write("many.zip", archive)
        let json = try ProcessRunner.pythonBlocking(
            """
            import json, sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                names = z.namelist()
                print(json.dumps([len(names), names[0], names[-1], z.testzip() is None]))
            """, [file.path])
        #expect(String(decoding: json, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            == #"[65536, "d0/f0", "d9/f9999", true]"#)
        #expect(archive.range(of: Data([0x50, 0x4B, 0x06, 0x06])) != nil)
        let reread = try ZipArchive(bytes: archive, limits: ZipLimits(maximumEntryCount: 70_000))
        #expect(reread.entries.count == 65_536)
        #expect(archiveErrorCode { _ = try ZipArchive(bytes: archive) } == .code(.tooManyEntries))
    }

    @Test func writesZip64WhenThresholdsAreCrossed() throws {
        // Given thresholds low enough that every size, offset and the count need ZIP64 records
        let archive = try ZipWriter.archive(sample, zip64Threshold: 16, entryCountThreshold: 2)
        // Then Python, unzip and our reader all read it
        let entries = try describeWithPython(archive)
        #expect(entries.count == sample.count)
        let temp = try TemporaryDirectory("archive")
        defer { temp.remove() }
        let file = try temp.write("a.zip", archive)
        #expect(try ProcessRunner.runBlocking(["unzip", "-t", file.path]).status == 0)
        let reread = try ZipArchive(bytes: archive).extractAll()
        #expect(reread.map(\.data) == sample.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }.map(\.data))
    }
}

extension SplitMix {
    func bytesData(_ count: Int) -> Data {
        var copy = self
        return copy.bytes(count)
    }
}
