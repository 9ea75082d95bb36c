import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizations

extension ReadSideTests {
    /// `OTALocalizedString.applyInstalledContent(storageRoot:appVersion:…)`: what is installed now is served at a safe
    /// point, with the launch's guarantees (crash-loop guard, reader lease, vouching), and reported per module; a
    /// `Bundle` handed out before keeps reading its own folder. Installs are written by hand (``TestStorage``), as an
    /// update cycle of this or another process would leave them between the launch and the apply.
    @Suite @MainActor struct ApplyInstalledContentTests {
        private let key = String(repeating: "12", count: 32)

        private func load(_ storage: TestStorage, trustedKeyIDs: Set<String> = [], maximum: Int? = 2) {
            OTALocalizedString.forgetLaunchesCountedThisProcess()
            OTALocalizedString.loadBundlesFromDisk(
                storageRoot: storage.root, appVersion: "1.0", trustedKeyIDs: trustedKeyIDs, maximumUnconfirmedLaunches: maximum)
        }

        private func apply(_ storage: TestStorage, trustedKeyIDs: Set<String> = [], maximum: Int? = 2) -> OTALocalizationApplyReport {
            OTALocalizedString.applyInstalledContent(
                storageRoot: storage.root, appVersion: "1.0", trustedKeyIDs: trustedKeyIDs, maximumUnconfirmedLaunches: maximum)
        }

        private func text(_ bundle: Bundle?) -> String? {
            bundle?.localizedString(forKey: "greeting", value: "(missing)", table: nil)
        }

        private func served(_ sha: String) -> OTALocalizedString.ServedContent {
            .overTheAir(.init(sha256: sha, rolloutID: nil))
        }

        /// The crash-loop guard's fingerprint of `content`, computed by `sha256sum` from the documented shape
        /// (`<module> NUL <sha256> LF` per module, in the byte order of the names).
        private func fingerprint(_ content: [(String, String)]) throws -> String {
            let text = content.sorted { $0.0 < $1.0 }.map { "\($0.0)\u{0}\($0.1)\n" }.joined()
            return String(try ProcessRunner.runBlocking(["sha256sum", "-"], stdin: Data(text.utf8)).text.prefix(64))
        }

        private func attempts(_ storage: TestStorage) -> String? {
            (try? Data(contentsOf: storage.root.appendingPathComponent("1.0/launch-attempts"))).map { String(decoding: $0, as: UTF8.self) }
        }

        @Test func aModuleUpdatedBetweenLoadAndApplyIsReportedChangedAndServed() throws {
            // Given: Checkout and Profile served since the launch, then a cycle installs Checkout's new content.
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a, strings: "\"greeting\" = \"Checkout v1\";\n")
            try storage.install(version: "1.0", module: "Profile", sha: TestHash.b, strings: "\"greeting\" = \"Profile v1\";\n")
            defer { OTALocalizedString.clearBundleCache() }
            load(storage)
            let old = try #require(OTALocalizedString.bundle(for: "Checkout"))
            let profile = try #require(OTALocalizedString.bundle(for: "Profile"))
            #expect(text(old) == "Checkout v1")
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.c, strings: "\"greeting\" = \"Checkout v2\";\n")

            // When: the app applies at a safe point.
            let report = apply(storage)

