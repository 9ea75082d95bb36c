import Foundation
import Testing
import OTATestSupport
@testable import OTALocalizations

extension ReadSideTests {
    /// The reader lease (`<root>/<version>/readers/<storage name of the bundle identifier>.<process id>.lease`): what a
    /// load writes, when it writes it again, that it is written before the folders it protects are handed out, that a
    /// process never replaces another's, and that it holds no lock (iOS terminates a process suspended with one, K3).
    @Suite @MainActor struct ReaderLeaseTests {
        private let checkout = String(repeating: "ab", count: 32)
        private let profile = String(repeating: "cd", count: 32)

        private func leases(_ storage: TestStorage) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: storage.root.appendingPathComponent("1.0/readers").path)) ?? []).sorted()
        }

        private func load(_ storage: TestStorage) {
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0", maximumUnconfirmedLaunches: nil)
        }

        private func inode(_ path: String) -> UInt64? {
            var info = stat()
            return lstat(path, &info) == 0 ? UInt64(info.st_ino) : nil
        }

        @Test func aLoadWritesOneLeaseNamingTheFoldersItHandedOutAndHoldsNoLock() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: checkout)
            try storage.install(version: "1.0", module: "Profile", sha: profile)
            ReaderLease.forgetWritten()
            defer { OTALocalizedString.clearBundleCache() }

            load(storage)

            let layout = OTAStorageLayout(storageRoot: storage.root, appVersion: "1.0")
            let file = ReaderLease.file(layout)
            #expect(leases(storage) == [file.lastPathComponent])
            #expect(file.lastPathComponent
                == OTAStorageLayout.storageName(forModule: ReaderLease.identifier) + ".\(getpid()).lease")
            #expect(try String(contentsOf: file, encoding: .utf8) == "%43heckout/\(checkout)\n%50rofile/\(profile)\n", "storage names, in byte order")
            // No lock: another open file description takes an exclusive one at once.
            let descriptor = open(file.path, O_RDONLY)
            #expect(descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) == 0)
            close(descriptor)

            // The same folders again: the lease is left as it is (the same file).
            let first = inode(file.path)
            load(storage)
            #expect(inode(file.path) == first && leases(storage) == [file.lastPathComponent])

            // Another folder handed out: the lease is replaced, by rename, naming every folder since launch.
            let search = String(repeating: "ef", count: 32)
            try storage.install(version: "1.0", module: "Search", sha: search)
            load(storage)
            #expect(inode(file.path) != first && leases(storage) == [file.lastPathComponent])
            #expect(try String(contentsOf: file, encoding: .utf8) == "%43heckout/\(checkout)\n%50rofile/\(profile)\n%53earch/\(search)\n")

            // A lease half its lifetime old is written again at the next load, so it stays live while the process loads.
            let old = Date().addingTimeInterval(-OTAStorageLayout.readerLeaseLifetimeSeconds / 2 - 60)
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file.path)
            load(storage)
            let modified = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date)
            #expect(Date().timeIntervalSince(modified) < 600)
        }

        @Test func aFIFOOrALinkAtTheTemporaryPathBlocksAndRedirectsNothing() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: checkout)
            ReaderLease.forgetWritten()
            defer { OTALocalizedString.clearBundleCache() }
            let layout = OTAStorageLayout(storageRoot: storage.root, appVersion: "1.0")
            let file = ReaderLease.file(layout)
            let temporary = layout.readerLeasesFolder.path + "/." + file.lastPathComponent + ".tmp"
            try FileManager.default.createDirectory(at: layout.readerLeasesFolder, withIntermediateDirectories: true)
            #expect(mkfifo(temporary, 0o600) == 0)
            // Were the load to open the FIFO for writing, it would wait for a reader: after 10 s one is opened (and kept
            // open, so the write cannot raise SIGPIPE), and the checks below fail instead of the suite hanging.
            let loaded = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                if loaded.wait(timeout: .now() + 10) == .timedOut { _ = open(temporary, O_RDONLY | O_NONBLOCK) }
            }
            load(storage)
            loaded.signal()
            #expect(StorageEntry(atPath: file.path) == .regularFile)
            #expect(try String(contentsOf: file, encoding: .utf8) == "%43heckout/\(checkout)\n")
            #expect(StorageEntry(atPath: temporary) == .missing)

            // A symbolic link left at the temporary path is replaced, never written through.
            let outside = storage.root.appendingPathComponent("outside")
            try Data("outside".utf8).write(to: outside)
            #expect(symlink(outside.path, temporary) == 0)
            ReaderLease.forgetWritten()
            try FileManager.default.removeItem(at: file)
            load(storage)
            #expect(try Data(contentsOf: outside) == Data("outside".utf8), "the link's target is untouched")
            #expect(try String(contentsOf: file, encoding: .utf8) == "%43heckout/\(checkout)\n")
        }

        /// A cycle may swap a module's `current` between the load's read of the pointers and its lease: the folder it
        /// read then is not handed out (the cycle, which did not see the lease, may collect it), the others are.
        @Test func aFolderWhoseCurrentChangedBeforeTheLeaseIsNotHandedOut() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: checkout)
            try storage.install(version: "1.0", module: "Profile", sha: profile)
            ReaderLease.forgetWritten()
            defer { OTALocalizedString.clearBundleCache() }
            let layout = OTAStorageLayout(storageRoot: storage.root, appVersion: "1.0")
            let read = BundleDiskLoader.load(layout).folders
            #expect(read.count == 2)

            // A cycle installs Checkout's next folder and swaps the pointer.
            let next = String(repeating: "12", count: 32)
            try storage.install(version: "1.0", module: "Checkout", sha: next)

            let handedOut = ReaderLease.hold(layout, handingOut: read)
            #expect(handedOut == ["Profile": read["Profile"]!], "Checkout's folder read before the swap is not served")
            // Once the lease names a folder, a later load of it needs no check.
            #expect(ReaderLease.hold(layout, handingOut: ["Profile": read["Profile"]!]) == ["Profile": read["Profile"]!])
        }

        /// Two processes of one executable keep a lease each; a process's first lease removes those of the executable's
        /// ended processes and keeps a live one's.
        @Test func eachProcessKeepsItsOwnLeaseAndEndedProcessesLeasesGo() async throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: checkout)
            let layout = OTAStorageLayout(storageRoot: storage.root, appVersion: "1.0")
            try FileManager.default.createDirectory(at: layout.readerLeasesFolder, withIntermediateDirectories: true)
            let other = Process()
            other.executableURL = URL(fileURLWithPath: "/bin/sleep")
            other.arguments = ["60"]
            try other.run()
            defer { other.terminate() }
            let ended = Process()
            ended.executableURL = URL(fileURLWithPath: "/bin/true")
            try ended.run()
            ended.waitUntilExit()
            let live = layout.readerLeaseFile(identifier: ReaderLease.identifier, processIdentifier: other.processIdentifier)
            let gone = layout.readerLeaseFile(identifier: ReaderLease.identifier, processIdentifier: ended.processIdentifier)
            let unrelated = layout.readerLeasesFolder.appendingPathComponent("com.example.widget.\(ended.processIdentifier).lease")
            for file in [live, gone, unrelated] { try Data("%50rofile/\(profile)\n".utf8).write(to: file) }
            ReaderLease.forgetWritten()
            defer { OTALocalizedString.clearBundleCache() }

            load(storage)

            #expect(leases(storage) == [live.lastPathComponent, ReaderLease.file(layout).lastPathComponent, unrelated.lastPathComponent].sorted())
            #expect(try Data(contentsOf: live) == Data("%50rofile/\(profile)\n".utf8), "another process's lease is never replaced")
            #expect(try String(contentsOf: ReaderLease.file(layout), encoding: .utf8) == "%43heckout/\(checkout)\n")
        }

        @Test func nothingInstalledWritesNoLease() throws {
            let storage = try TestStorage()
            defer { OTALocalizedString.clearBundleCache() }
            load(storage)
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
