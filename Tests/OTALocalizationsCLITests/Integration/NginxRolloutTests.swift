import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing

extension NginxIntegrationTests {
    /// A staged rollout end to end: manifests written with the Core model (0% → 10% → 50% → finished) on nginx,
    /// four storage roots (devices) with known install IDs, each synced with the built `ota-localizations sync`.
    @Suite struct NginxRolloutTests {
        typealias H = SyncHarness

        private static let rolloutID = "checkout-copy"
        private static let checkoutEnglish = "Packages/Features/Sources/Checkout/Resources/en.lproj/Localizable.strings"
        /// Install IDs whose buckets in `checkout-copy` are 999, 1000, 4999 and 5000 (found with Python's `hashlib`,
        /// checked again below).
        private static let devices = [
            (bucket: 999, installID: "6c71a1c7087a856d047626531fb14880"),
            (bucket: 1000, installID: "4a30d35d98353e5fcd31157c08143591"),
            (bucket: 4999, installID: "2eb8f52ee284dc5441daa119ac4bc1b3"),
            (bucket: 5000, installID: "811c91e1692aecc93d180fe36239c751"),
        ]

        @Test func growingFromZeroToTenToFiftyPercentThenFinishingSwitchesExactlyTheDevicesBelowEachThreshold() async throws {
            let site = try H.ExampleSite()
            defer { site.remove() }
            let (server, publication) = (site.server, site.publication)
            for device in Self.devices {
                let script = "import hashlib, sys; print(int.from_bytes(hashlib.sha256(sys.argv[1].encode()).digest()[:4], 'big') % 10000)"
                let bucket = try await ExternalTool.python(script, ["\(Self.rolloutID):\(device.installID)"])
                #expect(bucket == "\(device.bucket)\n")
            }

            // The stable publish, then the new copy of Checkout packaged beside it (ZIPs stay, the manifest is replaced).
            try await publication.package(publishedAt: "2026-01-01T00:00:00Z")
            let stable = try manifest(publication)
            try publication.edit(Self.checkoutEnglish, replacing: "\"cart.title\" = \"Your Cart\";", with: "\"cart.title\" = \"Your Basket\";")
            try await publication.package(publishedAt: "2026-01-02T00:00:00Z")
            let copy = try #require(try manifest(publication).modules.first { $0.name == "Checkout" })
            let stableCheckout = try #require(stable.modules.first { $0.name == "Checkout" })
            #expect(copy.sha256 != stableCheckout.sha256)

            let roots = try Self.devices.map { device -> TemporaryDirectory in
                let root = try TemporaryDirectory("device")
                try Data((device.installID + "\n").utf8).write(to: root.url.appendingPathComponent(".ota-install-id"))
                return root
            }
            defer { roots.forEach { $0.remove() } }

            // Each step: the percent (nil: finished, the copy is the stable entry), the buckets that must be in.
            let steps: [(basisPoints: Int?, publishedAt: String, inside: Set<Int>)] = [
                (0, "2026-01-03T00:00:00Z", []),
                (1000, "2026-01-04T00:00:00Z", [999]),
                (5000, "2026-01-05T00:00:00Z", [999, 1000, 4999]),
                (nil, "2026-01-06T00:00:00Z", []),
            ]
            var previous: [String: String] = [:]
            for step in steps {
                var next = stable
                next.publishedAtTimestamp = try #require(ManifestDate.parseTimestamp(step.publishedAt))
                if let basisPoints = step.basisPoints {
                    next.rollout = ManifestRollout(id: Self.rolloutID, basisPoints: basisPoints, modules: [copy])
                } else {
                    next.modules = next.modules.map { $0.name == "Checkout" ? copy : $0 }
                }
                try publication.write(next)
                try server.publish(publication.output)

                for (device, root) in zip(Self.devices, roots) {
                    let label = "\(step.basisPoints.map(String.init) ?? "finished") bucket \(device.bucket)"
                    let (result, report) = try await H.sync(server.baseURL, into: root.url)
                    #expect(result.status == 0, "\(label): \(result.stderr)")
                    #expect(report["manifest"] as? String == "updated" && report["stateSaved"] as? Bool == true, "\(label)")
                    let inside = step.inside.contains(device.bucket)
                    let expected = step.basisPoints == nil || inside ? copy.sha256 : stableCheckout.sha256
                    if let basisPoints = step.basisPoints {
                        let rollout = report["rollout"] as? [String: Any]
                        #expect(rollout?["id"] as? String == Self.rolloutID, "\(label)")
                        #expect((rollout?["percent"] as? NSNumber)?.intValue == basisPoints / 100, "\(label)")
                        #expect(rollout?["includesThisDevice"] as? Bool == inside, "\(label)")
                    } else {
                        #expect(report["rollout"] == nil, "\(label)")
                    }
                    // Checkout switches only when its SHA-256 changes for this device; no other module moves.
                    let modules = H.modules(report)
                    let checkout = modules["Checkout"]?.outcome
                    #expect(checkout == (previous[device.installID] == expected ? "skipped" : "updated"), "\(label)")
                    #expect(modules.filter { $0.key != "Checkout" && $0.value.outcome != (previous[device.installID] == nil ? "updated" : "skipped") }.isEmpty, "\(label)")
                    previous[device.installID] = expected

                    // On disk: `current`, checked against sha256sum of the published ZIP, and the rollout record.
                    let entry = expected == copy.sha256 ? copy : stableCheckout
                    try await H.expectInstalled([H.PublishedModule(name: "Checkout", path: entry.path, sha256: entry.sha256)],
                                          from: publication.versionFolder, into: root.url)
                    let record = FileManager.default.contents(atPath: H.moduleFolder(root.url, "Checkout").appendingPathComponent("rollout").path)
                    #expect(record == (inside ? Data("\(copy.sha256) \(Self.rolloutID)\n".utf8) : nil), "\(label)")
                    let title = try await H.lookup(root.url, module: "Checkout", localization: "en", key: "cart.title").stdout
                    #expect(title == (expected == copy.sha256 ? "Your Basket\n" : "Your Cart\n"), "\(label)")
                }
                if step.basisPoints == 5000 {
                    // The text report of a 304 names the stored rollout and this root's side of it.
                    for (root, side) in [(roots[2], "in it (it uses the rollout's modules)"), (roots[3], "not in it (it uses the stable modules)")] {
                        let text = try await H.cli(["sync", "--base-url", server.baseURL, "--app-version", H.appVersion, "--into", root.path])
                        #expect(text.stdout.hasPrefix("Manifest: notModified, state unchanged\nRollout checkout-copy at 50%: this storage root is \(side)\n"), "\(text.stdout)")
                    }
                }
            }
            // The install IDs never left the devices.
            let requests = server.requests()
            #expect(!requests.isEmpty)
            for device in Self.devices {
                #expect(!requests.contains { $0.uri.contains(device.installID) || ($0.ifNoneMatch ?? "").contains(device.installID) })
            }
        }

