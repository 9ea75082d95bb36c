import Foundation
import OTALocalizationsCore

/// Benchmark 5: extracting the largest published module ZIP (`ZipArchive.extractAll` and writing every file
/// into a fresh folder) beside `unzip -o -q` of the same file into a fresh folder.
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
            section.figures = [figure]
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
