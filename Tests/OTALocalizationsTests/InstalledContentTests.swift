import Foundation
import OTALocalizations
import Testing

/// `OTALocalizedString.installedContent(for:storageRoot:appVersion:)` on installs written by hand (docs/rollouts.md,
/// "Copy experiments and attribution").
@Suite struct InstalledContentTests {
    private let sha = String(repeating: "ab", count: 32)
    private let other = String(repeating: "cd", count: 32)

    private func content(_ storage: TestStorage, _ module: String = "Checkout") -> OTALocalizedString.InstalledContent? {
        OTALocalizedString.installedContent(for: module, storageRoot: storage.root, appVersion: "1.0")
    }

    private func writeRecord(_ storage: TestStorage, _ text: String) throws {
        try Data(text.utf8).write(to: storage.moduleFolder(version: "1.0", module: "Checkout").appendingPathComponent("rollout"))
    }

    @Test func aStableInstallHasItsSHA256AndNoRollout() throws {
        let storage = try TestStorage()
        try storage.install(version: "1.0", module: "Checkout", sha: sha)
        #expect(content(storage) == .init(sha256: sha, rolloutID: nil))
    }

    @Test func aRecordNamingTheActiveSHA256GivesItsRolloutID() throws {
        let storage = try TestStorage()
        try storage.install(version: "1.0", module: "Checkout", sha: sha)
        try writeRecord(storage, "\(sha) checkout-copy_2\n")
        #expect(content(storage) == .init(sha256: sha, rolloutID: "checkout-copy_2"))
    }

    @Test func aReinstalledCopyFolderKeepsTheSHA256AndTheRecord() throws {
        let storage = try TestStorage()
        let folder = storage.moduleFolder(version: "1.0", module: "Checkout")
        try storage.install(version: "1.0", module: "Checkout", sha: sha, pointer: false)
        try FileManager.default.moveItem(at: folder.appendingPathComponent(sha), to: folder.appendingPathComponent("\(sha).2"))
        try Data("\(sha).2\n".utf8).write(to: folder.appendingPathComponent("current"))
        try writeRecord(storage, "\(sha) r1\n")
        #expect(content(storage) == .init(sha256: sha, rolloutID: "r1"))
    }

    @Test(arguments: ["OTHER r1\n", "SHA r1", "SHA  r1\n", "SHA r 1\n", "SHA \n", "SHA r1\n\n", "SHA é\n",
                      "SHA " + String(repeating: "x", count: 65) + "\n"])
    func aRecordForAnotherSHA256OrMalformedCountsAsStable(_ template: String) throws {
        let storage = try TestStorage()
        try storage.install(version: "1.0", module: "Checkout", sha: sha)
        try writeRecord(storage, template.replacingOccurrences(of: "OTHER", with: other).replacingOccurrences(of: "SHA", with: sha))
        #expect(content(storage) == .init(sha256: sha, rolloutID: nil))
    }

