import Foundation
import OTATestSupport
import Testing
import OTALocalizations

extension ReadSideTests {
    /// `OTALocalizedString.servedContent(for:)`: what `bundle(for:)` serves, described, against
    /// `installedContent(for:storageRoot:appVersion:)`, which reports what is installed whether it is served or not.
    /// Installs are written by hand (``TestStorage``).
    @Suite @MainActor struct ServedContentTests {
        private let sha = String(repeating: "ab", count: 32)
        private let entry = String(repeating: "ef", count: 32)
        private let key = String(repeating: "12", count: 32)

        private func load(
            _ storage: TestStorage, selection: OTALocalizationSelection = .device, trustedKeyIDs: Set<String> = [],
            maximum: Int? = nil
        ) {
            OTALocalizedString.forgetLaunchesCountedThisProcess()
            OTALocalizedString.loadBundlesFromDisk(
                storageRoot: storage.root, appVersion: "1.0", selection: selection, trustedKeyIDs: trustedKeyIDs,
                maximumUnconfirmedLaunches: maximum)
        }

        private func installed(_ storage: TestStorage) -> OTALocalizedString.InstalledContent? {
            OTALocalizedString.installedContent(for: "Checkout", storageRoot: storage.root, appVersion: "1.0")
        }

        private func served() -> OTALocalizedString.ServedContent {
            OTALocalizedString.servedContent(for: "Checkout")
        }

        private func write(_ storage: TestStorage, _ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: storage.moduleFolder(version: "1.0", module: "Checkout").appendingPathComponent(name))
        }

        @Test func aServedInstallHasInstalledContentsIdentityAndRollout() throws {
            // Given: Checkout installed for rollout r1 from a publish whose entry is `entry`.
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: sha)
            try write(storage, "rollout", "\(sha) r1\n")
            try write(storage, "published", "\(sha) \(entry)\n")
            defer { OTALocalizedString.clearBundleCache() }

            load(storage)

