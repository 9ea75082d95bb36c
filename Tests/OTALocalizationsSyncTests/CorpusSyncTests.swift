import Foundation
import Testing
import OTALocalizationsCore
import OTATestSupport
@testable import OTALocalizationsSync

/// Real tables from `../shared/corpus` (read through `OTA_SHARED`, never copied into the repository), one module
/// per folder that holds `.lproj` folders, zipped, served and synced: every installed file equals its source.
@Suite struct CorpusSyncTests {
    /// Folder (relative to the corpus) → its bundle files (`xx.lproj/Table.strings|stringsdict` → bytes).
    static func corpusModules() -> [(name: String, files: [String: Data])] {
        let corpus = TestPaths.corpus
        guard let enumerator = FileManager.default.enumerator(atPath: corpus.path) else { return [] }
        var byFolder: [String: [String: Data]] = [:]
        while let relative = enumerator.nextObject() as? String {
            let parts = relative.split(separator: "/").map(String.init)
            guard parts.count >= 3, parts[parts.count - 2].hasSuffix(".lproj"),
                  relative.hasSuffix(".strings") || relative.hasSuffix(".stringsdict"),
                  let data = try? Data(contentsOf: corpus.appendingPathComponent(relative))
            else { continue }
            let folder = parts.dropLast(2).joined(separator: "/")
            byFolder[folder, default: [:]][parts.suffix(2).joined(separator: "/")] = data
        }
        return byFolder.keys.sorted().map { folder in
            (folder.replacingOccurrences(of: "/", with: "_"), byFolder[folder]!)
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: TestPaths.corpus.path)))
    func everyCorpusFolderInstallsByteForByte() async throws {
        let corpus = Self.corpusModules()
        #expect(corpus.count > 20)
        let fixture = try SyncFixture()
        var published: [PublishedModule] = []
        for module in corpus {
            var files = module.files
            files["Info.plist"] = SyncFixture.infoPlist
            published.append(try SyncFixture.module(module.name, files: files))
        }
        fixture.publish(published)

        await fixture.makeService().start()

        let report = try #require(fixture.reports.last)
        let failures = report.modules.filter { $0.outcome != .updated }
        for failure in failures {
            print("corpus module \(failure.name): \(failure.outcome) \(failure.reason ?? "")")
        }
        print("corpus: \(report.updated) modules installed, \(report.failed) failed, \(report.bytesDownloaded) ZIP bytes")
        var compared = 0
        for module in published where report.modules.contains(where: { $0.name == module.name && $0.outcome == .updated }) {
            for (path, data) in module.files {
                #expect(fixture.read("1.0/modules/\(module.name)/\(module.sha256)/\(path)") == data, "\(module.name)/\(path)")
                compared += 1
            }
        }
        print("corpus: \(compared) installed files compared byte for byte")
        #expect(report.updated == published.count)
        #expect(report.stateSaved)
    }
}
