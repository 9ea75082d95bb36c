import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTALocalizationsPackager
import OTALocalizationsSync

extension SyncBenchmark {
    /// `304` cycles of a device that installed slices (`de`): on the monorepo (30 modules) and on a generated
    /// 500 modules × 30 localizations, the first cycle after a launch (the full check) and a cycle after the first in the
    /// process, against the bare conditional GET.
    static func slicedFigures(scratch: URL) async throws -> [Figure] {
        var figures: [Figure] = []
        for (key, modules, languages, goal) in [("modules30", 30, 40, 1.5), ("modules500", 500, 30, 3.0)] {
            let repo = scratch.appendingPathComponent("sync-sliced-\(key)", isDirectory: true)
            try? FileManager.default.removeItem(at: repo)
            try Fixtures.writeMonorepo(at: repo, modules: modules, keys: modules > 100 ? 4 : 60, languageCount: languages)
            let www = scratch.appendingPathComponent("sync-sliced-www-\(key)", isDirectory: true)
            _ = try Publisher(repo: repo, www: www).publish()
            let nginx = try BenchNginx(root: www)
            defer { nginx.stop() }
            let storage = scratch.appendingPathComponent("sync-sliced-storage-\(key)", isDirectory: true)
            try? FileManager.default.removeItem(at: storage)
            let german = OTALocalizationSelection(preferredLanguages: ["de"])
            let (_, install) = try await cycle(nginx.baseURL, storage: storage, selection: german)
            guard install.updated == modules else { throw BenchError("sliced install (\(key)): \(install.jsonText())") }
            var first: [Double] = []
            for _ in 0..<3 {
                let (seconds, report) = try await cycle(nginx.baseURL, storage: storage, selection: german)
                guard report.manifest == .notModified else { throw BenchError("sliced first 304 (\(key)): \(report.jsonText())") }
                first.append(seconds * 1000)
            }
            let later = try await notModifiedInProcess(nginx, storage: storage, selection: german)
            var laterFigure = Figure(
                key: "sliced_\(key)_notModifiedMs",
                label: "a de device, \(modules) modules × \(languages) localizations: a 304 cycle after the first in the process",
                unit: "ms", samples: later.cycles,
                baseline: .init(label: "the conditional GET alone (URLSessionTransport)", samples: later.baseline))
            laterFigure.goal = .init(
                text: "within \(goal == 1.5 ? "1.5" : "3")× of the conditional GET alone", met: median(later.cycles) <= goal * median(later.baseline))
            laterFigure.note = "\(Int(later.requests.reduce(0, +))) requests, \(Int(later.bytes.reduce(0, +))) body bytes over \(later.cycles.count) cycles"
            var firstFigure = Figure(
                key: "sliced_\(key)_notModifiedFirstMs",
                label: "a de device, \(modules) modules × \(languages) localizations: the first 304 cycle after a launch",
                unit: "ms", samples: first)
            firstFigure.note = "every installed folder gets the full check, once per process"
            figures += [laterFigure, firstFigure]
        }
        return figures
    }
}
