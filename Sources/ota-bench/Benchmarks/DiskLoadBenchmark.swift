import Foundation
import OTALocalizations

/// Benchmark 2: `OTALocalizedString.loadBundlesFromDisk(storageRoot:appVersion:)` over a storage root of 30 and
/// of 300 installed modules, written exactly as `OTAStorageLayout` describes, each sample a counted launch.
enum DiskLoadBenchmark {
    static let runs = 31

    @MainActor
    static func run() throws -> Section {
        var section = Section(key: "loadBundlesFromDisk", title: "OTALocalizedString.loadBundlesFromDisk()")
        for modules in [30, 300] {
            let root = try Fixtures.temporaryFolder("load\(modules)")
            defer { try? FileManager.default.removeItem(at: root) }
            let names = try Fixtures.writeStorageRoot(at: root, appVersion: "1.0.0", modules: modules)
            let first = Stopwatch.seconds { OTALocalizedString.loadBundlesFromDisk(storageRoot: root, appVersion: "1.0.0") } * 1000
            let loaded = names.filter { OTALocalizedString.bundle(for: $0) != nil }.count
            guard loaded == modules else { throw BenchError("\(loaded) of \(modules) modules loaded") }
            var samples: [Double] = []
            var reads: [Double] = []
            for _ in 0..<runs {
                OTALocalizedString.clearBundleCache()
                // Each sample is a launch as a new process makes it: the crash-loop guard counts it (a locked write
                // of its 70-byte record), after the previous one was confirmed.
                OTALocalizedString.confirmLaunch(storageRoot: root, appVersion: "1.0.0")
                OTALocalizedString.forgetLaunchesCountedThisProcess()
                samples.append(Stopwatch.seconds { OTALocalizedString.loadBundlesFromDisk(storageRoot: root, appVersion: "1.0.0") } * 1000)
                reads.append(Stopwatch.seconds { Sink.add(readFiles(root)) } * 1000)
            }
            var figure = Figure(
                key: "modules\(modules)", label: "\(modules) modules", unit: "ms", samples: samples,
                baseline: .init(label: "the same files read the Foundation way (FileManager listing, URL paths, Data(contentsOf:) of each current + Info.plist + seal)", samples: reads))
            if modules == 30 { figure.goal = .init(text: "under 1 ms", met: figure.median < 1) }
            figure.note = "first call in this process: \(Report.number(first)) ms (Foundation's bundle cache cold)"
            section.figures.append(figure)
        }
        OTALocalizedString.clearBundleCache()
        section.context = [
            ("runs", "\(runs) per size, page cache warm"),
            ("per module", "current pointer + <sha256>/Info.plist + en.lproj/Localizable.strings + .ota-seal (read: pointer, Info.plist, seal)"),
            ("per launch", "the crash-loop guard's count: open, flock, pread and pwrite of launch-attempts (70 bytes)"),
        ]
        return section
    }

    /// What a load costs written the obvious Foundation way: list `modules/` with `FileManager`, build each path with
    /// `URL`, and read every `current` pointer and the `Info.plist` and seal it names with `Data(contentsOf:)`.
    @inline(never)
    static func readFiles(_ root: URL) -> Int {
        let layout = OTAStorageLayout(storageRoot: root, appVersion: "1.0.0")
        var total = 0
        for folder in (try? FileManager.default.contentsOfDirectory(atPath: layout.modulesFolder.path)) ?? [] {
            guard let name = OTAStorageLayout.moduleName(fromStorageName: folder),
                  let pointer = try? Data(contentsOf: layout.currentPointerFile(module: name)),
                  let installed = OTAStorageLayout.parseCurrentPointer(pointer),
                  let info = try? Data(contentsOf: layout.installFolder(module: name, folderName: installed).appendingPathComponent("Info.plist")),
                  let seal = try? Data(contentsOf: layout.installFolder(module: name, folderName: installed).appendingPathComponent(".ota-seal"))
            else { continue }
            total &+= info.count &+ seal.count
        }
        return total
    }
}
