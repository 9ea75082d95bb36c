import Foundation

/// Benchmark 6: peak resident memory (`ru_maxrss` from `wait4`) of the built `ota-localizations` binary running a
/// full corpus `package` and a 30-module `sync` (first install) against nginx on loopback, each spawned from a
/// fresh `ota-bench` process (see `Subprocess.measured`).
enum MemoryBenchmark {
    static let runs = 3

    static func run(corpus: PackagingBenchmark.Input?, monorepo: PackagingBenchmark.Input?, scratch: URL) -> Section {
        var section = Section(key: "memory", title: "Peak resident memory of the ota-localizations binary")
        let cli: String
        do {
            cli = try BenchPaths.cliExecutable()
        } catch {
            section.skipped = "\(error)"
            return section
        }
        section.context.append(("binary", cli))
        if let floor = try? Subprocess.measured("/bin/true", []) {
            section.context.append(("method", "ru_maxrss from wait4, spawned from a fresh ota-bench process; "
                + "the method's floor (/bin/true measured the same way): \(Report.number(floor.peakResidentMB)) MB"))
        }
        if let corpus {
            do {
                var samples: [Double] = []
                var seconds: [Double] = []
                for run in 0..<runs {
                    let output = scratch.appendingPathComponent("memory-package-\(run)", isDirectory: true)
                    var arguments = ["package", corpus.root.path, "--app-version", "1.0.0", "--output", output.path, "--quiet"]
                    if let baseline = corpus.validationBaseline { arguments += ["--validation-baseline", baseline.path] }
                    let result = try Subprocess.measured(cli, arguments)
                    samples.append(result.peakResidentMB)
                    seconds.append(result.seconds)
                    try? FileManager.default.removeItem(at: output)
                }
                var figure = Figure(key: "packageCorpus", label: "package \(corpus.root.lastPathComponent)", unit: "MB", samples: samples)
                figure.note = "wall time as a subprocess: median \(Report.number(Figure.median(seconds))) s"
                section.figures.append(figure)
            } catch {
                section.context.append(("packageCorpus", "failed: \(error)"))
            }
        } else {
            section.context.append(("packageCorpus", "skipped: no corpus repository packaged"))
        }
        guard let monorepo else {
            section.context.append(("sync30", "skipped: the monorepo was not packaged"))
            return section
        }
        guard BenchNginx.executable != nil else {
            section.context.append(("sync30", "skipped: nginx is not installed (apt-get install -y nginx)"))
            return section
        }
        do {
            let nginx = try BenchNginx(root: monorepo.output)
            defer { nginx.stop() }
            var samples: [Double] = []
            var seconds: [Double] = []
            for run in 0..<runs {
                let storage = scratch.appendingPathComponent("memory-sync-\(run)", isDirectory: true)
                let result = try Subprocess.measured(cli, [
                    "sync", "--base-url", nginx.baseURL.absoluteString, "--app-version", "1.0.0", "--into", storage.path, "--json",
                ])
                guard result.stdout.contains("\"updated\":\(monorepo.result.modules.count)") else {
                    throw BenchError("sync did not install every module: \(result.stdout.prefix(300))")
                }
                samples.append(result.peakResidentMB)
                seconds.append(result.seconds)
                try? FileManager.default.removeItem(at: storage)
            }
            var figure = Figure(key: "sync30Modules", label: "sync, 30 modules (first install)", unit: "MB", samples: samples)
            figure.note = "wall time as a subprocess: median \(Report.number(Figure.median(seconds))) s"
            section.figures.append(figure)
        } catch {
            section.context.append(("sync30", "failed: \(error)"))
        }
        return section
    }
}
