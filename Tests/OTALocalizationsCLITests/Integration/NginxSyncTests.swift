import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing
import OTALocalizationsTooling
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every suite that starts nginx, nested here so that they run one test at a time (the trait is inherited): the
/// slow-server tests follow downloads through nginx's own counters and must not compete with other downloads through
/// it. Their waits for tools suspend the test's task (`ExternalTool.run` waits on a thread of its own), so they run
/// beside every other suite, ``S3IntegrationTests`` included.
@Suite(.serialized) enum NginxIntegrationTests {}

/// Every suite that uses moto (an S3 API) and runs the real AWS CLI, one test at a time, all on one moto server the
/// trait starts for the run (``SharedMotoServer``; each test empties it first): each `aws` call is a Python process of
/// about a second of CPU, and two such tests at once would only share the same two cores.
@Suite(.serialized, .sharedMotoServer) enum S3IntegrationTests {}

extension NginxIntegrationTests {
    /// The service end to end: the built `ota-localizations sync`/`delete`/`lookup` against a real nginx, checked
    /// against nginx's access log and the files on disk. Each test starts its own nginx.
    @Suite struct NginxSyncTests {
        typealias H = SyncHarness

        private static let firstPublish = "2026-01-01T00:00:00Z"
        private static let secondPublish = "2026-01-02T00:00:00Z"
        private static let thirdPublish = "2026-01-03T00:00:00Z"
        private static let checkoutGerman = "Packages/Features/Sources/Checkout/Resources/de.lproj/Localizable.strings"

        private func zipRequests(_ requests: [NginxServer.Request]) -> [NginxServer.Request] {
            requests.filter { $0.uri.hasSuffix(".zip") }
        }

        // MARK: 1, 2

        @Test func firstSyncInstallsEveryModuleAndLookupReturnsThePackagedValues() async throws {
            let site = try H.ExampleSite()
            defer { site.remove() }
            let (server, publication, storage) = (site.server, site.publication, site.storage)
            let published = try await site.publish(at: Self.firstPublish)

            let temporary = try TemporaryDirectory("tmpdir")
            defer { temporary.remove() }
            var environment = ProcessInfo.processInfo.environment
            environment["TMPDIR"] = temporary.path
            let result = try await ExternalTool.run(
                TestPaths.cliExecutable.path,
                ["sync", "--base-url", server.baseURL, "--app-version", H.appVersion, "--into", storage.path, "--json"],
                environment: environment)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])

