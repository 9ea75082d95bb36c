import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing

extension NginxIntegrationTests {
    /// Per-language slices end to end: the built `sync --languages` and `status` against a real nginx, checked against
    /// nginx's access log and the published manifest (docs/design.md, "Slices").
    @Suite struct NginxSliceTests {
        typealias H = SyncHarness

        private static let checkoutFrench = "Packages/Features/Sources/Checkout/Resources/fr.lproj/Localizable.strings"

        private func manifest(_ site: H.ExampleSite) throws -> Manifest {
            try Manifest(bytes: Data(contentsOf: site.publication.versionFolder.appendingPathComponent("manifest.json")))
        }

        private func status(_ site: H.ExampleSite, languages: String) async throws -> [String: [String: Any]] {
            let result = try await H.cli(["status", "--into", site.storage.path, "--app-version", H.appVersion,
                                    "--languages", languages, "--json"])
            #expect(result.status == 0, "\(result.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            var modules: [String: [String: Any]] = [:]
            for case let module as [String: Any] in object["modules"] as? [Any] ?? [] {
                modules[module["name"] as? String ?? ""] = module
            }
            return modules
        }

        private func zipURIs(_ requests: [NginxServer.Request]) -> [String] {
            requests.map(\.uri).filter { $0.hasSuffix(".zip") }.sorted()
        }

