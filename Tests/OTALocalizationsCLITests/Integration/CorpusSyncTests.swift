import Foundation
import OTATestSupport
import Testing

extension NginxIntegrationTests {
    /// Real apps' tables (`../shared/corpus`), packaged, served by nginx, synced and looked up.
    @Suite struct CorpusSyncTests {
        typealias H = SyncHarness

        /// Each repository with the configuration it needs to package: DuckDuckGo is two apps with a module of the
        /// same name each (its macOS app is left out here). Today's validation findings are recorded first
        /// (`validate --write-baseline`) and passed as the validation baseline, as a team adopting the tool would.
        static let repositories: [(name: String, configuration: String)] = [
            ("owncloud__ios-app", "{}"),
            ("mastodon__mastodon-ios", "{}"),
            ("nextcloud__talk-ios", "{}"),
            ("duckduckgo__apple-browsers", #"{"excludes": ["macOS/**"]}"#),
        ]

        @Test(arguments: repositories.map(\.name))
        func corpusRepositoryIsPackagedServedSyncedAndLookedUp(_ name: String) async throws {
            let repository = TestPaths.corpus.appendingPathComponent(name)
            try #require(FileManager.default.fileExists(atPath: repository.path), "corpus missing at \(repository.path)")
            let server = try NginxServer()
            let work = try TemporaryDirectory("corpus")
            defer { work.remove() }
            let output = work.url.appendingPathComponent("published")
            let storage = work.url.appendingPathComponent("root")
            let configuration = try work.write("ota-localizations.json", Self.repositories.first { $0.name == name }!.configuration)
            let baseline = work.url.appendingPathComponent("validation-baseline.json")
            let validated = try await H.cli(["validate", repository.path, "--config", configuration.path, "--write-baseline", baseline.path])
            try #require(validated.status == 0, "\(validated.stderr)")
            let packaged = try await H.cli(["package", repository.path, "--app-version", H.appVersion, "--output", output.path,
                                      "--config", configuration.path, "--validation-baseline", baseline.path,
                                      "--published-at", "2026-01-01T00:00:00Z", "--quiet"])
            try #require(packaged.status == 0, "\(packaged.stderr)")
            try server.publish(output)
            let versionFolder = output.appendingPathComponent(H.appVersion)
            let data = try Data(contentsOf: versionFolder.appendingPathComponent("manifest.json"))
            let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let published = (manifest["modules"] as? [[String: Any]] ?? []).map {
                H.PublishedModule(name: $0["name"] as? String ?? "", path: $0["path"] as? String ?? "", sha256: $0["sha256"] as? String ?? "")
            }
            #expect(!published.isEmpty)

            let (result, report) = try await H.sync(server.baseURL, into: storage)

            #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
            #expect(report["updated"] as? Int == published.count && report["stateSaved"] as? Bool == true, "\(result.stdout)")
            #expect(server.requests().filter { $0.uri.hasSuffix(".zip") && $0.status == 200 }.count == published.count)
            try await H.expectInstalled(published, from: versionFolder, into: storage)
            var checked = 0
            for module in published {
                let extracted = try await H.unzipped(versionFolder.appendingPathComponent(module.path))
                defer { extracted.remove() }
                for sample in try await H.sampledValues(bundle: extracted.url, perTable: 1, localizations: 4) {
                    let lookup = try await H.lookup(storage, module: module.name, localization: sample.localization,
                                              key: sample.key, table: sample.table)
                    // A plural entry's forms follow its format string on the next lines.
                    #expect(lookup.status == 0 && lookup.stdout.hasPrefix(sample.value + "\n"),
                            "\(module.name) \(sample.localization) \(sample.table) \(sample.key): \(lookup.stdout) \(lookup.stderr)")
                    checked += 1
                }
            }
            #expect(checked >= published.count)
            // Unchanged: one 304.
            let before = server.requests().count
            let (again, againReport) = try await H.sync(server.baseURL, into: storage)
            #expect(again.status == 0 && againReport["manifest"] as? String == "notModified")
            #expect(server.requests().dropFirst(before).map(\.status) == [304])
        }
    }
}