            #expect(OTALocalizedString.bundle(for: "Checkout")?.bundleURL.lastPathComponent == sha)
            #expect(served() == .overTheAir(.init(sha256: entry, rolloutID: "r1", folderSHA256: sha)))
            #expect(served() == installed(storage).map { .overTheAir($0) })
        }

        @Test func aQuarantinedInstallIsInstalledButEmbedded() throws {
            // Given: two unconfirmed launches of Checkout's content; the third is refused by the crash-loop guard.
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: sha)
            try write(storage, "rollout", "\(sha) r1\n")
            defer { OTALocalizedString.clearBundleCache() }
            load(storage, maximum: 2)
            #expect(served() == .overTheAir(.init(sha256: sha, rolloutID: "r1")))
            load(storage, maximum: 2)

            load(storage, maximum: 2)

            #expect(OTALocalizedString.bundle(for: "Checkout") == nil)
            #expect(installed(storage) == .init(sha256: sha, rolloutID: "r1"), "installed, and still reported so")
            #expect(served() == .embedded(.quarantined))
            #expect(OTALocalizedString.launchQuarantine(storageRoot: storage.root, appVersion: "1.0")?.modules == ["Checkout": sha])
        }

        @Test func anUnusableLaunchCountServesEmbeddedStrings() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: sha)
            // A folder where the count belongs: the guard fails closed.
            try FileManager.default.createDirectory(
                at: storage.root.appendingPathComponent("1.0/launch-attempts"), withIntermediateDirectories: true)
            defer { OTALocalizedString.clearBundleCache() }

            load(storage, maximum: 2)

            #expect(OTALocalizedString.bundle(for: "Checkout") == nil)
            #expect(installed(storage) == .init(sha256: sha, rolloutID: nil))
            #expect(served() == .embedded(.launchGuardUnavailable))
        }

        @Test func aFolderNoTrustedKeyVouchedForIsInstalledButEmbedded() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: sha)
            defer { OTALocalizedString.clearBundleCache() }

            // No vouch record, then one naming another key, then one naming another folder.
            for record in [nil, "\(sha) \(String(repeating: "34", count: 32))\n", "\(String(repeating: "cd", count: 32)) \(key)\n"] {
                if let record { try write(storage, "vouched", record) }
                load(storage, trustedKeyIDs: [key])
                #expect(OTALocalizedString.bundle(for: "Checkout") == nil)
                #expect(installed(storage) == .init(sha256: sha, rolloutID: nil))
                #expect(served() == .embedded(.notVouched), "\(record ?? "no record")")
            }

            try write(storage, "vouched", "\(sha) \(key)\n")
            load(storage, trustedKeyIDs: [key])
            #expect(served() == .overTheAir(.init(sha256: sha, rolloutID: nil)))
        }

        @Test func slicesThatDoNotCoverTheLanguagesAreInstalledButEmbedded() throws {
            // Given: a folder assembled from the base slice alone (en) of a module with de, en and fr, named by the
            // SHA-256 of its slice record (docs/design.md, "Slices"), as sha256sum computes it.
            let storage = try TestStorage()
            let record = "ota-localizations-slices 1\ndevelopment en\navailable de en fr\nbase \(sha)\n"
            let recordFile = storage.root.appendingPathComponent("record")
            try Data(record.utf8).write(to: recordFile)
            let folder = try ExternalTool.sha256sumBlocking(recordFile)
            let bundleFolder = try storage.install(version: "1.0", module: "Checkout", sha: folder)
            try Data(record.utf8).write(to: bundleFolder.appendingPathComponent(".ota-slices"))
            try write(storage, "published", "\(folder) \(entry)\n")
            defer { OTALocalizedString.clearBundleCache() }

            load(storage, selection: OTALocalizationSelection(preferredLanguages: ["fr"]))

            #expect(OTALocalizedString.bundle(for: "Checkout") == nil)
            #expect(installed(storage) == .init(sha256: entry, rolloutID: nil, folderSHA256: folder))
            #expect(served() == .embedded(.languagesNotCovered))

            // The same install serves a user of the language it holds.
            load(storage, selection: OTALocalizationSelection(preferredLanguages: ["en"]))
            #expect(served() == .overTheAir(.init(sha256: entry, rolloutID: nil, folderSHA256: folder)))
        }

        @Test func embeddedReasonsForNoInstallAnUnreadableFolderAndAClearedCache() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: sha)
            try storage.install(version: "1.0", module: "Profile", sha: sha)
            try FileManager.default.removeItem(
                at: storage.moduleFolder(version: "1.0", module: "Profile").appendingPathComponent("\(sha)/Info.plist"))
            defer { OTALocalizedString.clearBundleCache() }

            load(storage)

            #expect(OTALocalizedString.servedContent(for: "Search") == .embedded(.notInstalled))
            #expect(OTALocalizedString.bundle(for: "Profile") == nil)
            #expect(OTALocalizedString.servedContent(for: "Profile") == .embedded(.unreadable))
            #expect(served() == .overTheAir(.init(sha256: sha, rolloutID: nil)))
            OTALocalizedString.clearBundleCache()
            #expect(OTALocalizedString.bundle(for: "Checkout") == nil)
            #expect(served() == .embedded(.cleared))
            #expect(installed(storage) == .init(sha256: sha, rolloutID: nil))
        }

        /// What the cache serves until the next load, whatever an update cycle installs meanwhile.
        @Test func anInstallAfterTheLoadChangesInstalledContentButNotWhatIsServed() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: sha)
            try write(storage, "rollout", "\(sha) r1\n")
            defer { OTALocalizedString.clearBundleCache() }
            load(storage)
            #expect(served() == .overTheAir(.init(sha256: sha, rolloutID: "r1")))

            // When: a cycle installs other content as the stable entry (the rollout record goes).
            let newer = String(repeating: "cd", count: 32)
            try storage.install(version: "1.0", module: "Checkout", sha: newer)
            try FileManager.default.removeItem(at: storage.moduleFolder(version: "1.0", module: "Checkout").appendingPathComponent("rollout"))

            #expect(installed(storage) == .init(sha256: newer, rolloutID: nil))
            #expect(OTALocalizedString.bundle(for: "Checkout")?.bundleURL.lastPathComponent == sha)
            #expect(served() == .overTheAir(.init(sha256: sha, rolloutID: "r1")))

            load(storage)
            #expect(served() == .overTheAir(.init(sha256: newer, rolloutID: nil)))
        }
    }
}