        @Test func aGermanDeviceInstallsBaseAndGermanAndAFrenchFixCostsItNothing() async throws {
            let site = try H.ExampleSite()
            defer { site.remove() }
            try await site.publish(at: "2026-01-01T00:00:00Z")
            let first = try manifest(site)
            #expect(first.modules.allSatisfy { $0.slices != nil })

            // A device with only German: base + de of each module, nothing else.
            let (result, report) = try await H.sync(site.server.baseURL, into: site.storage.url, extraArguments: ["--languages", "de"])
            #expect(result.status == 0, "\(result.stderr)")
            let expected = first.modules.flatMap { ["/1.0.0/" + $0.slices!.base.path, "/1.0.0/" + $0.slices!.localizations["de"]!.path] }
            #expect(zipURIs(site.server.requests()) == expected.sorted())
            let sliceBytes = first.modules.reduce(Int64(0)) { $0 + $1.slices!.base.size + $1.slices!.localizations["de"]!.size }
            #expect(report["bytesDownloaded"] as? Int == Int(sliceBytes))
            // Two of seven localizations (en in base, de): well under half of the full ZIPs' bytes.
            #expect(sliceBytes * 2 < first.modules.reduce(Int64(0)) { $0 + $1.size })
            #expect(try await H.lookup(site.storage.url, module: "Checkout", localization: "de", key: "cart.title").stdout == "Dein Warenkorb\n")
            #expect(try await H.lookup(site.storage.url, module: "Checkout", localization: "en", key: "cart.title").status == 0)
            #expect(try await H.lookup(site.storage.url, module: "Checkout", localization: "fr", key: "cart.title").status == 1)
            let german = try await status(site, languages: "de")
            #expect(german.count == first.modules.count)
            #expect(german.values.allSatisfy { $0["covered"] as? Bool == true })
            #expect(german["Checkout"]?["slices"] as? [String] == ["en", "de"])
            // Attribution: each module's manifest entry sha256 (the full ZIP's), not its folder's name.
            for module in first.modules {
                let content = german[module.name]?["installedContent"] as? [String: Any]
                #expect(content?["sha256"] as? String == module.sha256 && content?["rolloutID"] is NSNull, "\(module.name)")
                #expect(german[module.name]?["folder"] as? String != module.sha256, "\(module.name)")
            }
            // the text printed the folder's hash where promote and verify print the entry's sha256; both,
            // labelled, now.
            let text = try await H.cli(["status", "--into", site.storage.path, "--app-version", H.appVersion, "--languages", "de"])
            let width = first.modules.map(\.name.count).max() ?? 0
            let lines = first.modules.sorted { $0.name < $1.name }.map { module in
                let folder = (german[module.name]?["folder"] as? String ?? "").prefix(16)
                return "  " + module.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  covered      sha256 "
                    + module.sha256.prefix(16) + "  folder \(folder)  slices en,de"
            }
            #expect(text.stdout == lines.joined(separator: "\n") + "\n", "\(text.stdout)")

            // A fix in French: the German device fetches the index's root alone (its base and German parts did not
            // change), and no ZIP.
            try site.publication.edit(Self.checkoutFrench, replacing: "\"Votre panier\"", with: "\"Votre chariot\"")
            try await site.publish(at: "2026-01-02T00:00:00Z")
            let second = try manifest(site)
            let checkout = (first.modules.first { $0.name == "Checkout" }!, second.modules.first { $0.name == "Checkout" }!)
            #expect(checkout.0.slices!.localizations["fr"] != checkout.1.slices!.localizations["fr"])
            #expect(checkout.0.slices!.localizations["de"] == checkout.1.slices!.localizations["de"])
            #expect(checkout.0.slices!.base == checkout.1.slices!.base)
            var before = site.server.requests().count
            let (fixResult, fixReport) = try await H.sync(site.server.baseURL, into: site.storage.url, extraArguments: ["--languages", "de"])
            #expect(fixResult.status == 0, "\(fixResult.stderr)")
            let fixRequests = Array(site.server.requests().dropFirst(before))
            #expect(fixRequests.map(\.uri) == ["/1.0.0/index.json"])
            let rootBytes = try Data(contentsOf: site.publication.versionFolder.appendingPathComponent("index.json")).count
            #expect(fixRequests.first?.bodyBytes == rootBytes)
            #expect(fixReport["bytesDownloaded"] as? Int == 0)
            #expect(fixReport["skipped"] as? Int == second.modules.count)

            // The user switches to French: nothing installed covers it until the next sync.
            let french = try await status(site, languages: "fr")
            #expect(french.values.allSatisfy { $0["covered"] as? Bool == false })
            before = site.server.requests().count
            let (switchResult, switchReport) = try await H.sync(site.server.baseURL, into: site.storage.url, extraArguments: ["--languages", "fr"])
            #expect(switchResult.status == 0, "\(switchResult.stderr)")
            // Only the French slices, the index's French part and, as modules are installed, its full part (which
            // names each module's entry sha256, for attribution): base is copied from the installed folder, the base
            // part comes from the device's cache.
            let frenchSlices = second.modules.map { "/1.0.0/" + $0.slices!.localizations["fr"]!.path }
            let switchRequests = Array(site.server.requests().dropFirst(before))
            #expect(zipURIs(switchRequests) == frenchSlices.sorted())
            #expect(switchRequests.filter { $0.uri.hasSuffix(".json.gz") }.map { $0.uri.split(separator: "-").prefix(2).joined(separator: "-") }
                == ["/1.0.0/index-fr", "/1.0.0/index-full"])
            #expect(switchReport["updated"] as? Int == second.modules.count)
            let switched = try await status(site, languages: "fr")
            #expect(switched.values.allSatisfy { $0["covered"] as? Bool == true })
            for module in second.modules {
                #expect((switched[module.name]?["installedContent"] as? [String: Any])?["sha256"] as? String == module.sha256, "\(module.name)")
            }
            #expect(try await H.lookup(site.storage.url, module: "Checkout", localization: "fr", key: "cart.title").stdout == "Votre chariot\n")
            #expect(try await H.lookup(site.storage.url, module: "Checkout", localization: "de", key: "cart.title").status == 1)
            #expect(try await H.lookup(site.storage.url, module: "Checkout", localization: "en", key: "cart.title").status == 0)

            // fr-CA needs fr-CA and its parent fr.
            before = site.server.requests().count
            #expect(try await H.sync(site.server.baseURL, into: site.storage.url, extraArguments: ["--languages", "fr-CA"]).result.status == 0)
            let canadian = second.modules.map { "/1.0.0/" + $0.slices!.localizations["fr-CA"]!.path }
            #expect(zipURIs(Array(site.server.requests().dropFirst(before))) == canadian.sorted())
            #expect(try await status(site, languages: "fr-CA")["Checkout"]?["slices"] as? [String] == ["en", "fr", "fr-CA"])
        }
    }
}
