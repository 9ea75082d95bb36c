import Foundation
import OTALocalizationsPackager

extension PublishBenchmark {
    /// A packaged real app for the small case.
    struct SmallApp {
        var label: String
        var folder: URL
        var files: Int
    }

    /// The corpus repository whose packaged version folder has the fewest files from 50 to 170 (owncloud's 90 in
    /// `../shared` today), packaged as the packaging benchmark does (a validation baseline recorded first when its
    /// findings block).
    static func smallApp(scratch: URL) throws -> SmallApp {
        let corpus = BenchPaths.corpus
        let work = scratch.appendingPathComponent("publish-small", isDirectory: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        var found: SmallApp?
        for name in try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted() {
            let root = corpus.appendingPathComponent(name, isDirectory: true)
            guard (try? root.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true,
                  let input = try? PackagingBenchmark.prepare(label: name, root: root, scratch: work) else { continue }
            let folder = input.output.appendingPathComponent("1.0.0", isDirectory: true)
            let files = (try FileManager.default.contentsOfDirectory(atPath: folder.path)).count
            if (50...170).contains(files), files < found?.files ?? .max {
                found = SmallApp(label: "corpus \(name)", folder: folder, files: files)
            }
        }
        guard let found else { throw BenchError("no corpus repository under \(corpus.path) packages into 50 to 170 files") }
        return found
    }

    /// Fresh publishes of the small app to new prefixes, each beside `aws s3 sync` of the folder to another new prefix,
    /// interleaved; then the same publish again, nothing new, beside `aws s3 sync` again.
    static func measureSmall(_ folder: URL, files: Int, moto: BenchMoto) throws -> [Figure] {
        var fresh: [Double] = []
        var syncFresh: [Double] = []
        var again: [Double] = []
        var syncAgain: [Double] = []
        for run in 0..<smallRuns {
            syncFresh.append(try sync(folder, to: "small-sync-\(run)", moto: moto))
            fresh.append(try publish(folder, to: "small-ours-\(run)", moto: moto))
        }
        for run in 0..<smallRuns {
            syncAgain.append(try sync(folder, to: "small-sync-\(run)", moto: moto))
            again.append(try publish(folder, to: "small-ours-\(run)", moto: moto))
        }
        return [
            withinTwiceSync(key: "smallFreshSeconds", label: "small: fresh publish of \(files) files", ours: fresh, sync: syncFresh,
                            syncLabel: "aws s3 sync of the same folder"),
            withinTwiceSync(key: "smallNothingNewSeconds", label: "small: the same publish again, nothing new", ours: again,
                            sync: syncAgain, syncLabel: "aws s3 sync, nothing new"),
        ]
    }
}