        @Test func syncChannelReadsTheChannelsManifestAndRefusesAnotherChannels() async throws {
            let site = try H.ExampleSite()
            defer { site.remove() }
            let (server, publication, storage) = (site.server, site.publication, site.storage)
            try await publication.package(publishedAt: "2026-01-01T00:00:00Z")
            var staging = try manifest(publication)
            staging.channel = "staging"
            try publication.write(staging)
            try server.publish(publication.output)

            let (result, report) = try await H.sync(server.baseURL, into: storage.url, extraArguments: ["--channel", "staging"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(report["manifest"] as? String == "updated" && report["stateSaved"] as? Bool == true)
            #expect(server.requests().first?.uri == "/1.0.0/index.staging.json")

            // The production files served under the staging names are refused; nothing changes.
            for (production, staged) in [("manifest.json", "manifest.staging.json"), ("index.json", "index.staging.json")] {
                try FileManager.default.removeItem(at: publication.versionFolder.appendingPathComponent(staged))
                try FileManager.default.copyItem(at: publication.versionFolder.appendingPathComponent(production),
                                                 to: publication.versionFolder.appendingPathComponent(staged))
            }
            try server.publish(publication.output)
            let snapshot = H.snapshot(storage.url)
            let refused = try await H.cli(["sync", "--base-url", server.baseURL, "--app-version", H.appVersion, "--into",
                                     storage.path, "--channel", "staging"])
            #expect(refused.status == 1)
            #expect(refused.stdout.hasPrefix("Manifest: failed (index.staging.json names the channel production, but this app reads the channel \"staging\"; nothing was installed; GET \(server.baseURL)1.0.0/index.staging.json), state not saved\n"), "\(refused.stdout)")
            #expect(H.snapshot(storage.url) == snapshot)

            let usage = try await H.cli(["sync", "--base-url", server.baseURL, "--app-version", H.appVersion, "--into",
                                   storage.path, "--channel", "Staging"])
            #expect(usage.status == 2 && usage.stderr.contains("--channel 'Staging' is not a channel name"))
        }

        /// The manifest the packager wrote into the publication, read with the Core model.
        private func manifest(_ publication: H.Publication) throws -> Manifest {
            try Manifest(bytes: Data(contentsOf: publication.versionFolder.appendingPathComponent("manifest.json")))
        }
    }
}
