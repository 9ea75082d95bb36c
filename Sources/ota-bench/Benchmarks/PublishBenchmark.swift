import Foundation
import OTALocalizationsPackager

/// Benchmark 8: `publish` to S3 (moto on loopback, through the real AWS CLI) beside `aws s3 sync` of the same folder to
/// the same server, at two sizes: a small real app from the corpus (``PublishBenchmark/smallApp(scratch:)``, 50 to 170
/// files), where the fixed cost of the AWS CLI's start-up shows, and the generated monorepo (30 modules × 40
/// localizations, 1,273 files): a fresh publish, the same again with nothing new, and, for the monorepo, a one-string
/// hotfix (one slice, one full ZIP, their parts). Each publish starts cold, as a new `ota-localizations` process does
/// (``AWSSessionPool/closeIdle()`` first).
enum PublishBenchmark {
    /// Fresh publishes (and syncs) of the small app, each to a new prefix, interleaved.
    static let smallRuns = 5

    static func run(monorepo: URL?, scratch: URL) -> Section {
        var section = Section(key: "publish", title: "publish to S3 (moto, the real AWS CLI) beside aws s3 sync")
        if let missing = BenchMoto.missing {
            section.skipped = missing
            return section
        }
        do {
            let moto = try BenchMoto()
            defer { moto.stop() }
            try moto.aws(["s3api", "create-bucket", "--bucket", "bench"])
            section.context = [
                ("server", "moto_server on 127.0.0.1:\(moto.port)"),
                ("client", "the AWS CLI at \(BenchMoto.awsExecutable)"),
            ]
            do {
                let app = try smallApp(scratch: scratch)
                section.context.append(("small", "\(app.label): \(app.files) files"))
                section.figures += try measureSmall(app.folder, files: app.files, moto: moto)
            } catch {
                section.context.append(("small", "skipped: \(error)"))
            }
            guard let monorepo else {
                section.context.append(("seed", "skipped: the generated monorepo could not be written"))
                return section
            }
            section.figures += try measureSeed(monorepo: monorepo, scratch: scratch, moto: moto)
        } catch {
            section.skipped = "failed: \(error)"
        }
        return section
    }

    /// One publish of `folder` to `s3://bench/<prefix>`, from a cold start; its duration in seconds.
    static func publish(_ folder: URL, to prefix: String, moto: BenchMoto) throws -> Double {
        AWSSessionPool.shared.closeIdle()
        let options = PublishOptions(
            versionFolder: folder, destination: try PublishLocation(parsing: "s3://bench/\(prefix)"), environment: moto.environment)
        return try Stopwatch.seconds {
            _ = try Publisher.publish(try Publisher.plan(options), environment: moto.environment)
        }
    }

    /// `aws s3 sync` of `folder` to `s3://bench/<prefix>/<folder name>/`; its duration in seconds.
    static func sync(_ folder: URL, to prefix: String, moto: BenchMoto) throws -> Double {
        try moto.aws(["s3", "sync", folder.path, "s3://bench/\(prefix)/\(folder.lastPathComponent)/", "--only-show-errors"])
    }

    /// A figure with `aws s3 sync` as its baseline and the goal of `publish`: within 2× of it.
    static func withinTwiceSync(key: String, label: String, ours: [Double], sync: [Double], syncLabel: String) -> Figure {
        var figure = Figure(key: key, label: label, unit: "s", samples: ours, baseline: .init(label: syncLabel, samples: sync))
        figure.goal = .init(text: "within 2× of aws s3 sync", met: (figure.ratio ?? .infinity) <= 2)
        return figure
    }

    private static func measureSeed(monorepo: URL, scratch: URL, moto: BenchMoto) throws -> [Figure] {
        let repo = scratch.appendingPathComponent("publish-repo", isDirectory: true)
        try? FileManager.default.removeItem(at: repo)
        try FileManager.default.copyItem(at: monorepo, to: repo)
        let output = scratch.appendingPathComponent("publish-out", isDirectory: true)
        var options = PackagingBenchmark.options(repo, into: output, baseline: nil)
        let folder = try Packager.package(options).manifestURL.deletingLastPathComponent()
        let files = (try FileManager.default.contentsOfDirectory(atPath: folder.path)).count

        let syncFresh = try sync(folder, to: "sync", moto: moto)
        let fresh = try publish(folder, to: "ours", moto: moto)
        let syncAgain = try sync(folder, to: "sync", moto: moto)
        let again = try publish(folder, to: "ours", moto: moto)
        let file = repo.appendingPathComponent("Packages/Features/Sources/\(Fixtures.moduleName(1))/Resources/fr.lproj/Localizable.strings")
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: "\" = \"", with: "\" = \"(fix) ", options: [], range: text.range(of: "\" = \"")).write(to: file, atomically: true, encoding: .utf8)
        options.publishedAt = options.publishedAt.addingTimeInterval(60)
        _ = try Packager.package(options)
        let syncFix = try sync(folder, to: "sync", moto: moto)
        let fix = try publish(folder, to: "ours", moto: moto)

        var fixFigure = Figure(
            key: "hotfixSeconds", label: "seed: a one-string fix (one slice, one full ZIP, their parts, the manifests)", unit: "s",
            samples: [fix], baseline: .init(label: "aws s3 sync of the changed folder", samples: [syncFix]))
        fixFigure.goal = .init(text: "under 10 s", met: fix < 10)
        return [
            withinTwiceSync(key: "freshSeconds", label: "seed: fresh publish of \(files) files (1 run)", ours: [fresh], sync: [syncFresh],
                            syncLabel: "aws s3 sync of the same folder"),
            withinTwiceSync(key: "nothingNewSeconds", label: "seed: the same publish again, nothing new (1 run)", ours: [again],
                            sync: [syncAgain], syncLabel: "aws s3 sync, nothing new"),
            fixFigure,
        ]
    }
}
