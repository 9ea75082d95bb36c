import Foundation
import OTALocalizationsNames
import OTALocalizationsPackager
import OTALocalizationsValidation

/// Benchmark 3: `Packager.package` (discovery, parsing, validation, ZIP, SHA-256, manifest) of the largest corpus
/// repository and of a generated 30-module × 40-language monorepo, beside the script a CI engineer would write:
/// `zip -X -r` per module and per slice (the same files `package` publishes), then `sha256sum` of the ZIPs.
enum PackagingBenchmark {
    /// One packaged repository, kept for the extraction and memory benchmarks.
    struct Input {
        var label: String
        var root: URL
        /// An adoption baseline recorded with `Validator.validate`, when the repository has findings that block.
        var validationBaseline: URL?
        /// The output folder of the last run (`<output>/1.0.0/`).
        var output: URL
        var result: PackageResult
    }

    struct Outcome {
        var section: Section
        var monorepo: Input?
        var corpus: Input?
    }

    static let monorepoRuns = 7
    static let corpusRuns = 5

    static func run(scratch: URL, measuring: Bool = true) -> Outcome {
        var section = Section(key: "packaging", title: "Packaging (Packager.package, validating) vs zip -X -r per module and slice + sha256sum")
        var outcome = Outcome(section: section)
        do {
            let repo = scratch.appendingPathComponent("monorepo", isDirectory: true)
            try Fixtures.writeMonorepo(at: repo)
            let input = try prepare(label: "generated 30 × 40 monorepo", root: repo, scratch: scratch)
            if measuring {
                section.figures += try measure(input, key: "monorepo", runs: monorepoRuns, scratch: scratch, context: &section.context)
            }
            outcome.monorepo = input
        } catch {
            section.context.append(("monorepo", "failed: \(error)"))
        }
        do {
            let input = try largestCorpusRepository(scratch: scratch)
            if measuring {
                section.figures += try measure(input, key: "corpus", runs: corpusRuns, scratch: scratch, context: &section.context)
            }
            outcome.corpus = input
        } catch {
            section.context.append(("corpus", "skipped: \(error)"))
        }
        outcome.section = section
        return outcome
    }

    // MARK: Inputs

    /// Packages `root` once (warming the page cache); records a validation baseline first when findings block.
    static func prepare(label: String, root: URL, scratch: URL) throws -> Input {
        let output = scratch.appendingPathComponent("out-\(root.lastPathComponent)", isDirectory: true)
        var baseline: URL?
        let run = try Validator.validate(repositoryRoot: root, configurationFile: nil, options: ValidationOptions())
        if run.diagnostics.contains(where: { $0.severity == .error }) {
            let file = scratch.appendingPathComponent("baseline-\(root.lastPathComponent).json")
            try ValidationBaseline(recording: run.diagnostics).encoded().write(to: file)
            baseline = file
        }
        let result = try package(root, into: output, baseline: baseline)
        return Input(label: label, root: root, validationBaseline: baseline, output: output, result: result)
    }

    /// Packages `root` into `output`, removed first.
    static func package(_ root: URL, into output: URL, baseline: URL?) throws -> PackageResult {
        try? FileManager.default.removeItem(at: output)
        return try Packager.package(options(root, into: output, baseline: baseline))
    }

    static func options(_ root: URL, into output: URL, baseline: URL?) -> PackageOptions {
        PackageOptions(
            repositoryRoot: root, appVersion: "1.0.0", outputDirectory: output,
            publishedAt: Date(timeIntervalSince1970: 1_780_000_000),
            validation: ValidationOptions(adoptionBaselineFile: baseline))
    }

    /// The largest `$OTA_SHARED/corpus/<repository>` by bytes that packages.
    static func largestCorpusRepository(scratch: URL) throws -> Input {
        let corpus = BenchPaths.corpus
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
        let sized = names.map { corpus.appendingPathComponent($0, isDirectory: true) }
            .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
            .map { ($0, Fixtures.bytes(under: $0)) }
            .sorted { $0.1 > $1.1 }
        var failures: [String] = []
        for (root, bytes) in sized {
            do {
                return try prepare(label: "corpus \(root.lastPathComponent) (\(Report.megabytes(bytes)) MB on disk)",
                                   root: root, scratch: scratch)
            } catch {
                failures.append("\(root.lastPathComponent): \(error)")
            }
        }
        throw BenchError("no corpus repository under \(corpus.path) packages: \(failures.joined(separator: "; "))")
    }

    // MARK: Measuring