    @Test func anExperimentRecordGivesTheExperimentTheArmAndWhetherItWasForced() throws {
        let storage = try TestStorage()
        try storage.install(version: "1.0", module: "Checkout", sha: sha)
        try writeRecord(storage, "\(sha) checkout-cta short\n")
        #expect(content(storage) == .init(sha256: sha, rolloutID: nil, folderSHA256: sha, experimentID: "checkout-cta", arm: "short"))
        try writeRecord(storage, "\(sha) cta control forced\n")
        #expect(content(storage) == .init(sha256: sha, rolloutID: nil, folderSHA256: sha, experimentID: "cta", arm: "control", armForced: true))
        let served = OTALocalizedString.ServedContent.overTheAir(try #require(content(storage)))
        #expect(served.experimentID == "cta" && served.arm == "control" && served.armForced)
        let exposure = OTALocalizedString.Exposure(module: "Checkout", served: served)
        #expect(exposure.experimentID == "cta" && exposure.arm == "control" && exposure.forced)
        #expect(OTALocalizedString.ServedContent.embedded(.notInstalled).arm == nil)
    }

    @Test(arguments: ["OTHER cta short\n", "SHA cta Short\n", "SHA cta short forced2\n", "SHA cta short  forced\n",
                      "SHA cta 1short\n", "SHA cta short\n\n", "SHA c@a short\n", "SHA cta short forced\n ",
                      "SHA cta " + String(repeating: "a", count: 33) + "\n"])
    func aMalformedExperimentRecordCountsAsOutside(_ template: String) throws {
        let storage = try TestStorage()
        try storage.install(version: "1.0", module: "Checkout", sha: sha)
        try writeRecord(storage, template.replacingOccurrences(of: "OTHER", with: other).replacingOccurrences(of: "SHA", with: sha))
        #expect(content(storage) == .init(sha256: sha, rolloutID: nil))
    }

    private func writePublished(_ storage: TestStorage, _ text: String) throws {
        try Data(text.utf8).write(to: storage.moduleFolder(version: "1.0", module: "Checkout").appendingPathComponent("published"))
    }

    @Test func aPublishedRecordLineForTheActiveFolderGivesTheEntrysSHA256() throws {
        let storage = try TestStorage()
        let entry = String(repeating: "ef", count: 32)
        try storage.install(version: "1.0", module: "Checkout", sha: sha)
        // Either line may be the active folder's: the record keeps the folder being replaced until the pointer moves.
        for text in ["\(sha) \(entry)\n", "\(other) \(other)\n\(sha) \(entry)\n", "\(sha) \(entry)\n\(other) \(sha)\n"] {
            try writePublished(storage, text)
            #expect(content(storage) == .init(sha256: entry, rolloutID: nil, folderSHA256: sha), "\(text)")
        }
        try writeRecord(storage, "\(sha) r1\n")
        #expect(content(storage) == .init(sha256: entry, rolloutID: "r1", folderSHA256: sha))
    }

    @Test(arguments: ["OTHER ENTRY\n", "SHA ENTRY", "SHA  ENTRY\n", "SHA ENTRY\n\n", "SHA ENTRY\nSHA ENTRY\n",
                      "SHA ENTRY\nOTHER ENTRY\nOTHER SHA\n", "SHA " + String(repeating: "E", count: 64) + "\n", ""])
    func aPublishedRecordWithoutALineForTheFolderOrMalformedGivesTheFolderHash(_ template: String) throws {
        let storage = try TestStorage()
        try storage.install(version: "1.0", module: "Checkout", sha: sha)
        let text = template.replacingOccurrences(of: "OTHER", with: other).replacingOccurrences(of: "SHA", with: sha)
            .replacingOccurrences(of: "ENTRY", with: String(repeating: "ef", count: 32))
        try writePublished(storage, text)
        #expect(content(storage) == .init(sha256: sha, rolloutID: nil, folderSHA256: sha))
    }

    @Test func noContentWithoutAPointerAFolderOrAUsableAppVersion() throws {
        let storage = try TestStorage()
        #expect(content(storage) == nil)
        try storage.install(version: "1.0", module: "Checkout", sha: sha, pointer: false)
        #expect(content(storage) == nil)
        let folder = storage.moduleFolder(version: "1.0", module: "Checkout")
        try Data("\(other)\n".utf8).write(to: folder.appendingPathComponent("current"))
        #expect(content(storage) == nil, "the pointer names a folder that does not exist")
        try Data("\(sha)".utf8).write(to: folder.appendingPathComponent("current"))
        #expect(content(storage) == nil, "a pointer without its line feed")
        try Data("\(sha)\n".utf8).write(to: folder.appendingPathComponent("current"))
        #expect(content(storage) == .init(sha256: sha, rolloutID: nil))
        #expect(OTALocalizedString.installedContent(for: "Checkout", storageRoot: storage.root, appVersion: "..") == nil)
        #expect(OTALocalizedString.installedContent(for: "../Checkout", storageRoot: storage.root, appVersion: "1.0") == nil)
    }
}
