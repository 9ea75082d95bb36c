import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTALocalizationsSync

/// Benchmark 5: extracting the largest published module ZIP (`ZipArchive.extractAll` and writing every file
/// into a fresh folder) beside `unzip -o -q` of the same file into a fresh folder; then the update cycle's full
/// check of that module installed (every file's listing, size and SHA-256 against its seal) beside `sha256sum`.
enum ExtractionBenchmark {
    static let runs = 9

    static func run(published: URL?, scratch: URL) -> Section {
        var section = Section(key: "extraction", title: "Extraction of the largest module ZIP vs unzip -o -q")
        guard let published else {
            section.skipped = "no packaged repository (see packaging)"
            return section
        }
        do {
            let zips = try FileManager.default.contentsOfDirectory(at: published, includingPropertiesForKeys: [.fileSizeKey])
                .filter { $0.pathExtension == "zip" }
            guard let largest = zips.max(by: { size($0) < size($1) }) else { throw BenchError("no ZIP in \(published.path)") }
            let bytes = try Data(contentsOf: largest)
            let archive = try ZipArchive(bytes: bytes)
            let uncompressed = archive.entries.reduce(UInt64(0)) { $0 + $1.uncompressedSize }
            let megabytes = Double(uncompressed) / 1_000_000

            var ours: [Double] = []
            var unzip: [Double] = []
            for run in 0...runs {
                let mine = scratch.appendingPathComponent("extract-ours-\(run)", isDirectory: true)
                let theirs = scratch.appendingPathComponent("extract-unzip-\(run)", isDirectory: true)
                let seconds = try Stopwatch.seconds { try extract(largest, into: mine) }
                let baseline = try Subprocess.check("unzip", ["-o", "-q", largest.path, "-d", theirs.path]).seconds
                if run == 0 {
                    let diff = try Subprocess.run("diff", ["-r", mine.path, theirs.path])
                    guard diff.status == 0 else { throw BenchError("our extraction differs from unzip's: \(diff.stdout.prefix(300))") }
                } else {
                    ours.append(megabytes / seconds)
                    unzip.append(megabytes / baseline)
                }
                try? FileManager.default.removeItem(at: mine)
                try? FileManager.default.removeItem(at: theirs)
            }
            var figure = Figure(
                key: "throughput", label: "ZipArchive.extractAll + write", unit: "MB/s", samples: ours,
                baseline: .init(label: "unzip -o -q (subprocess, fresh folder)", samples: unzip))
            figure.smallerIsBetter = false
            figure.note = "MB = uncompressed bytes; timing includes reading the ZIP from disk and creating folders"
            section.figures = [figure, try fullCheck(largest, published: published, scratch: scratch)]
            section.context = [
                ("file", "\(largest.lastPathComponent): \(bytes.count) bytes, \(archive.entries.count) entries, "
                    + "\(uncompressed) bytes uncompressed"),
                ("runs", "\(runs) (after one warm-up run whose output was compared with unzip's by diff -r)"),
            ]
        } catch {
            section.skipped = "failed: \(error)"
        }
        return section
    }

    /// `InstalledFolderCheck.isIntact` on the ZIP's files installed with their seal, beside `sha256sum` of the same
    /// files (one subprocess, every file read and hashed).
    static func fullCheck(_ zip: URL, published: URL, scratch: URL) throws -> Figure {
        let folder = scratch.appendingPathComponent("full-check", isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        try extract(zip, into: folder)
        var files: [BundleSeal.File] = []
        var paths: [String] = []
        for (path, data) in try ZipArchive(bytes: Data(contentsOf: zip)).extractAll() where !path.hasSuffix("/") {
            files.append(.init(path: path, size: Int64(data.count), sha256: SHA256Digest.hexString(data)))
            paths.append(folder.appendingPathComponent(path).path)
        }
        try BundleSeal(files: files).encoded().write(to: folder.appendingPathComponent(BundleSeal.fileName))
        let manifest = try Manifest(bytes: Data(contentsOf: published.appendingPathComponent("manifest.json")))
        var ours: [Double] = []
        var hashed: [Double] = []
        for _ in 0..<runs {
            var intact = false
            ours.append(Stopwatch.seconds { intact = InstalledFolderCheck.isIntact(folder, developmentRegion: manifest.developmentRegion) } * 1000)
            guard intact else { throw BenchError("the installed copy of \(zip.lastPathComponent) fails the full check") }
            hashed.append(try Subprocess.check("sha256sum", paths).seconds * 1000)
        }
        try? FileManager.default.removeItem(at: folder)
        let bytes = files.reduce(Int64(0)) { $0 + $1.size }
        var figure = Figure(
            key: "fullCheckMs", label: "full check of that module installed (\(files.count) files)", unit: "ms", samples: ours,
            baseline: .init(label: "sha256sum of the same files (subprocess)", samples: hashed))
        figure.note = "\(bytes) bytes read and hashed; the update cycle runs this for every module it skips, and on a 304"
        return figure
    }

    /// Reads the ZIP, inflates and checks every entry, and writes the files under `folder`.
    static func extract(_ zip: URL, into folder: URL) throws {
        let archive = try ZipArchive(bytes: Data(contentsOf: zip))
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        var made: Set<String> = [folder.path]
        for (path, data) in try archive.extractAll() {
            let target = folder.appendingPathComponent(path)
            if path.hasSuffix("/") {
                try fileManager.createDirectory(at: target, withIntermediateDirectories: true)
                continue
            }
            let parent = target.deletingLastPathComponent()
            if made.insert(parent.path).inserted {
                try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
            }
            try data.write(to: target)
        }
    }

    private static func size(_ url: URL) -> Int {
        (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
    }
}
