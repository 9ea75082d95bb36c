import Foundation
import OTATestSupport
import Testing

@testable import OTALocalizationsCore
@testable import OTALocalizationsPublishing

/// The writer and reader on the real localization files of `../shared/corpus` (read in place, never copied).
@Suite struct ZipCorpusTests {
    static var repositories: [String] {
        ((try? TestPaths.corpusRepositories()) ?? []).map(\.lastPathComponent)
    }

    /// Every `.strings` and `.stringsdict` file of `repository`, as (relative path, contents).
    private func tables(of repository: String) throws -> [ZipWriter.Entry] {
        let root = TestPaths.corpus.appendingPathComponent(repository)
        let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
        var entries: [ZipWriter.Entry] = []
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix(".strings") || path.hasSuffix(".stringsdict") else { continue }
            entries.append(.init(path: path, data: try Data(contentsOf: root.appendingPathComponent(path))))
        }
        return entries
    }

    @Test(arguments: repositories)
    func corpusTablesRoundTripThroughPythonUnzipAndOurReader(repository: String) throws {
        let entries = try tables(of: repository)
        #expect(!entries.isEmpty)
        let archive = try ZipWriter.archive(entries)
        #expect(try ZipWriter.archive(entries.reversed()) == archive)

        let temp = try TemporaryDirectory("archive")
        defer { temp.remove() }
        let file = try temp.write("corpus.zip", archive)
        #expect(try ProcessRunner.runBlocking(["unzip", "-tq", file.path]).status == 0)
        // Python lists the names and each entry's SHA-256; compare with sha256 of the original files.
        let json = try ProcessRunner.pythonBlocking(
            """
            import hashlib, json, sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                print(json.dumps({i.filename: hashlib.sha256(z.read(i)).hexdigest() for i in z.infolist()}))
            """, [file.path])
        let pythonHashes = try JSONDecoder().decode([String: String].self, from: json)
        #expect(pythonHashes.count == entries.count)
        for entry in entries {
            #expect(pythonHashes[entry.path] == SHA256Digest.hexString(entry.data), "\(entry.path)")
        }
        let reread = try ZipArchive(bytes: archive).extractAll()
        let byPath = Dictionary(uniqueKeysWithValues: entries.map { ($0.path, $0.data) })
        #expect(reread.count == entries.count)
        #expect(reread.allSatisfy { byPath[$0.path] == $0.data })
    }

    @Test(arguments: repositories)
    func readsZipCLIArchiveOfCorpusRepository(repository: String) throws {
        let temp = try TemporaryDirectory("archive")
        defer { temp.remove() }
        let zipFile = temp.url.appendingPathComponent("repo.zip")
        let root = TestPaths.corpus
        let result = try ProcessRunner.runBlocking(["zip", "-q", "-r", zipFile.path, repository], in: root)
        #expect(result.status == 0)
        let archive = try ZipArchive(bytes: try Data(contentsOf: zipFile))
        let files = try archive.extractAll()
        #expect(!files.isEmpty)
        for (path, data) in files {
            #expect(try Data(contentsOf: root.appendingPathComponent(path)) == data, "\(path)")
        }
    }
}