            // Then: Checkout is reported changed and serves the new folder through a new Bundle; Profile is unchanged.
            #expect(report.modules == [
                .init(name: "Checkout", before: served(TestHash.a), after: served(TestHash.c)),
                .init(name: "Profile", before: served(TestHash.b), after: served(TestHash.b)),
            ])
            #expect(report.changedModules == ["Checkout"])
            let new = try #require(OTALocalizedString.bundle(for: "Checkout"))
            #expect(new !== old)
            #expect(new.bundleURL.lastPathComponent == TestHash.c)
            #expect(text(new) == "Checkout v2")
            #expect(OTALocalizedString.servedContent(for: "Checkout") == served(TestHash.c))
            #expect(OTALocalizedString.bundle(for: "Profile") === profile, "unchanged content keeps its Bundle")

            // And: the old Bundle still reads its own folder, which the reader lease still names beside the new one.
            #expect(old.bundleURL.lastPathComponent == TestHash.a)
            #expect(text(old) == "Checkout v1")
            let readers = storage.root.appendingPathComponent("1.0/readers")
            let leases = try FileManager.default.contentsOfDirectory(atPath: readers.path).filter { $0.hasSuffix(".lease") }
            #expect(leases.count == 1)
            let lease = try String(contentsOf: readers.appendingPathComponent(leases[0]), encoding: .utf8)
            let checkout = InstalledLayout.storageName("Checkout")
            let profileFolder = InstalledLayout.storageName("Profile")
            // One line per folder, `<storage name>/<folder>`, in byte order (TestHash.c starts with a digit).
            #expect(lease == "\(checkout)/\(TestHash.c)\n\(checkout)/\(TestHash.a)\n\(profileFolder)/\(TestHash.b)\n")

            // And: the crash-loop guard counted the apply as the first launch attempt of the new content.
            let newContent = try fingerprint([("Checkout", TestHash.c), ("Profile", TestHash.b)])
            #expect(attempts(storage) == "\(newContent) 0001\n")
        }

        @Test func theExposureHandlerReportsTheNewContentAtItsNextFirstLookup() throws {
            // Given: a module whose name the exposure suite's collector keeps, served and looked up since the launch.
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "ExposureApplied", sha: TestHash.a)
            let collected = ExposureTests.Collected()
            OTALocalizedString.reportExposures(to: { collected.add($0) })
            defer { OTALocalizedString.reportExposures(to: nil); OTALocalizedString.clearBundleCache() }
            load(storage)
            _ = OTALocalizedString.bundle(for: "ExposureApplied")
            #expect(collected.take() == [.init(module: "ExposureApplied", served: served(TestHash.a))])
            try storage.install(version: "1.0", module: "ExposureApplied", sha: TestHash.c)

            // When: the app applies; then the module is looked up twice.
            let report = apply(storage)
            #expect(report.changedModules == ["ExposureApplied"])
            #expect(collected.take().isEmpty, "the apply looks nothing up")
            for _ in 0..<2 { _ = OTALocalizedString.bundle(for: "ExposureApplied") }

            // Then: the new content is reported once, at the first lookup after the apply.
            #expect(collected.take() == [.init(module: "ExposureApplied", served: served(TestHash.c))])
        }

        @Test func anApplyWithNothingNewChangesNothingAndCountsNothing() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            defer { OTALocalizedString.clearBundleCache() }
            load(storage)
            let bundle = try #require(OTALocalizedString.bundle(for: "Checkout"))
            let counted = attempts(storage)
            #expect(counted == "\(try fingerprint([("Checkout", TestHash.a)])) 0001\n")

            let report = apply(storage)

            #expect(report.modules == [.init(name: "Checkout", before: served(TestHash.a), after: served(TestHash.a))])
            #expect(report.changedModules.isEmpty)
            #expect(OTALocalizedString.bundle(for: "Checkout") === bundle)
            #expect(attempts(storage) == counted, "content this process already loaded is not counted again")
        }

        @Test func anApplyBeforeAnyLoadReportsTheModulesItServes() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            OTALocalizedString.clearBundleCache()
            defer { OTALocalizedString.clearBundleCache() }
            OTALocalizedString.forgetLaunchesCountedThisProcess()

            let report = apply(storage)

            #expect(report.modules == [.init(name: "Checkout", before: .embedded(.cleared), after: served(TestHash.a))])
            #expect(report.changedModules == ["Checkout"])
        }

        @Test func contentAtTheLimitOfUnconfirmedLaunchesIsQuarantinedAndStaysEmbedded() throws {
            // Given: Checkout v1 served; v2 installed, and its content already counted twice without a confirmation
            // (two launches that crashed after applying it).
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a, strings: "\"greeting\" = \"Checkout v1\";\n")
            defer { OTALocalizedString.clearBundleCache() }
            load(storage)
            let old = try #require(OTALocalizedString.bundle(for: "Checkout"))
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.c, strings: "\"greeting\" = \"Checkout v2\";\n")
            let newContent = try fingerprint([("Checkout", TestHash.c)])
            try Data("\(newContent) 0002\n".utf8).write(to: storage.root.appendingPathComponent("1.0/launch-attempts"))

            // When: the app applies.
            let report = apply(storage)

            // Then: the guard refuses the content, which is recorded as quarantined; the module serves its embedded
            // strings from now on, and the Bundle handed out before still reads v1.
            #expect(report.modules == [.init(name: "Checkout", before: served(TestHash.a), after: .embedded(.quarantined))])
            #expect(report.changedModules == ["Checkout"])
            #expect(OTALocalizedString.bundle(for: "Checkout") == nil)
            #expect(OTALocalizedString.launchQuarantine(storageRoot: storage.root, appVersion: "1.0")?.modules == ["Checkout": TestHash.c])
            #expect(attempts(storage) == "\(newContent) 0000\n")
            #expect(text(old) == "Checkout v1")

            // And: a later apply (a new process, as a relaunch) keeps it embedded, with the reason.
            OTALocalizedString.forgetLaunchesCountedThisProcess()
            let again = apply(storage)
            #expect(again.modules == [.init(name: "Checkout", before: .embedded(.quarantined), after: .embedded(.quarantined))])
            #expect(again.changedModules.isEmpty)
        }

        @Test func contentNoTrustedKeyVouchedForStaysEmbeddedWithNotVouched() throws {
            // Given: Checkout and Profile vouched for by the trusted key and served; then Checkout's pointer names a
            // folder its vouch record does not (installed by a build that trusted no key, or planted).
            let storage = try TestStorage()
            let checkout = storage.moduleFolder(version: "1.0", module: "Checkout")
            let profile = storage.moduleFolder(version: "1.0", module: "Profile")
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            try storage.install(version: "1.0", module: "Profile", sha: TestHash.b)
            try Data("\(TestHash.a) \(key)\n".utf8).write(to: checkout.appendingPathComponent("vouched"))
            try Data("\(TestHash.b) \(key)\n".utf8).write(to: profile.appendingPathComponent("vouched"))
            defer { OTALocalizedString.clearBundleCache() }
            load(storage, trustedKeyIDs: [key], maximum: nil)
            #expect(OTALocalizedString.servedContent(for: "Checkout") == served(TestHash.a))
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.c)

            let report = apply(storage, trustedKeyIDs: [key], maximum: nil)

            #expect(report.modules == [
                .init(name: "Checkout", before: served(TestHash.a), after: .embedded(.notVouched)),
                .init(name: "Profile", before: served(TestHash.b), after: served(TestHash.b)),
            ])
            #expect(report.changedModules == ["Checkout"])
            #expect(OTALocalizedString.bundle(for: "Checkout") == nil)
            #expect(OTALocalizedString.bundle(for: "Profile")?.bundleURL.lastPathComponent == TestHash.b)
        }
    }
}
