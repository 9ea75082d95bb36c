import Foundation
import OTALocalizationsPackager

/// Benchmark 8: `publish` of the generated monorepo (30 modules × 40 localizations, 1,231 ZIPs and the published
/// index's parts) to S3 (moto on loopback, through the real AWS CLI) beside `aws s3 sync` of the same folder: a fresh
/// publish, the same again with nothing new, and a one-string hotfix (one slice, one full ZIP, their parts).
enum PublishBenchmark {
    static func run(monorepo: URL?, scratch: URL) -> Section {
        var section = Section(key: "publish", title: "publish to S3 (moto, the real AWS CLI) beside aws s3 sync")
        if let missing = BenchMoto.missing {
            section.skipped = missing
            return section
        }
        guard let monorepo else {
            section.skipped = "the generated monorepo could not be written"
            return section
        }
        do {
            try measure(monorepo: monorepo, scratch: scratch, section: &section)
        } catch {
            section.skipped = "failed: \(error)"
        }
        return section
    }

    private static func measure(monorepo: URL, scratch: URL, section: inout Section) throws {
        let repo = scratch.appendingPathComponent("publish-repo", isDirectory: true)
        try? FileManager.default.removeItem(at: repo)
        try FileManager.default.copyItem(at: monorepo, to: repo)
        let output = scratch.appendingPathComponent("publish-out", isDirectory: true)
        var options = PackagingBenchmark.options(repo, into: output, baseline: nil)
        let folder = try Packager.package(options).manifestURL.deletingLastPathComponent()
        let files = (try FileManager.default.contentsOfDirectory(atPath: folder.path)).count
        let moto = try BenchMoto()
        defer { moto.stop() }
        try moto.aws(["s3api", "create-bucket", "--bucket", "bench"])

        func publish(_ prefix: String) throws -> Double {
            let publishOptions = PublishOptions(
                versionFolder: folder, destination: try PublishLocation(parsing: "s3://bench/\(prefix)"), environment: moto.environment)
            return try Stopwatch.seconds {
                _ = try Publisher.publish(try Publisher.plan(publishOptions), environment: moto.environment)
            }
        }
        func sync(_ prefix: String) throws -> Double {
            try moto.aws(["s3", "sync", folder.path, "s3://bench/\(prefix)/1.0.0/", "--only-show-errors"])
        }

        let syncFresh = try sync("sync")
        let fresh = try publish("ours")
        let syncAgain = try sync("sync")
        let again = try publish("ours")
        let file = repo.appendingPathComponent("Packages/Features/Sources/\(Fixtures.moduleName(1))/Resources/fr.lproj/Localizable.strings")
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: "\" = \"", with: "\" = \"(fix) ", options: [], range: text.range(of: "\" = \"")).write(to: file, atomically: true, encoding: .utf8)
        options.publishedAt = options.publishedAt.addingTimeInterval(60)
        _ = try Packager.package(options)
        let syncFix = try sync("sync")
        let fix = try publish("ours")

        var freshFigure = Figure(
            key: "freshSeconds", label: "fresh publish of \(files) files", unit: "s", samples: [fresh],
            baseline: .init(label: "aws s3 sync of the same folder", samples: [syncFresh]))
        freshFigure.goal = .init(text: "within 2× of aws s3 sync", met: fresh <= 2 * syncFresh)
        var againFigure = Figure(
            key: "nothingNewSeconds", label: "the same publish again, nothing new", unit: "s", samples: [again],
            baseline: .init(label: "aws s3 sync, nothing new", samples: [syncAgain]))
        againFigure.goal = .init(text: "within 2× of aws s3 sync", met: again <= 2 * syncAgain)
        var fixFigure = Figure(
            key: "hotfixSeconds", label: "a one-string fix (one slice, one full ZIP, their parts, the manifests)", unit: "s",
            samples: [fix], baseline: .init(label: "aws s3 sync of the changed folder", samples: [syncFix]))
        fixFigure.goal = .init(text: "under 10 s", met: fix < 10)
        section.figures = [freshFigure, againFigure, fixFigure]
        section.context = [
            ("server", "moto_server on 127.0.0.1:\(moto.port)"),
            ("client", "the AWS CLI at \(BenchMoto.awsExecutable); one run each (a run takes seconds to minutes here)"),
        ]
    }
}