    private static func measure(
        _ input: Input, key: String, runs: Int, scratch: URL, context: inout [(String, String)]
    ) throws -> [Figure] {
        let modules = try ModuleDiscovery.discover(
            repositoryRoot: input.root,
            configuration: PackagerConfiguration.load(repositoryRoot: input.root, explicitFile: nil)).modules
        let inputBytes = modules.reduce(Int64(0)) { total, module in
            total + (module.tables.map(\.url) + module.catalogs.map(\.url)).reduce(Int64(0)) { sum, url in
                sum + Int64((try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)
            }
        }
        let megabytes = Double(inputBytes) / 1_000_000
        let zipOutput = scratch.appendingPathComponent("zip-\(key)", isDirectory: true)
        let region = input.result.manifest.developmentRegion
        try zipScript(modules, developmentRegion: region, root: input.root, output: zipOutput)  // warm-up

        var ours: [Double] = []
        var script: [Double] = []
        var validateOnly: [Double] = []
        let options = ValidationOptions(adoptionBaselineFile: input.validationBaseline)
        for _ in 0..<runs {
            // Removing the previous run's output (1,231 files for the monorepo: ZIPs and slices) is not packaging.
            try? FileManager.default.removeItem(at: input.output)
            let packaging = Self.options(input.root, into: input.output, baseline: input.validationBaseline)
            ours.append(try Stopwatch.seconds { _ = try Packager.package(packaging) })
            try? FileManager.default.removeItem(at: zipOutput)
            script.append(try Stopwatch.seconds { try zipScript(modules, developmentRegion: region, root: input.root, output: zipOutput) })
            validateOnly.append(try Stopwatch.seconds {
                _ = try Validator.validate(repositoryRoot: input.root, configurationFile: nil, options: options)
            })
        }
        try? FileManager.default.removeItem(at: zipOutput)

        let tables = modules.reduce(0) { $0 + $1.tables.count + $1.catalogs.count }
        let zipBytes = input.result.modules.reduce(Int64(0)) { $0 + $1.size }
        let files = input.result.manifest.modules.reduce(1) { $0 + 1 + ($1.slices.map { 1 + $0.localizations.count } ?? 0) }
        context.append((key, "\(input.label): \(modules.count) modules, \(tables) tables, "
            + "\(Report.number(megabytes)) MB of tables in, \(Report.number(Double(zipBytes) / 1_000_000)) MB of ZIPs out, "
            + "\(files) files written (full ZIPs, slices, manifest)"
            + (input.validationBaseline == nil ? ", validation clean" : ", validation with a baseline recorded first "
                + "(Validator.validate + ValidationBaseline(recording:)): every check still runs")))

        var seconds = Figure(
            key: key + "Seconds", label: "\(key): seconds", unit: "s", samples: ours,
            baseline: .init(label: "zip -X -r per module and per slice + sha256sum", samples: script))
        seconds.goal = .init(text: "faster than the baseline while validating", met: (seconds.ratio ?? .infinity) < 1)
        var throughput = Figure(
            key: key + "Throughput", label: "\(key): throughput", unit: "MB/s", samples: ours.map { megabytes / $0 },
            baseline: .init(label: "zip -X -r per module and per slice + sha256sum", samples: script.map { megabytes / $0 }))
        throughput.smallerIsBetter = false
        var validation = Figure(key: key + "ValidateOnlySeconds", label: "\(key): Validator.validate alone", unit: "s",
                                samples: validateOnly)
        validation.note = "discovery + parsing + checks, no ZIP: the share of packaging spent before archiving"
        return [seconds, throughput, validation]
    }

    /// What a CI engineer would script to publish the same files as `package`: `zip -X -r -q` of a module's `.lproj`
    /// folders (its full ZIP), of its development region's and `Base.lproj` (its base slice) and of each other
    /// `.lproj` folder (one slice each), one subprocess per ZIP from the repository root, then one `sha256sum` over
    /// every ZIP. String Catalogs, which a script cannot split by language, go into the full ZIP and the base slice.
    /// `output` is created if needed; the caller removes the previous run's, outside the measured time.
    static func zipScript(_ modules: [DiscoveredModule], developmentRegion: String, root: URL, output: URL) throws {
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        var zips: [String] = []
        for module in modules {
            let folders = Array(Set(module.tables.map { ($0.relativePath as NSString).deletingLastPathComponent })).sorted()
            let catalogs = module.catalogs.map(\.relativePath).sorted()
            var base = catalogs
            var slices: [String: [String]] = [:]
            for folder in folders {
                let localization = ((folder as NSString).lastPathComponent as NSString).deletingPathExtension
                if localization == developmentRegion || localization == LocalizationFolder.base {
                    base.append(folder)
                } else {
                    slices[localization, default: []].append(folder)
                }
            }
            let archives = [("\(module.name).zip", folders + catalogs), ("\(module.name)-base.zip", base)]
                + slices.sorted { $0.key < $1.key }.map { ("\(module.name)-\($0.key).zip", $0.value) }
            for (name, inputs) in archives where !inputs.isEmpty {
                let zip = output.appendingPathComponent(name).path
                try Subprocess.check("zip", ["-X", "-r", "-q", zip] + inputs, in: root)
                zips.append(zip)
            }
        }
        try Subprocess.check("sha256sum", zips)
    }
}
