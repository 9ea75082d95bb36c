import Foundation
import Testing
import OTATestSupport
@testable import OTALocalizations

/// The read side publishes one process-wide cache, so every suite of this target that loads or clears it runs in
/// this parent suite, one test at a time. Suites of other targets that use the cache load, read and clear it in one
/// synchronous turn of the main actor, so they never interleave with a test here that does not await.
@Suite(.serialized) @MainActor struct ReadSideTests {
    @Suite @MainActor struct OTALocalizedStringTests {
        @Test func installedModuleIsNilBeforeLoadAndTheInstalledFolderAfter() throws {
            let storage = try TestStorage()
            let folder = try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            OTALocalizedString.clearBundleCache()
            #expect(OTALocalizedString.bundle(for: "Checkout") == nil)

            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")

            let bundle = try #require(OTALocalizedString.bundle(for: "Checkout"))
            #expect(bundle.bundleURL.standardizedFileURL.path == folder.standardizedFileURL.path)
            // A plain `.strings` key resolves on Linux (docs/apple-platform.md X1, X3); no locale negotiation is
            // tested.
            #expect(bundle.localizedString(forKey: "greeting", value: nil, table: nil) == "Hello OTA")
            OTALocalizedString.clearBundleCache()
        }

        @Test func missingModuleIsNilAfterLoad() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            #expect(OTALocalizedString.bundle(for: "Profile") == nil)
            #expect(OTALocalizedString.bundle(for: "Checkout") != nil)
            OTALocalizedString.clearBundleCache()
        }

        @Test func pointerToAMissingFolderIsNil() throws {
            let storage = try TestStorage()
            let folder = try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            try FileManager.default.removeItem(at: folder)
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            #expect(OTALocalizedString.bundle(for: "Checkout") == nil)
        }

