import Foundation
import Testing
import OTATestSupport
@testable import OTALocalizations

extension ReadSideTests {
    /// The reader lease (`<root>/<version>/readers/<32 hex>.lease`): what a load writes, and the lock that tells an
    /// update cycle in another process that this one still reads those folders.
    @Suite @MainActor struct ReaderLeaseTests {
        private let checkout = String(repeating: "ab", count: 32)
        private let profile = String(repeating: "cd", count: 32)

        private func leases(_ storage: TestStorage) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: storage.root.appendingPathComponent("1.0/readers").path)) ?? []).sorted()
        }

        /// Whether another open file description can take the lease's lock (it cannot while the lease is held).
        private func isUnlocked(_ path: String) -> Bool {
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            return flock(descriptor, LOCK_SH | LOCK_NB) == 0
        }

        @Test func aLoadHoldsOneLockedLeaseNamingTheFoldersItHandedOut() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: checkout)
            try storage.install(version: "1.0", module: "Profile", sha: profile)
            defer {
                OTALocalizedString.clearBundleCache()
                ReaderLease.release()
            }

            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0", maximumUnconfirmedLaunches: nil)

            let first = leases(storage)
            #expect(first.count == 1)
            let name = try #require(first.first)
            #expect(name.count == 32 + 6 && name.hasSuffix(".lease") && name.dropLast(6).allSatisfy { "0123456789abcdef".contains($0) }, "\(name)")
            let path = storage.root.appendingPathComponent("1.0/readers/\(name)").path
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "%43heckout/\(checkout)\n%50rofile/\(profile)\n", "storage names, in byte order")
            #expect(!isUnlocked(path), "held while the process reads")

            // A second load of the same folders keeps the lease; one that hands out another folder replaces it (the
            // new lease names every folder handed out since launch); releasing it leaves nothing.
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0", maximumUnconfirmedLaunches: nil)
            #expect(leases(storage) == first)
            let search = String(repeating: "ef", count: 32)
            try storage.install(version: "1.0", module: "Search", sha: search)
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0", maximumUnconfirmedLaunches: nil)
            let second = leases(storage)
            #expect(second.count == 1 && second != first)
            let replaced = storage.root.appendingPathComponent("1.0/readers/\(try #require(second.first))").path
            #expect(try String(contentsOfFile: replaced, encoding: .utf8)
                == "%43heckout/\(checkout)\n%50rofile/\(profile)\n%53earch/\(search)\n")
            #expect(!isUnlocked(replaced) && !FileManager.default.fileExists(atPath: path))
            ReaderLease.release()
            #expect(leases(storage).isEmpty)
        }

        @Test func nothingInstalledWritesNoLease() throws {
            let storage = try TestStorage()
            defer { OTALocalizedString.clearBundleCache() }
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0", maximumUnconfirmedLaunches: nil)
            #expect(!FileManager.default.fileExists(atPath: storage.root.appendingPathComponent("1.0/readers").path))
        }

        @Test func theLeaseFormatRoundTripsAndIgnoresWhatIsNotAFolderOfTheLayout() {
            let layout = OTAStorageLayout(storageRoot: URL(fileURLWithPath: "/tmp/ota-lease-format"), appVersion: "1.0")
            let modules = layout.modulesFolder.standardizedFileURL.path
            let folders: Set<String> = ["\(modules)/Checkout/\(checkout)", "\(modules)/%2E%2E/\(profile).2", "/elsewhere/Checkout/\(checkout)",
                                        "\(modules)/Checkout/a/b", "\(modules)/Checkout"]
            let data = layout.readerLeaseContents(folders)
            #expect(String(decoding: data, as: UTF8.self) == "%2E%2E/\(profile).2\nCheckout/\(checkout)\n")
            #expect(layout.parseReaderLease(data) == ["\(modules)/Checkout/\(checkout)", "\(modules)/%2E%2E/\(profile).2"])
            #expect(layout.parseReaderLease(Data("../x\n/abs/y\nCheckout/..\nonly\n".utf8)).isEmpty)
        }
    }
}
