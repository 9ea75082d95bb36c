import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizations
import OTALocalizationsCore
@testable import OTALocalizationsSync

typealias Report = OTALocalizationCycleReport
typealias ModuleReport = OTALocalizationCycleReport.Module

/// docs/design.md's "One update cycle", step by step, against a scripted CDN and a temporary storage root.
@Suite struct UpdateCycleTests {
    // MARK: Step 4: first install

    @Test func firstInstallWritesExactlyTheDesignedFilesAndReport() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        let profile = try SyncFixture.module("Profile")
        fixture.publish([checkout, profile])

        await fixture.makeService().start()

        var expected: Set<String> = [SyncFixture.installIDFileName, SyncFixture.antiRollbackFileName, ".ota-localizations-root.json", "1.0", "1.0/modules", "1.0/state.json", "1.0/tmp"]
        expected.formUnion(SyncFixture.installedTree(checkout))
        expected.formUnion(SyncFixture.installedTree(profile))
        expected.formUnion(try fixture.cachedBasePart())
        #expect(fixture.tree() == expected.sorted())
        for module in [checkout, profile] {
            #expect(fixture.read("1.0/modules/\(module.name)/current") == Data((module.sha256 + "\n").utf8))
            for (path, data) in module.files {
                #expect(fixture.read("1.0/modules/\(module.name)/\(module.sha256)/\(path)") == data)
            }
        }
        #expect(fixture.reports.all.count == 1)
        #expect(fixture.reports.last == Report(manifest: .updated, stateSaved: true, modules: [
            ModuleReport(name: "Checkout", outcome: .updated, bytes: Int64(checkout.zip.count)),
            ModuleReport(name: "Profile", outcome: .updated, bytes: Int64(profile.zip.count)),
        ]))
        #expect(fixture.reports.last?.bytesDownloaded == Int64(checkout.zip.count + profile.zip.count))
        // state.json holds the device's entries and the ETag the CDN sent with the index.
        let stateData = try #require(fixture.read("1.0/state.json"))
        let state = try #require(try JSONSerialization.jsonObject(with: stateData) as? [String: Any])
        #expect(fixture.transport.requestedURLs == [
            SyncFixture.url("1.0", "index.json"), try fixture.basePartURL(), SyncFixture.url("1.0", checkout.path),
            SyncFixture.url("1.0", profile.path),
        ])
        #expect(state["etag"] as? String == fixture.transport.etag(SyncFixture.url("1.0", "index.json")))
        #expect(state["source"] == nil)
        let stateModules = state["modules"] as? [[String: Any]]
        #expect(stateModules?.compactMap { ($0["full"] as? [String: Any])?["sha256"] as? String } == [checkout.sha256, profile.sha256])
        let marker = try JSONSerialization.jsonObject(with: #require(fixture.read(".ota-localizations-root.json"))) as? [String: Any]
        #expect(marker?["createdAppVersions"] as? [String] == ["1.0"])
    }

    @Test func installedBundleIsReadByTheReadSide() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout", version: 7)
        fixture.publish([checkout])
        await fixture.makeService().start()
        // The read side finds the folder the pointer names; no locale negotiation is checked (Linux Bundle).
        let layout = OTAStorageLayout(storageRoot: fixture.root, appVersion: "1.0")
        let folder = try #require(layout.activeInstallFolder(module: "Checkout"))
        #expect(folder.lastPathComponent == checkout.sha256)
        #expect(BundleDiskLoader.isReadableBundleFolder(folder))
    }

    // MARK: Step 2: not modified

    @Test func secondCycleIsOneConditionalRequestAnswered304() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        fixture.publish([checkout])
        await fixture.makeService().start()
        let before = fixture.snapshot()
        fixture.transport.clearLog()

        await fixture.makeService().start()

        #expect(fixture.transport.requests == [ScriptedTransport.Request(
            url: SyncFixture.url("1.0", "index.json"), headers: ["If-None-Match": fixture.transport.etag(SyncFixture.url("1.0", "index.json"))!])])
        #expect(fixture.reports.last == Report(manifest: .notModified, modules: [ModuleReport(name: "Checkout", outcome: .skipped)]))
        #expect(fixture.reports.last?.bytesDownloaded == 0)
        #expect(fixture.snapshot() == before)
    }

    @Test func notModifiedWithAMissingFolderRefetchesWithoutETagAndReinstalls() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        fixture.publish([checkout])
        await fixture.makeService().start()
        try FileManager.default.removeItem(at: fixture.url("1.0/modules/Checkout/\(checkout.sha256)"))
        fixture.transport.clearLog()

        await fixture.makeService().start()

        let indexURL = SyncFixture.url("1.0", "index.json")
        // The base part is read from the device's cache.
        #expect(fixture.transport.requests == [
            .init(url: indexURL, headers: ["If-None-Match": fixture.transport.etag(indexURL)!]),
            .init(url: indexURL, headers: [:]),
            .init(url: SyncFixture.url("1.0", checkout.path), headers: [:]),
        ])
        #expect(fixture.reports.last == Report(manifest: .updated, stateSaved: true, modules: [
            ModuleReport(name: "Checkout", outcome: .updated, bytes: Int64(checkout.zip.count)),
        ]))
        #expect(fixture.read("1.0/modules/Checkout/\(checkout.sha256)/Info.plist") == SyncFixture.infoPlist)
    }

    @Test func noIfNoneMatchWithoutAStoredState() async throws {
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Checkout")])
        await fixture.makeService().start()
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("1.0/state.json"))
        fixture.transport.clearLog()
        await fixture.makeService().start()
        #expect(fixture.transport.requests.first?.headers == [:])
        #expect(fixture.reports.last == Report(manifest: .updated, stateSaved: true, modules: [
            ModuleReport(name: "Checkout", outcome: .skipped),
        ]))
    }

    // MARK: Step 4: one module changed

    @Test func oneChangedModuleIsTheOnlyDownload() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        let profile1 = try SyncFixture.module("Profile", version: 1)
        fixture.publish([checkout, profile1])
        let service = fixture.makeService()
        await service.start()
        let profile2 = try SyncFixture.module("Profile", version: 2)
        fixture.publish([checkout, profile2], publishedAt: "2026-07-25T10:00:00Z")
        fixture.transport.clearLog()

        await service.start()

        #expect(fixture.transport.requestedURLs == [
            SyncFixture.url("1.0", "index.json"), try fixture.basePartURL(), SyncFixture.url("1.0", profile2.path),
        ])
        #expect(fixture.reports.last == Report(manifest: .updated, stateSaved: true, modules: [
            ModuleReport(name: "Checkout", outcome: .skipped),
            ModuleReport(name: "Profile", outcome: .updated, bytes: Int64(profile2.zip.count)),
        ]))
        #expect(fixture.read("1.0/modules/Profile/current") == Data((profile2.sha256 + "\n").utf8))
        #expect(fixture.read("1.0/modules/Profile/\(profile2.sha256)/en.lproj/Localizable.strings")
            == Data("\"greeting\" = \"Hello from Profile v2\";\n".utf8))
        // The superseded folder was installed by this process: it stays until a later process.
        #expect(fixture.exists("1.0/modules/Profile/\(profile1.sha256)/Info.plist"))
    }

    @Test func supersededFolderIsRemovedByALaterProcess() async throws {
        let fixture = try SyncFixture()
        let profile1 = try SyncFixture.module("Profile", version: 1)
        fixture.publish([profile1])
        await fixture.makeService().start()
        let profile2 = try SyncFixture.module("Profile", version: 2)
        fixture.publish([profile2], publishedAt: "2026-07-25T10:00:00Z")
        // Process 2 launched with profile1 current: installs profile2 but keeps profile1 (its launch set).
        await fixture.makeService().start()
        #expect(fixture.exists("1.0/modules/Profile/\(profile1.sha256)"))

        // Process 3 launched with profile2 current: the manifest is unchanged (304), and profile1 is collected.
        await fixture.makeService().start()
        #expect(fixture.reports.last?.manifest == .notModified)
        #expect(!fixture.exists("1.0/modules/Profile/\(profile1.sha256)"))
        #expect(fixture.exists("1.0/modules/Profile/\(profile2.sha256)/Info.plist"))
        #expect(DurableFilesProbe.children(fixture.root.appendingPathComponent("1.0/tmp")) == [])
    }

    /// An app extension's read side, in another process, wrote a reader lease (docs/design.md, "On the device") naming
    /// the folder it loaded: the app's later processes keep that folder while the lease is younger than its lifetime,
    /// and collect it, and the lease, once it is older (or dated further in the future than that, by a clock set back).
    @Test(arguments: [-1.0, 1.0])
    func aFolderALiveLeaseNamesIsKeptUntilTheLeaseIsOld(_ direction: Double) async throws {
        let fixture = try SyncFixture()
        let profile1 = try SyncFixture.module("Profile", version: 1)
        fixture.publish([profile1])
        await fixture.makeService().start()
        // The extension's lease on profile1, as its read side writes it.
        let readers = fixture.root.appendingPathComponent("1.0/readers", isDirectory: true)
        try FileManager.default.createDirectory(at: readers, withIntermediateDirectories: true)
        let lease = readers.appendingPathComponent("com.example.app.widget.lease")
        try Data("\(InstalledLayout.storageName("Profile"))/\(profile1.sha256)\n".utf8).write(to: lease)

        let profile2 = try SyncFixture.module("Profile", version: 2)
        fixture.publish([profile2], publishedAt: "2026-07-25T10:00:00Z")
        await fixture.makeService().start()
        // A later process, 304: profile1 is superseded, but leased.
        await fixture.makeService().start()
        #expect(fixture.reports.last?.manifest == .notModified)
        #expect(fixture.exists("1.0/modules/Profile/\(profile1.sha256)/Info.plist"))
        #expect(fixture.exists("1.0/readers/\(lease.lastPathComponent)"))

        // The lease outlives its lifetime (the extension has not loaded for a day): the next process collects both.
        let date = Date().addingTimeInterval(direction * (OTAStorageLayout.readerLeaseLifetimeSeconds + 60))
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: lease.path)
        await fixture.makeService().start()
        #expect(!fixture.exists("1.0/modules/Profile/\(profile1.sha256)"))
        #expect(!fixture.exists("1.0/readers/\(lease.lastPathComponent)"))
        #expect(fixture.exists("1.0/modules/Profile/\(profile2.sha256)/Info.plist"))
    }

    @Test func aReadersLinkToAnotherFolderIsMovedAsideAndNothingThereIsRemoved() async throws {
        let fixture = try SyncFixture()
        let outside = try TemporaryDirectory("readers-outside")
        defer { outside.remove() }
        let victim = outside.url.appendingPathComponent(String(repeating: "f", count: 32) + ".lease")
        try Data("unlocked, not ours\n".utf8).write(to: victim)
        try FileManager.default.createDirectory(at: fixture.url("1.0"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: fixture.url("1.0/readers"), withDestinationURL: outside.url)
        fixture.publish([try SyncFixture.module("Profile", version: 1)])

        await fixture.makeService().start()

        #expect(fixture.reports.last?.failed == 0)
        #expect(FileManager.default.fileExists(atPath: victim.path), "a file the link pointed at is not the cycle's")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: fixture.url("1.0/readers").path)) == nil)
    }

    @Test func folderLoadedAtLaunchIsNeverDeletedByThisProcess() async throws {
        let fixture = try SyncFixture()
        let v1 = try SyncFixture.module("Profile", version: 1)
        fixture.publish([v1])
        await fixture.makeService().start()
        let service = fixture.makeService()      // launch: v1 is current
        for version in 2...3 {
            fixture.publish([try SyncFixture.module("Profile", version: version)],
                            publishedAt: "2026-07-2\(version + 3)T10:00:00Z")
            await service.start()
        }
        #expect(fixture.exists("1.0/modules/Profile/\(v1.sha256)/en.lproj/Localizable.strings"))
        #expect(fixture.read("1.0/modules/Profile/\(v1.sha256)/en.lproj/Localizable.strings") == v1.files["en.lproj/Localizable.strings"])
    }

    // MARK: Per-module failure isolation and healing

    @Test func corruptBodyFailsOnlyThatModuleAndTheNextCycleHeals() async throws {
        let fixture = try SyncFixture()
        let checkout1 = try SyncFixture.module("Checkout", version: 1)
        let profile1 = try SyncFixture.module("Profile", version: 1)
        fixture.publish([checkout1, profile1])
        await fixture.makeService().start()
        let stateBefore = fixture.read("1.0/state.json")

        let checkout2 = try SyncFixture.module("Checkout", version: 2)
        let profile2 = try SyncFixture.module("Profile", version: 2)
        fixture.publish([checkout2, profile2], publishedAt: "2026-07-25T10:00:00Z")
        var corrupt = checkout2.zip
        corrupt[corrupt.count / 2] ^= 0xFF
        fixture.transport.serve(SyncFixture.url("1.0", checkout2.path), corrupt)
        await fixture.makeService().start()

        let failed = fixture.reports.last
        #expect(failed?.manifest == .updated)
        #expect(failed?.stateSaved == false)
        #expect(failed?.modules.map(\.outcome) == [.failed, .updated])
        #expect(failed?.modules.first?.reason?.hasPrefix("sha256 mismatch: received ") == true)
        #expect(fixture.read("1.0/modules/Checkout/current") == Data((checkout1.sha256 + "\n").utf8))
        #expect(fixture.read("1.0/modules/Profile/current") == Data((profile2.sha256 + "\n").utf8))
        #expect(fixture.read("1.0/state.json") == stateBefore)
        #expect(!fixture.exists("1.0/modules/Checkout/\(checkout2.sha256)"))

        // The file is fixed on the CDN: the next cycle gets a 200 (no state change) and retries only Checkout.
        fixture.transport.serve(SyncFixture.url("1.0", checkout2.path), checkout2.zip)
        fixture.transport.clearLog()
        await fixture.makeService().start()
        #expect(fixture.transport.requestedURLs == [SyncFixture.url("1.0", "index.json"), SyncFixture.url("1.0", checkout2.path)])
        #expect(fixture.reports.last == Report(manifest: .updated, stateSaved: true, modules: [
            ModuleReport(name: "Checkout", outcome: .updated, bytes: Int64(checkout2.zip.count)),
            ModuleReport(name: "Profile", outcome: .skipped),
        ]))
        #expect(fixture.read("1.0/modules/Checkout/current") == Data((checkout2.sha256 + "\n").utf8))
    }

    @Test func moduleHTTPErrorFailsOnlyThatModule() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        let profile = try SyncFixture.module("Profile")
        fixture.publish([checkout, profile])
        fixture.transport.set(SyncFixture.url("1.0", checkout.path), .status(404))
        await fixture.makeService().start()
        #expect(fixture.reports.last == Report(manifest: .updated, stateSaved: false, modules: [
            ModuleReport(name: "Checkout", outcome: .failed, bytes: Int64("<html>404</html>".utf8.count), reason: "HTTP status 404", code: .transport),
            ModuleReport(name: "Profile", outcome: .updated, bytes: Int64(profile.zip.count)),
        ]))
        #expect(!fixture.exists("1.0/modules/Checkout"))
        #expect(!fixture.exists("1.0/state.json"))
    }

    @Test func bodyLongerThanTheManifestSizeFailsWhileArriving() async throws {
        let fixture = try SyncFixture()
        var checkout = try SyncFixture.module("Checkout")
        fixture.publish([checkout])
        checkout.zip.append(contentsOf: [0, 0, 0])
        fixture.transport.serve(SyncFixture.url("1.0", checkout.path), checkout.zip)
        await fixture.makeService().start()
        let module = try #require(fixture.reports.last?.modules.first)
        #expect(module.outcome == .failed)
        #expect(module.reason?.contains("body-too-large") == true)
    }

    @Test func moduleTransportTimeoutFailsOnlyThatModule() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        let profile = try SyncFixture.module("Profile")
        fixture.publish([checkout, profile])
        fixture.transport.set(SyncFixture.url("1.0", profile.path), .error(.timedOut))
        await fixture.makeService().start()
        #expect(fixture.reports.last?.modules.map(\.outcome) == [.updated, .failed])
        #expect(fixture.reports.last?.modules.last?.reason == "download failed: timed-out: scripted timed-out")
    }

    // MARK: Manifest failures change nothing

    static let manifestFailures: [(String, ScriptedTransport.Route, String, OTALocalizationCycleReport.FailureCode)] = [
        ("500", .status(500), "manifest HTTP status 500", .transport),
        ("404", .status(404), "manifest HTTP status 404", .transport),
        ("timeout", .error(.timedOut), "manifest download failed: timed-out: scripted timed-out", .transport),
        ("refused", .error(.cannotConnect), "manifest download failed: cannot-connect: scripted cannot-connect", .transport),
        ("notJSON", .raw(HTTPResponse(statusCode: 200, body: Data("<html>oops</html>".utf8))),
         "manifest rejected (not-json): index is not valid JSON: unexpected character, expected a value at byte 0", .manifest),
        ("304 without If-None-Match", .raw(HTTPResponse(statusCode: 304)), "manifest HTTP status 304", .transport),
    ]

    @Test(arguments: 0..<manifestFailures.count)
    func failedManifestLeavesTheStorageRootByteForByteUnchanged(_ index: Int) async throws {
        let (_, route, error, code) = Self.manifestFailures[index]
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        fixture.publish([checkout])
        await fixture.makeService().start()
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("1.0/state.json"))
        try Data("leftover".utf8).write(to: fixture.root.appendingPathComponent("1.0/tmp/leftover"))
        fixture.publish([try SyncFixture.module("Checkout", version: 2)], publishedAt: "2026-07-25T10:00:00Z")
        fixture.transport.set(SyncFixture.url("1.0", "index.json"), route)
        let before = fixture.snapshot()

        await fixture.makeService().start()

        #expect(fixture.snapshot() == before)
        #expect(fixture.reports.last == Report(manifest: .failed, error: error, errorCode: code))
    }

    @Test func failedManifestOnAnEmptyRootCreatesNothing() async throws {
        let fixture = try SyncFixture()
        fixture.transport.set(SyncFixture.url("1.0", "index.json"), .status(503))
        await fixture.makeService().start()
        #expect(fixture.tree() == [])
        #expect(fixture.reports.last == Report(manifest: .failed, error: "manifest HTTP status 503", errorCode: .transport))
    }

    @Test func manifestForAnotherAppVersionIsRejected() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        fixture.publish([checkout], appVersion: "2.0")
        fixture.transport.set(SyncFixture.url("1.0", "index.json"),
                              .raw(HTTPResponse(statusCode: 200, body: fixture.transport.body(SyncFixture.url("2.0", "index.json")))))
        await fixture.makeService().start()
        #expect(fixture.tree() == [])
        #expect(fixture.reports.last == Report(manifest: .failed, error: "manifest is for app version \"2.0\", not \"1.0\"", errorCode: .manifest))
    }

    // MARK: Step 3: stale manifest

    @Test func olderManifestIsIgnoredAndReportedStale() async throws {
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Checkout", version: 2)], publishedAt: "2026-07-25T10:00:00Z")
        await fixture.makeService().start()
        let before = fixture.snapshot()
        fixture.publish([try SyncFixture.module("Checkout", version: 1)], publishedAt: "2026-07-24T10:00:00Z")
        fixture.transport.clearLog()

        await fixture.makeService().start()

        #expect(fixture.transport.requestedURLs == [SyncFixture.url("1.0", "index.json")])
        #expect(fixture.reports.last == Report(
            manifest: .stale,
            error: "manifest publishedAt 2026-07-24T10:00:00Z is older than the installed 2026-07-25T10:00:00Z"))
        #expect(fixture.snapshot() == before)
    }

    // MARK: Step 5: removal

    @Test func moduleDroppedFromTheManifestIsRemoved() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        let profile = try SyncFixture.module("Profile")
        fixture.publish([checkout, profile])
        await fixture.makeService().start()
        fixture.publish([checkout], publishedAt: "2026-07-25T10:00:00Z")

        await fixture.makeService().start()     // a later process: Profile's folder is not protected... 

        // ...except that it was current at this service's launch, so only its pointer goes now.
        #expect(fixture.reports.last == Report(manifest: .updated, stateSaved: true, modules: [
            ModuleReport(name: "Checkout", outcome: .skipped),
            ModuleReport(name: "Profile", outcome: .removed),
        ]))
        #expect(!fixture.exists("1.0/modules/Profile/current"))
        #expect(fixture.exists("1.0/modules/Profile/\(profile.sha256)/Info.plist"))
        let layout = OTAStorageLayout(storageRoot: fixture.root, appVersion: "1.0")
        #expect(layout.activeInstallFolder(module: "Profile") == nil)

        // The next process collects the folder and the empty module folder.
        await fixture.makeService().start()
        #expect(fixture.reports.last?.manifest == .notModified)
        #expect(!fixture.exists("1.0/modules/Profile"))
        var expected: Set<String> = [SyncFixture.installIDFileName, SyncFixture.antiRollbackFileName, ".ota-localizations-root.json", "1.0", "1.0/modules", "1.0/state.json", "1.0/tmp"]
        expected.formUnion(SyncFixture.installedTree(checkout))
        expected.formUnion(try fixture.cachedBasePart())
        #expect(fixture.tree() == expected.sorted())
    }

    // MARK: Other app versions

    @Test func otherAppVersionsWeCreatedAreDeletedAndUnrelatedFoldersStay() async throws {
        let fixture = try SyncFixture()
        let old = try SyncFixture.module("Checkout", version: 1)
        fixture.publish([old], appVersion: "1.0")
        await fixture.makeService(appVersion: "1.0").start()
        let unrelated = fixture.url("0.9/modules/Checkout")
        try FileManager.default.createDirectory(at: unrelated, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: fixture.root.appendingPathComponent("notes.txt"))

        let new = try SyncFixture.module("Checkout", version: 2)
        fixture.publish([new], appVersion: "2.0")
        await fixture.makeService(appVersion: "2.0").start()

        #expect(!fixture.exists("1.0"))
        #expect(fixture.exists("0.9/modules/Checkout"))
        #expect(fixture.read("notes.txt") == Data("mine".utf8))
        let marker = try JSONSerialization.jsonObject(with: #require(fixture.read(".ota-localizations-root.json"))) as? [String: Any]
        #expect(marker?["createdAppVersions"] as? [String] == ["2.0"])
        var expected: Set<String> = [SyncFixture.installIDFileName, SyncFixture.antiRollbackFileName, ".ota-localizations-root.json", "0.9", "0.9/modules", "0.9/modules/%43heckout", "notes.txt",
                                     "2.0", "2.0/modules", "2.0/state.json", "2.0/tmp"]
        expected.formUnion(SyncFixture.installedTree(new, appVersion: "2.0"))
        expected.formUnion(try fixture.cachedBasePart(appVersion: "2.0"))
        #expect(fixture.tree() == expected.sorted())
    }

    @Test func existingVersionFolderWeDidNotCreateIsNotClaimed() async throws {
        let fixture = try SyncFixture()
        try FileManager.default.createDirectory(at: fixture.root.appendingPathComponent("1.0"), withIntermediateDirectories: true)
        fixture.publish([try SyncFixture.module("Checkout")], appVersion: "1.0")
        await fixture.makeService(appVersion: "1.0").start()
        fixture.publish([try SyncFixture.module("Checkout")], appVersion: "2.0")
        await fixture.makeService(appVersion: "2.0").start()
        #expect(fixture.exists("1.0/modules/Checkout/current"))
    }

    // MARK: Manifest junk

    /// Why a base-part entry whose file is malformed is set aside.
    static let fileRule = "module needs exactly one of 'base' (its base slice) and 'full' (its ZIP), each a plain file name 'path', 64 lowercase hex digits 'sha256' and a non-negative 'size'"

    @Test func junkModuleEntriesFailOnlyThemselves() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        let sha = String(repeating: "a", count: 64)
        fixture.publish([checkout], extraEntries: [
            "{\"name\": \"../Evil\", \"localizations\": [\"en\"], \"full\": {\"path\": \"Evil.zip\", \"sha256\": \"\(sha)\", \"size\": 1}}",
            "{\"name\": \"Sneaky\", \"localizations\": [\"en\"], \"full\": {\"path\": \"../2.0/Sneaky.zip\", \"sha256\": \"\(sha)\", \"size\": 1}}",
            "{\"name\": \"Loud\", \"localizations\": [\"en\"], \"full\": {\"path\": \"Loud.zip\", \"sha256\": \"NOT-HEX\", \"size\": 1}}",
            "42",
        ])
        await fixture.makeService().start()
        #expect(fixture.reports.last == Report(manifest: .updated, stateSaved: false, modules: [
            ModuleReport(name: "Checkout", outcome: .updated, bytes: Int64(checkout.zip.count)),
            ModuleReport(name: "../Evil", outcome: .failed, reason: "module name is not a plain file name", code: .manifest),
            ModuleReport(name: "Sneaky", outcome: .failed, reason: Self.fileRule, code: .manifest),
            ModuleReport(name: "Loud", outcome: .failed, reason: Self.fileRule, code: .manifest),
            ModuleReport(name: "(unnamed)", outcome: .failed, reason: "module entry has no string 'name'", code: .manifest),
        ]))
        #expect(fixture.transport.requestedURLs.count == 3)
        #expect(DurableFilesProbe.children(fixture.root.appendingPathComponent("1.0/modules")) == ["%43heckout"])
    }

    @Test func duplicateModuleNamesFailTheDuplicate() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        fixture.publish([checkout, checkout])
        await fixture.makeService().start()
        #expect(fixture.reports.last?.modules.map(\.outcome) == [.updated, .failed])
        #expect(fixture.reports.last?.modules.last?.reason == "duplicate module name in the manifest")
        #expect(fixture.reports.last?.stateSaved == false)
    }

    @Test func modulePathIsPercentEncodedAndNeverInterpreted() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout", path: "Check out+1%.zip")
        fixture.publish([checkout])
        await fixture.makeService().start()
        #expect(fixture.transport.requestedURLs.last == "https://cdn.test/base/1.0/Check%20out%2B1%25.zip")
        #expect(fixture.reports.last?.modules.first?.outcome == .updated)
    }

    // MARK: Crash leftovers

    @Test func leftoverDestinationFolderFromACrashIsReplacedWithTheVerifiedContent() async throws {
        let fixture = try SyncFixture()
        let checkout = try SyncFixture.module("Checkout")
        let leftover = fixture.url("1.0/modules/Checkout/\(checkout.sha256)/en.lproj")
        try FileManager.default.createDirectory(at: leftover, withIntermediateDirectories: true)
        try Data("junk".utf8).write(to: leftover.appendingPathComponent("Localizable.strings"))
        fixture.publish([checkout])

        await fixture.makeService().start()

        #expect(fixture.reports.last?.modules.first?.outcome == .updated)
        // The version folder existed before the service ran, so the root marker does not claim it.
        var expected: Set<String> = [SyncFixture.installIDFileName, SyncFixture.antiRollbackFileName, "1.0", "1.0/modules", "1.0/state.json", "1.0/tmp"]
        expected.formUnion(SyncFixture.installedTree(checkout))
        expected.formUnion(try fixture.cachedBasePart())
        #expect(fixture.tree() == expected.sorted())
        for (path, data) in checkout.files {
            #expect(fixture.read("1.0/modules/Checkout/\(checkout.sha256)/\(path)") == data)
        }
    }

    @Test func temporaryLeftoversAreRemovedOnceAManifestArrives() async throws {
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Checkout")])
        await fixture.makeService().start()
        let tmp = fixture.root.appendingPathComponent("1.0/tmp")
        try FileManager.default.createDirectory(at: tmp.appendingPathComponent("install-crashed/en.lproj"),
                                                withIntermediateDirectories: true)
        try Data("x".utf8).write(to: tmp.appendingPathComponent("current-crashed"))

        await fixture.makeService().start()     // 304 path

        #expect(fixture.reports.last?.manifest == .notModified)
        #expect(DurableFilesProbe.children(tmp) == [])
    }

    // MARK: Bounded parallelism

    @Test func downloadsRunAtMostTheConfiguredNumberAtOnce() async throws {
        let fixture = try SyncFixture()
        let modules = try (1...6).map { try SyncFixture.module("Module\($0)") }
        fixture.publish(modules)
        await fixture.makeService(parallel: 2).start()
        #expect(fixture.transport.maximumConcurrentZipRequests <= 2)
        #expect(fixture.reports.last?.updated == 6)
        #expect(fixture.reports.last?.modules.map(\.name) == modules.map(\.name))
    }
}

/// Lists folders without going through the code under test.
enum DurableFilesProbe {
    static func children(_ url: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }
}