        @Test func folderWithoutPointerIsNil() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a, pointer: false)
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            #expect(OTALocalizedString.bundle(for: "Checkout") == nil)
        }

        @Test func malformedPointerIsNil() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a, pointer: false)
            let pointer = storage.moduleFolder(version: "1.0", module: "Checkout").appendingPathComponent("current")
            try Data(TestHash.a.utf8).write(to: pointer)   // no trailing newline
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            #expect(OTALocalizedString.bundle(for: "Checkout") == nil)
        }

        /// Tests run as root, where `chmod 000` does not stop reads, so the unreadable `Info.plist` is made a
        /// directory: `open` succeeds but `read` fails with EISDIR, the same "cannot read the bytes now" the loader
        /// meets before the first unlock on iOS (EPERM). Once readable, the same path loads: no `Bundle` was ever
        /// opened on it, so nothing empty was cached.
        @Test func unreadableInfoPlistIsNilUntilItBecomesReadable() throws {
            let storage = try TestStorage()
            let folder = try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            let info = folder.appendingPathComponent("Info.plist")
            try FileManager.default.removeItem(at: info)
            try FileManager.default.createDirectory(at: info, withIntermediateDirectories: false)

            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            #expect(OTALocalizedString.bundle(for: "Checkout") == nil)

            try FileManager.default.removeItem(at: info)
            try Data(TestStorage.infoPlist.utf8).write(to: info)
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            let bundle = try #require(OTALocalizedString.bundle(for: "Checkout"))
            #expect(bundle.localizedString(forKey: "greeting", value: nil, table: nil) == "Hello OTA")
            OTALocalizedString.clearBundleCache()
        }

        @Test func danglingInfoPlistLinkIsNil() throws {
            let storage = try TestStorage()
            let folder = try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            let info = folder.appendingPathComponent("Info.plist")
            try FileManager.default.removeItem(at: info)
            try FileManager.default.createSymbolicLink(atPath: info.path, withDestinationPath: "/nonexistent/Info.plist")
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            #expect(OTALocalizedString.bundle(for: "Checkout") == nil)
        }

        /// A symbolic link planted at `current` redirects nothing: the read side never reads through one, as the
        /// service does not (docs/design.md, "The crash-loop guard"; `StorageEntry`).
        @Test func aCurrentPointerThatIsASymbolicLinkIsNotFollowed() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            let pointer = storage.moduleFolder(version: "1.0", module: "Checkout").appendingPathComponent("current")
            let elsewhere = storage.root.appendingPathComponent("pointer-elsewhere")
            try FileManager.default.moveItem(at: pointer, to: elsewhere)
            try FileManager.default.createSymbolicLink(at: pointer, withDestinationURL: elsewhere)
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            #expect(OTALocalizedString.bundle(for: "Checkout") == nil)
            #expect(OTALocalizedString.installedContent(for: "Checkout", storageRoot: storage.root, appVersion: "1.0") == nil)
            OTALocalizedString.clearBundleCache()
        }

        @Test func infoPlistThatIsNotADictionaryIsNil() throws {
            let storage = try TestStorage()
            let folder = try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            try Data("not a plist {".utf8).write(to: folder.appendingPathComponent("Info.plist"))
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            #expect(OTALocalizedString.bundle(for: "Checkout") == nil)
        }

        @Test func folderWithoutItsSealIsNil() throws {
            let storage = try TestStorage()
            let folder = try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            try FileManager.default.removeItem(at: folder.appendingPathComponent(InstalledLayout.sealFileName))
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            #expect(OTALocalizedString.bundle(for: "Checkout") == nil)
        }

        @Test func truncatedInfoPlistIsNilBecauseTheSealSaysItsSize() throws {
            let storage = try TestStorage()
            let folder = try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            let info = folder.appendingPathComponent("Info.plist")
            try Data(try Data(contentsOf: info).dropLast(20)).write(to: info)
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            #expect(OTALocalizedString.bundle(for: "Checkout") == nil)
        }

        @Test func sealOfAnotherShapeIsNil() throws {
            let storage = try TestStorage()
            let folder = try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            let seal = folder.appendingPathComponent(InstalledLayout.sealFileName)
            let text = try String(contentsOf: seal, encoding: .utf8)
            for bad in [text.replacingOccurrences(of: "seal 1", with: "seal 2"), String(text.dropLast()), ""] {
                try Data(bad.utf8).write(to: seal)
                OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
                #expect(OTALocalizedString.bundle(for: "Checkout") == nil)
            }
            try Data(text.utf8).write(to: seal)
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            #expect(OTALocalizedString.bundle(for: "Checkout") != nil)
            OTALocalizedString.clearBundleCache()
        }

        @Test func aFolderNamedWithTheModuleNameItselfIsNotAStorageNameAndIsIgnored() throws {
            let storage = try TestStorage()
            let folder = try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            let modules = folder.deletingLastPathComponent().deletingLastPathComponent()
            try FileManager.default.moveItem(at: modules.appendingPathComponent(InstalledLayout.storageName("Checkout")),
                                             to: modules.appendingPathComponent("Checkout"))
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            #expect(OTALocalizedString.bundle(for: "Checkout") == nil)
        }

        @Test func moduleNamesWithAnyCharactersLoadUnderTheirStorageName() throws {
            let storage = try TestStorage()
            let composed = "Caf\u{E9} Men\u{FC}+Checkout"
            let folder = try storage.install(version: "1.0", module: composed, sha: TestHash.a)
            #expect(folder.deletingLastPathComponent().lastPathComponent == "%43af%C3%A9%20%4Den%C3%BC%2B%43heckout")
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            #expect(OTALocalizedString.bundle(for: composed)?.bundleURL.standardizedFileURL.path == folder.standardizedFileURL.path)
            #expect(OTALocalizedString.bundle(for: "Cafe\u{301} Menu\u{308}+Checkout") != nil, "the decomposed spelling is the same module")
            OTALocalizedString.clearBundleCache()
        }

        @Test func pointerToASuffixedReinstallLoadsThatFolder() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            let copy = try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a + ".2", pointer: false,
                                           strings: "\"greeting\" = \"Hello again\";\n")
            try Data((TestHash.a + ".2\n").utf8).write(
                to: storage.moduleFolder(version: "1.0", module: "Checkout").appendingPathComponent("current"))
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            let bundle = try #require(OTALocalizedString.bundle(for: "Checkout"))
            #expect(bundle.bundleURL.standardizedFileURL.path == copy.standardizedFileURL.path)
            #expect(bundle.localizedString(forKey: "greeting", value: nil, table: nil) == "Hello again")
            OTALocalizedString.clearBundleCache()
        }

        @Test func otherAppVersionsAreNeverRead() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "2.0")
            #expect(OTALocalizedString.bundle(for: "Checkout") == nil)
        }

        @Test func clearBundleCacheFallsBackToEmbedded() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            #expect(OTALocalizedString.bundle(for: "Checkout") != nil)
            OTALocalizedString.clearBundleCache()
            #expect(OTALocalizedString.bundle(for: "Checkout") == nil)
        }

        @Test func reloadPicksTheNewCurrentFolder() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            let newFolder = try storage.install(version: "1.0", module: "Checkout", sha: TestHash.b,
                                                strings: "\"greeting\" = \"Hello v2\";\n")
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            let bundle = try #require(OTALocalizedString.bundle(for: "Checkout"))
            #expect(bundle.bundleURL.standardizedFileURL.path == newFolder.standardizedFileURL.path)
            #expect(bundle.localizedString(forKey: "greeting", value: nil, table: nil) == "Hello v2")
            OTALocalizedString.clearBundleCache()
        }

        @Test func loadingWritesOnlyTheLaunchCountAndTheReaderLeaseAndDeletesNothing() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            try storage.install(version: "1.0", module: "Broken", sha: TestHash.b, pointer: false)
            try storage.install(version: "0.9", module: "Old", sha: TestHash.c)
            let before = storage.snapshot()
            ReaderLease.forgetWritten()
            /// The snapshot without the reader lease, which names the one folder handed out.
            func withoutLease() throws -> [String: Data?] {
                var snapshot = storage.snapshot()
                let leases = snapshot.keys.filter { $0.hasPrefix("1.0/readers/") }
                #expect(leases.count == 1 && snapshot["1.0/readers"] != nil)
                let lease = try #require(leases.first)
                #expect(snapshot[lease] == Data("%43heckout/\(TestHash.a)\n".utf8))
                for key in leases + ["1.0/readers"] { snapshot.removeValue(forKey: key) }
                return snapshot
            }
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0", maximumUnconfirmedLaunches: nil)
            #expect(try withoutLease() == before, "with the guard off, only the lease is written")

            OTALocalizedString.forgetLaunchesCountedThisProcess()
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            OTALocalizedString.clearBundleCache()
            var expected = before
            let fingerprint = OTALaunchQuarantine.fingerprint(of: ["Checkout": TestHash.a])
            expected["1.0/launch-attempts"] = Data("\(fingerprint) 0001\n".utf8)
            #expect(try withoutLease() == expected)
        }

        @Test func loadedFoldersAreRememberedAfterAClear() throws {
            let storage = try TestStorage()
            let folder = try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            OTALocalizedString.clearBundleCache()
            #expect(OTALocalizedString.foldersLoadedThisProcess().contains(folder.standardizedFileURL.path))
        }
    }

    /// Readers on many threads while the main actor clears and reloads; run under ThreadSanitizer by CI.
    @Suite @MainActor struct BundleCacheConcurrencyTests {
        @Test func readersOnManyThreadsWhileMainActorClearsAndReloads() async throws {
            let storage = try TestStorage()
            let folder = try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            try storage.install(version: "1.0", module: "Profile", sha: TestHash.b)
            let expected = folder.standardizedFileURL.path
            OTALocalizedString.clearBundleCache()

            let readers = Task.detached { () -> (seen: Int, wrong: Int) in
                await withTaskGroup(of: (Int, Int).self) { group in
                    for _ in 0..<4 {
                        group.addTask {
                            var seen = 0
                            var wrong = 0
                            for _ in 0..<20_000 {
                                if let bundle = OTALocalizedString.bundle(for: "Checkout") {
                                    seen += 1
                                    if bundle.bundleURL.standardizedFileURL.path != expected { wrong += 1 }
                                }
                                _ = OTALocalizedString.bundle(for: "Profile")
                            }
                            return (seen, wrong)
                        }
                    }
                    var total = (seen: 0, wrong: 0)
                    for await (seen, wrong) in group {
                        total.seen += seen
                        total.wrong += wrong
                    }
                    return total
                }
            }
            for _ in 0..<150 {
                OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
                await Task.yield()
                OTALocalizedString.clearBundleCache()
                await Task.yield()
            }
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            let result = await readers.value
            #expect(result.wrong == 0)
            // Load and read in one turn of the main actor: suites of other targets load and clear this process-wide
            // cache too (each in one turn), and one may have run while this test awaited its readers.
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            #expect(OTALocalizedString.bundle(for: "Checkout")?.bundleURL.standardizedFileURL.path == expected)
            OTALocalizedString.clearBundleCache()
        }
    }
}