            #expect(result.status == 0, "\(result.stderr)")
            // Exactly the documented object, keys in its order (durations vary, so they are zeroed here).
            let sizes = try published.map { try Int(ExternalTool.runBlocking("stat", ["-c", "%s", publication.versionFolder.appendingPathComponent($0.path).path]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 }
            let moduleObjects = zip(published, sizes).map { module, size in
                "{\"name\":\"\(module.name)\",\"outcome\":\"updated\",\"bytes\":\(size),\"durationMs\":0,\"reason\":null,\"code\":null}"
            }
            let expected = "{\"manifest\":\"updated\",\"error\":null,\"stateSaved\":true,\"updated\":\(published.count),"
                + "\"skipped\":0,\"failed\":0,\"removed\":0,\"bytesDownloaded\":\(sizes.reduce(0, +)),"
                + "\"modules\":[\(moduleObjects.joined(separator: ","))]}\n"
            let zeroed = result.stdout.replacingOccurrences(of: #""durationMs":[0-9]+"#, with: "\"durationMs\":0", options: .regularExpression)
            #expect(zeroed == expected)
            // Foundation's default on Linux was `ota-localizations (unknown version) curl/…`.
            let version = try await ExternalTool.run(TestPaths.cliExecutable.path, ["--version"]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let agents = server.userAgents()
            #expect(!agents.isEmpty && Set(agents) == ["OTALocalizations/\(version)"], "\(agents)")
            // URLSession left no temporary file behind (data tasks: on Linux `download(for:)` leaves its file in
            // `NSTemporaryDirectory()` after the call).
            #expect(H.entries(temporary.url) == [])
            #expect(report["manifest"] as? String == "updated")
            #expect(report["stateSaved"] as? Bool == true)
            #expect(report["updated"] as? Int == published.count)
            #expect(report["bytesDownloaded"] as? Int == sizes.reduce(0, +))
            let requests = server.requests()
            // The index's root, then its base and full parts (the CLI installs every localization: the full ZIPs).
            #expect(requests.first == .init(method: "GET", uri: "/1.0.0/index.json", status: 200,
                                            bodyBytes: try manifestSize(publication), ifNoneMatch: nil))
            #expect(requests.dropFirst().prefix(2).map { $0.uri.split(separator: "-").prefix(2).joined(separator: "-") }
                    == ["/1.0.0/index-base", "/1.0.0/index-full"])
            #expect(!requests.contains { $0.uri.hasSuffix("/manifest.json") })
            #expect(Set(zipRequests(requests).map(\.uri)) == Set(published.map { "/1.0.0/" + $0.path }))
            #expect(zipRequests(requests).count == published.count)
            #expect(requests.allSatisfy { $0.status == 200 })
            try await H.expectInstalled(published, from: publication.versionFolder, into: storage.url)
            #expect(H.entries(storage.url.appendingPathComponent("1.0.0/tmp")).isEmpty)

            // lookup equals Python's reading of each published ZIP's tables.
            var checked = 0
            for module in published {
                let extracted = try await H.unzipped(publication.versionFolder.appendingPathComponent(module.path))
                defer { extracted.remove() }
                for sample in try await H.sampledValues(bundle: extracted.url) {
                    let lookup = try await H.lookup(storage.url, module: module.name, localization: sample.localization,
                                              key: sample.key, table: sample.table)
                    // A plural entry's forms follow its format string on the next lines.
                    #expect(lookup.status == 0 && lookup.stdout.hasPrefix(sample.value + "\n"),
                            "\(module.name) \(sample.localization) \(sample.table) \(sample.key): \(lookup.stdout) \(lookup.stderr)")
                    checked += 1
                }
            }
            #expect(checked > 40)
            // A value read by eye from the example's file, and a stringsdict format key.
            await #expect(try H.lookup(storage.url, module: "Checkout", localization: "de", key: "cart.title").stdout == "Dein Warenkorb\n")
            let missing = try await H.lookup(storage.url, module: "Checkout", localization: "de", key: "no.such.key")
            #expect(missing.status == 1 && missing.stdout.isEmpty && missing.stderr.contains("no.such.key"))
            let notInstalled = try await H.lookup(storage.url, module: "Nope", localization: "de", key: "cart.title")
            #expect(notInstalled.status == 1 && notInstalled.stderr.contains("not installed"))
        }

        @Test func secondSyncIsOneRequestAnswered304WithZeroZipBytes() async throws {
            let site = try H.ExampleSite()
            defer { site.remove() }
            let (server, storage) = (site.server, site.storage)
            let published = try await site.publish(at: Self.firstPublish)
            await #expect(try H.sync(server.baseURL, into: storage.url).result.status == 0)
            let before = server.requests().count
            let snapshot = H.snapshot(storage.url)

            let (result, report) = try await H.sync(server.baseURL, into: storage.url)

            #expect(result.status == 0, "\(result.stderr)")
            let new = Array(server.requests().dropFirst(before))
            // nginx's ETag is "<mtime hex>-<size hex>" of the file (ngx_http_core_module, `etag`).
            let manifest = server.webRoot.appendingPathComponent("1.0.0/index.json")
            let stat = try await ExternalTool.run("stat", ["-c", "%Y %s", manifest.path]).stdout.split(separator: " ")
            let etag = "\"\(String(Int(stat[0])!, radix: 16))-\(String(Int(stat[1].trimmingCharacters(in: .whitespacesAndNewlines))!, radix: 16))\""
            #expect(new == [.init(method: "GET", uri: "/1.0.0/index.json", status: 304, bodyBytes: 0, ifNoneMatch: etag)])
            #expect(report["manifest"] as? String == "notModified")
            #expect(report["bytesDownloaded"] as? Int == 0)
            #expect(report["skipped"] as? Int == published.count)
            #expect(report["updated"] as? Int == 0 && report["failed"] as? Int == 0)
            #expect(H.snapshot(storage.url) == snapshot)

            // The same cycle as a human summary: one line per module.
            let human = try await H.cli(["sync", "--base-url", server.baseURL, "--app-version", H.appVersion, "--into", storage.path])
            #expect(human.status == 0)
            #expect(human.stdout == """
                Manifest: notModified, state unchanged
                0 updated, 4 skipped, 0 failed, 0 removed, 0 bytes downloaded
                  Checkout   skipped  0 bytes  0 ms
                  Profile    skipped  0 bytes  0 ms
                  SampleApp  skipped  0 bytes  0 ms
                  Search     skipped  0 bytes  0 ms

                """)
        }

        @Test func aHostWithoutETagsGetsAHintAndTheSameJSON() async throws {
            let site = try H.ExampleSite()
            defer { site.remove() }
            let (server, storage) = (site.server, site.storage)
            try await site.publish(at: Self.firstPublish)
            await #expect(try H.sync(server.noETagBaseURL, into: storage.url).result.status == 0)
            // No validator was stored, so the next cycle asks without If-None-Match and gets the whole manifest again.
            let before = server.requests().count
            let human = try await H.cli(["sync", "--base-url", server.noETagBaseURL, "--app-version", H.appVersion, "--into", storage.path])
            #expect(human.status == 0)
            let new = Array(server.requests().dropFirst(before))
            // The index's parts that did not change are not asked for again.
            #expect(new.map(\.uri) == ["/no-etag/1.0.0/index.json"] && new.first?.status == 200 && new.first?.ifNoneMatch == nil)
            let lines = human.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "Manifest: updated, state saved")
            #expect(lines.last == "hint: the host sent index.json without an ETag, so the client cannot revalidate it: every cycle downloads the whole manifest again and reports it updated. Serve it with an ETag (docs/hosting.md, \"Cache-Control and ETags\").")
            // --json is the report alone, unchanged; a host that sends ETags gets no hint.
            let json = try await H.sync(server.noETagBaseURL, into: storage.url)
            #expect(!json.result.stdout.contains("hint") && json.report["manifest"] as? String == "updated")
            let withETag = try await H.cli(["sync", "--base-url", server.baseURL, "--app-version", H.appVersion, "--into", storage.path])
            #expect(withETag.status == 0 && !withETag.stdout.contains("hint:"))
        }

        // MARK: 3

        @Test func oneChangedStringFetchesExactlyThatModule() async throws {
            let site = try H.ExampleSite()
            defer { site.remove() }
            let (server, publication, storage) = (site.server, site.publication, site.storage)
            let first = try await site.publish(at: Self.firstPublish)
            await #expect(try H.sync(server.baseURL, into: storage.url).result.status == 0)
            try publication.edit(Self.checkoutGerman, replacing: "\"Dein Warenkorb\"", with: "\"Ihr Warenkorb\"")
            let second = try await site.publish(at: Self.secondPublish)
            let changed = second.filter { module in !first.contains(module) }
            #expect(changed.map(\.name) == ["Checkout"])
            let before = server.requests().count

            let (result, report) = try await H.sync(server.baseURL, into: storage.url)

            #expect(result.status == 0, "\(result.stderr)")
            let new = Array(server.requests().dropFirst(before))
            // The root and the full part (a full ZIP's hash changed) then the ZIP: the base part did not change.
            #expect(new.map(\.uri) == ["/1.0.0/index.json", try fullPart(publication), "/1.0.0/" + changed[0].path])
            #expect(new.map(\.status) == [200, 200, 200])
            let modules = H.modules(report)
            #expect(modules["Checkout"]?.outcome == "updated")
            #expect(modules.filter { $0.value.outcome == "skipped" }.keys.sorted() == ["Profile", "SampleApp", "Search"])
            #expect(report["bytesDownloaded"] as? Int == new[2].bodyBytes)
            #expect(report["stateSaved"] as? Bool == true)
            try await H.expectInstalled(second, from: publication.versionFolder, into: storage.url)
            await #expect(try H.lookup(storage.url, module: "Checkout", localization: "de", key: "cart.title").stdout == "Ihr Warenkorb\n")
        }

        // MARK: 4

        @Test func corruptedZipFailsOnlyThatModuleAndTheNextCycleHeals() async throws {
            let site = try H.ExampleSite()
            defer { site.remove() }
            let (server, publication, storage) = (site.server, site.publication, site.storage)
            let first = try await site.publish(at: Self.firstPublish)
            await #expect(try H.sync(server.baseURL, into: storage.url).result.status == 0)
            let stateBefore = try Data(contentsOf: storage.url.appendingPathComponent("1.0.0/state.json"))
            try publication.edit(Self.checkoutGerman, replacing: "\"Dein Warenkorb\"", with: "\"Ihr Warenkorb\"")
            let second = try await site.publish(at: Self.secondPublish)
            let checkout = try #require(second.first { $0.name == "Checkout" })
            let served = server.webRoot.appendingPathComponent("1.0.0/" + checkout.path)
            let good = try Data(contentsOf: served)
            var bad = good
            for index in stride(from: 40, to: bad.count - 40, by: 97) { bad[index] ^= 0x5A }
            try bad.write(to: served)
            let oldCheckout = try #require(first.first { $0.name == "Checkout" })

            let (result, report) = try await H.sync(server.baseURL, into: storage.url)

            #expect(result.status == 0, "\(result.stderr)")
            let modules = H.modules(report)
            #expect(modules["Checkout"]?.outcome == "failed")
            #expect(modules["Checkout"]?.reason != nil)
            #expect(modules.filter { $0.value.outcome == "skipped" }.keys.sorted() == ["Profile", "SampleApp", "Search"])
            #expect(report["failed"] as? Int == 1 && report["stateSaved"] as? Bool == false)
            #expect(try Data(contentsOf: storage.url.appendingPathComponent("1.0.0/state.json")) == stateBefore)
            try await H.expectInstalled(first, from: publication.versionFolder, into: storage.url)
            #expect(H.entries(H.moduleFolder(storage.url, "Checkout")) == ["current", oldCheckout.sha256].sorted())
            await #expect(try H.lookup(storage.url, module: "Checkout", localization: "de", key: "cart.title").stdout == "Dein Warenkorb\n")

            // The file is fixed: the next cycle gets a 200 again (the saved ETag is the old manifest's) and installs
            // only Checkout.
            try good.write(to: served)
            let before = server.requests().count
            let (healed, healedReport) = try await H.sync(server.baseURL, into: storage.url)
            #expect(healed.status == 0, "\(healed.stderr)")
            let new = Array(server.requests().dropFirst(before))
            // The state was not saved: the root is read again (its parts come from the device's cache).
            #expect(new.map(\.uri) == ["/1.0.0/index.json", "/1.0.0/" + checkout.path])
            #expect(new.map(\.status) == [200, 200])
            #expect(H.modules(healedReport)["Checkout"]?.outcome == "updated")
            #expect(healedReport["stateSaved"] as? Bool == true)
            try await H.expectInstalled(second, from: publication.versionFolder, into: storage.url)
            await #expect(try H.lookup(storage.url, module: "Checkout", localization: "de", key: "cart.title").stdout == "Ihr Warenkorb\n")
        }

        // MARK: 5

        @Test func serverErrorsRefusedConnectionsAndTimeoutsLeaveTheStorageRootUnchanged() async throws {
            let site = try H.ExampleSite()
            defer { site.remove() }
            let (server, publication, storage) = (site.server, site.publication, site.storage)
            try await site.publish(at: Self.firstPublish)
            await #expect(try H.sync(server.baseURL, into: storage.url).result.status == 0)
            // A newer publish, so a working server would have something to install.
            try publication.edit(Self.checkoutGerman, replacing: "\"Dein Warenkorb\"", with: "\"Ihr Warenkorb\"")
            try await site.publish(at: Self.secondPublish)
            let snapshot = H.snapshot(storage.url)
            #expect(snapshot.count > 20)

            let refusedPort = try LoopbackSocket.freePort()
            let silent = try LoopbackSocket.silentListener()
            defer { close(silent.descriptor) }
            let cases: [(base: String, timeout: String?, error: String, uri: String?)] = [
                (server.errorBaseURL, nil, "manifest HTTP status 500", "/error/1.0.0/index.json"),
                (server.baseURL + "missing/", nil, "manifest HTTP status 404", "/missing/1.0.0/index.json"),
                ("http://127.0.0.1:\(refusedPort)/", nil, "cannot-connect", nil),
                ("http://127.0.0.1:\(silent.port)/", "1", "timed-out", nil),
                ("http://127.0.0.1:\(silent.port)/", "0.5", "timed-out", nil),
            ]
            for item in cases {
                let before = server.requests().count
                let startedAt = Date()
                let (result, report) = try await H.sync(item.base, into: storage.url, timeout: item.timeout)
                if let timeout = item.timeout {
                    // Not before the timeout (Linux truncates 0.5 s to 0: the transport rounds up).
                    #expect(Date().timeIntervalSince(startedAt) >= Double(timeout)!)
                }
                #expect(result.status == 1, "\(item.base): \(result.stdout) \(result.stderr)")
                #expect(report["manifest"] as? String == "failed")
                let error = report["error"] as? String ?? ""
                #expect(error.contains(item.error), "\(item.base): \(error)")
                #expect(report["stateSaved"] as? Bool == false)
                #expect((report["modules"] as? [Any])?.isEmpty == true)
                #expect(report["bytesDownloaded"] as? Int == 0)
                #expect(H.snapshot(storage.url) == snapshot, "\(item.base) changed the storage root")
                let new = Array(server.requests().dropFirst(before))
                #expect(new.map(\.uri) == (item.uri.map { [$0] } ?? []))
            }
        }

        // MARK: Redirects

        @Test func redirectsAreFollowedOnlyToTheSameScheme() async throws {
            let site = try H.ExampleSite()
            defer { site.remove() }
            let (server, publication, storage) = (site.server, site.publication, site.storage)
            let published = try await site.publish(at: Self.firstPublish)

            // Ten times: refusing by also cancelling the task used to crash FoundationNetworking about every other run.
            for _ in 0..<10 {
                let (refused, refusedReport) = try await H.sync(server.baseURL + "to-https/", into: storage.url)

                #expect(refused.status == 1, "\(refused.stderr.prefix(300))")
                #expect((refusedReport["error"] as? String ?? "").contains("redirect-refused"), "\(refused.stdout)")
                // Nothing but the refused cycles' reports, kept for the QA snapshot.
                #expect(H.entries(storage.url) == [".ota-cycle-reports.json", ".ota-localizations.lock"])
            }
            #expect(server.requests().map(\.status) == Array(repeating: 302, count: 10))

            let (moved, movedReport) = try await H.sync(server.baseURL + "moved/", into: storage.url)

            #expect(moved.status == 0, "\(moved.stdout) \(moved.stderr)")
            #expect(movedReport["updated"] as? Int == published.count)
            let requests = Array(server.requests().dropFirst(10))
            // Every file is redirected once: the root, the base and full parts, every ZIP.
            #expect(requests.filter { $0.status == 302 }.count == published.count + 3)
            #expect(requests.filter { $0.status == 200 }.map(\.uri).allSatisfy { $0.hasPrefix("/1.0.0/") })
            try await H.expectInstalled(published, from: publication.versionFolder, into: storage.url)
        }

        // MARK: Byte limit

        @Test func aZipLongerThanItsManifestSizeIsCutOffWhileItArrives() async throws {
            let site = try H.ExampleSite(slowBytesPerSecond: 2000)
            defer { site.remove() }
            let (server, publication, storage) = (site.server, site.publication, site.storage)
            try await publication.package(publishedAt: Self.firstPublish)
            // The manifest lies: Checkout's ZIP is announced at 1,000 bytes (in the index's full part too).
            let lying = try publication.rewrite { manifest in
                manifest.modules = manifest.modules.map { module in
                    var module = module
                    if module.name == "Checkout" { module.size = 1000 }
                    return module
                }
            }
            let checkoutPath = try #require(lying.modules.first { $0.name == "Checkout" }?.path)
            try server.publish(publication.output)
            let gzipped = try await ExternalTool.run("sh", ["-c", "gzip -c < \"$1\" | wc -c", "sh",
                                                      publication.versionFolder.appendingPathComponent(checkoutPath).path])
            let gzippedSize = try #require(Int(gzipped.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))

            // Chunked (gzip) and slow: only a limit checked as the bytes arrive can stop it early.
            let (result, report) = try await H.sync(server.gzipSlowBaseURL, into: storage.url)

            #expect(result.status == 0, "\(result.stderr)")
            let checkout = H.modules(report)["Checkout"]
            #expect(checkout?.outcome == "failed")
            #expect(checkout?.reason?.contains("body-too-large") == true, "\(checkout?.reason ?? "")")
            #expect(H.modules(report).filter { $0.value.outcome == "updated" }.count == 3)
            #expect(await Poll.until(upTo: 30) { server.responsesInProgress() == 0 })
            let request = try #require(server.requests().first { $0.uri == "/gzip-slow/1.0.0/" + checkoutPath })
            #expect(request.bodyBytes < gzippedSize / 2, "nginx sent \(request.bodyBytes) of about \(gzippedSize) bytes")
            #expect(!FileManager.default.fileExists(atPath: H.moduleFolder(storage.url, "Checkout").appendingPathComponent("current").path))

            // Served with Content-Length: refused from the header.
            let (plain, plainReport) = try await H.sync(server.baseURL, into: storage.url)
            #expect(plain.status == 0)
            #expect(H.modules(plainReport)["Checkout"]?.reason?.contains("body-too-large") == true)
        }

        // MARK: 6

        @Test func deleteDuringASlowDownloadLeavesNothingUnderTheStorageRoot() async throws {
            let site = try H.ExampleSite(slowBytesPerSecond: 1500)
            defer { site.remove() }
            let (server, publication, storage) = (site.server, site.publication, site.storage)
            let published = try await site.publish(at: Self.firstPublish)

            let sync = Process()
            sync.executableURL = TestPaths.cliExecutable
            sync.arguments = ["sync", "--base-url", server.slowBaseURL, "--app-version", H.appVersion,
                              "--into", storage.path, "--json"]
            sync.standardOutput = FileHandle.nullDevice
            sync.standardError = FileHandle.nullDevice
            try sync.run()
            defer { if sync.isRunning { kill(sync.processIdentifier, SIGKILL) } }

            // The manifest has arrived (logged) and ZIP responses are being written.
            let started = await Poll.until(upTo: 30) {
                server.requests().contains { $0.uri == "/slow/1.0.0/index.json" && $0.status == 200 }
                    && server.responsesInProgress() > 0
            }
            #expect(started)
            #expect(zipRequests(server.requests()).isEmpty, "a ZIP finished before delete; slow down the server")
            #expect(H.entries(storage.url).contains("1.0.0"))

            let delete = try await H.cli(["delete", "--into", storage.path])

            #expect(delete.status == 0, "\(delete.stderr)")
            #expect(delete.stdout == "Deleted every bundle under \(storage.path) (kept, as the app's kill switch does: the install ID, the anti-rollback record, which marks what was installed as pulled, and any crash-loop quarantine).\n")
            #expect(H.entries(storage.url) == [".ota-anti-rollback.json", ".ota-install-id"])
            await OwnThread.waitUntilExit(sync)
            #expect(sync.terminationStatus == 1)
            // nginx has logged every ZIP request it started (the connections are closed), and still nothing is there.
            #expect(await Poll.until(upTo: 30) { server.responsesInProgress() == 0 })
            #expect(zipRequests(server.requests()).allSatisfy { $0.uri.hasPrefix("/slow/") })
            #expect(zipRequests(server.requests()).count <= published.count)
            #expect(H.entries(storage.url) == [".ota-anti-rollback.json", ".ota-install-id"])
            // What the delete pulled stays pulled: the same publish is stale; a newer one installs everything again.
            let (again, againReport) = try await H.sync(server.baseURL, into: storage.url)
            #expect(again.status == 0)
            #expect(againReport["manifest"] as? String == "stale")
            let republished = try await site.publish(at: Self.secondPublish)
            await #expect(try H.sync(server.baseURL, into: storage.url).result.status == 0)
            try await H.expectInstalled(republished, from: publication.versionFolder, into: storage.url)
            #expect(Set(republished.map(\.sha256)) == Set(published.map(\.sha256)), "the same content, published later")
        }

        // MARK: Lock

        @Test func twoSyncsAtOnceSerializeOnTheLock() async throws {
            let site = try H.ExampleSite(slowBytesPerSecond: 8000)
            defer { site.remove() }
            let (server, publication, storage) = (site.server, site.publication, site.storage)
            let published = try await site.publish(at: Self.firstPublish)

            func start() throws -> (Process, Pipe) {
                let process = Process()
                process.executableURL = TestPaths.cliExecutable
                process.arguments = ["sync", "--base-url", server.slowBaseURL, "--app-version", H.appVersion,
                                     "--into", storage.path, "--json"]
                let pipe = Pipe()
                process.standardOutput = pipe
                process.standardError = FileHandle.nullDevice
                try process.run()
                return (process, pipe)
            }
            let (first, firstOut) = try start()
            // The first holds the lock (its pid is in the lock file) before the second starts.
            #expect(await Poll.until(upTo: 30) {
                String(decoding: FileManager.default.contents(atPath: storage.url.appendingPathComponent(".ota-localizations.lock").path) ?? Data(), as: UTF8.self)
                    == "\(first.processIdentifier) sync\n"
            })
            let (second, secondOut) = try start()
            let firstReport = await OwnThread.readToEnd(firstOut.fileHandleForReading)
            let secondReport = await OwnThread.readToEnd(secondOut.fileHandleForReading)
            await OwnThread.waitUntilExit(first)
            await OwnThread.waitUntilExit(second)
            #expect(first.terminationStatus == 0 && second.terminationStatus == 0)
            let a = try #require(try JSONSerialization.jsonObject(with: firstReport) as? [String: Any])
            let b = try #require(try JSONSerialization.jsonObject(with: secondReport) as? [String: Any])
            #expect(a["manifest"] as? String == "updated" && a["updated"] as? Int == published.count)
            // The second ran after the first had saved its state: one conditional request, answered 304.
            #expect(b["manifest"] as? String == "notModified" && b["bytesDownloaded"] as? Int == 0)
            let requests = server.requests()
            #expect(zipRequests(requests).count == published.count)
            #expect(requests.filter { $0.uri.hasSuffix("/index.json") }.map(\.status) == [200, 304])
            try await H.expectInstalled(published, from: publication.versionFolder, into: storage.url)
        }

        /// The size of the published index's root, the first file a device reads.
        private func manifestSize(_ publication: H.Publication) throws -> Int {
            try Data(contentsOf: publication.versionFolder.appendingPathComponent("index.json")).count
        }

        /// The URI of the published index's full part.
        private func fullPart(_ publication: H.Publication) throws -> String {
            let root = try ManifestIndex(bytes: Data(contentsOf: publication.versionFolder.appendingPathComponent("index.json")))
            return "/1.0.0/" + root.parts.full.path
        }
    }
}
