import Foundation

// ota-bench: the project's speed and memory figures, measured in one invocation. See docs/benchmarks.md.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == Subprocess.measureFlag {
    Subprocess.runMeasuredChild(Array(arguments.dropFirst()))
}
if arguments.contains("-h") || arguments.contains("--help") {
    print("""
        USAGE: swift run -c release ota-bench [--json] [--only <key>,...]

        Runs nine benchmarks (bundle(for:), loadBundlesFromDisk, packaging, sync, extraction, memory, bytesPerDevice,
        publish, clientSize) and prints each figure as median and min over repeated runs beside its baseline, with the
        machine's description. --json prints one JSON object instead; --only runs the named sections (bundleFor,
        loadBundlesFromDisk, packaging, sync, extraction, memory, bytesPerDevice, publish, clientSize; sync, extraction
        and memory need packaging's inputs, which then run unreported). Progress goes to standard error. Inputs:
        $OTA_SHARED/corpus (default ../shared/corpus beside the package), nginx for the sync figures, the AWS CLI and
        moto (.build/python, as Scripts/test installs them) for the publish figures; clientSize builds a scratch package
        in release (about a minute). See docs/benchmarks.md.
        """)
    exit(0)
}
let only: Set<String>? = arguments.firstIndex(of: "--only").flatMap { index in
    index + 1 < arguments.count ? Set(arguments[index + 1].split(separator: ",").map(String.init)) : nil
}
if let unknown = arguments.enumerated().first(where: { index, argument in
    argument != "--json" && argument != "--only" && !(index > 0 && arguments[index - 1] == "--only")
})?.element {
    FileHandle.standardError.write(Data("ota-bench: unknown argument '\(unknown)'; usage: ota-bench [--json]\n".utf8))
    exit(2)
}
let wantsJSON = arguments.contains("--json")
#if DEBUG
FileHandle.standardError.write(Data("ota-bench: warning: a debug build; run swift run -c release ota-bench\n".utf8))
#endif

func progress(_ text: String) {
    FileHandle.standardError.write(Data("ota-bench: \(text)\n".utf8))
}

let started = Stopwatch.start()
let scratch = try Fixtures.temporaryFolder("run")
defer { try? FileManager.default.removeItem(at: scratch) }

var sections: [Section] = []
@MainActor func wanted(_ key: String) -> Bool { only?.contains(key) ?? true }
func guarded(_ key: String, _ title: String, _ work: () throws -> Section) -> Section {
    do { return try work() } catch {
        return Section(key: key, title: title, skipped: "failed: \(error)")
    }
}

if wanted("bundleFor") {
    progress("1/9 bundle(for:)")
    sections.append(guarded("bundleFor", "OTALocalizedString.bundle(for:)") { try BundleLookupBenchmark.run() })
}
if wanted("loadBundlesFromDisk") {
    progress("2/9 loadBundlesFromDisk")
    sections.append(guarded("loadBundlesFromDisk", "OTALocalizedString.loadBundlesFromDisk()") { try DiskLoadBenchmark.run() })
}
if !["packaging", "sync", "extraction", "memory"].filter(wanted).isEmpty {
    progress("3/9 packaging")
    let packaging = PackagingBenchmark.run(scratch: scratch, measuring: wanted("packaging"))
    if wanted("packaging") { sections.append(packaging.section) }
    if wanted("sync") {
        progress("4/9 sync")
        sections.append(await SyncBenchmark.run(monorepo: packaging.monorepo?.root, scratch: scratch))
    }
    if wanted("extraction") {
        progress("5/9 extraction")
        let published = (packaging.corpus ?? packaging.monorepo).map { $0.output.appendingPathComponent("1.0.0", isDirectory: true) }
        sections.append(ExtractionBenchmark.run(published: published, scratch: scratch))
    }
    if wanted("memory") {
        progress("6/9 memory")
        sections.append(MemoryBenchmark.run(corpus: packaging.corpus, monorepo: packaging.monorepo, scratch: scratch))
    }
}
if wanted("bytesPerDevice") || wanted("publish") {
    let monorepo = scratch.appendingPathComponent("slices-source-monorepo", isDirectory: true)
    let generated = (try? Fixtures.writeMonorepo(at: monorepo)) != nil
    if wanted("bytesPerDevice") {
        progress("7/9 bytes per device")
        sections.append(BytesPerDeviceBenchmark.run(monorepo: generated ? monorepo : nil, scratch: scratch))
    }
    if wanted("publish") {
        progress("8/9 publish")
        sections.append(PublishBenchmark.run(monorepo: generated ? monorepo : nil, scratch: scratch))
    }
}
if wanted("clientSize") {
    progress("9/9 client size (a release build of a scratch package)")
    sections.append(guarded("clientSize", "Bytes the client adds to a stripped executable") {
        try ClientSizeBenchmark.run(scratch: scratch)
    })
}

let machine = MachineDescription.current()
let total = started.elapsedSeconds
print(wantsJSON ? Report.json(sections, machine: machine, totalSeconds: total)
                : Report.human(sections, machine: machine, totalSeconds: total))
_ = Sink.current
fflush(nil)  // every stream, before the scratch folder's removal (many files) delays the exit
