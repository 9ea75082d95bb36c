import Foundation
import Testing
import OTATestSupport
@testable import OTALocalizations

@Suite struct OTAStorageLayoutTests {
    let layout = OTAStorageLayout(storageRoot: URL(fileURLWithPath: "/data/OTALocalizations", isDirectory: true),
                                  appVersion: "26.7.0")

    @Test func pathsFollowTheDesignLayout() {
        #expect(layout.versionFolder.path == "/data/OTALocalizations/26.7.0")
        #expect(layout.stateFile.path == "/data/OTALocalizations/26.7.0/state.json")
        #expect(layout.modulesFolder.path == "/data/OTALocalizations/26.7.0/modules")
        #expect(layout.temporaryFolder.path == "/data/OTALocalizations/26.7.0/tmp")
        #expect(layout.installedFromFile.path == "/data/OTALocalizations/26.7.0/installed-from.json")
        #expect(layout.moduleFolder("Checkout").path == "/data/OTALocalizations/26.7.0/modules/%43heckout")
        #expect(layout.currentPointerFile(module: "Checkout").path
            == "/data/OTALocalizations/26.7.0/modules/%43heckout/current")
        #expect(layout.installFolder(module: "Checkout", sha256: TestHash.c).path
            == "/data/OTALocalizations/26.7.0/modules/%43heckout/\(TestHash.c)")
        #expect(layout.installFolder(module: "checkout", folderName: TestHash.c + ".3").path
            == "/data/OTALocalizations/26.7.0/modules/checkout/\(TestHash.c).3")
        #expect(layout.rootMarkerFile.path == "/data/OTALocalizations/.ota-localizations-root.json")
        #expect(layout.newTrashURL().lastPathComponent.hasPrefix(".ota-trash-"))
    }

    static let moduleNames = [
        "Checkout", "checkout", "CHECKOUT", "my-module_2", "Caf\u{E9}", "Stra\u{DF}e", "\u{1F600} emoji", "100%", "a.b",
        ".hidden", "Z", String(repeating: "x", count: 255), "\u{5B57}",
    ]

    @Test(arguments: moduleNames)
    func storageNamesAreTheIndependentEncodingAndDecodeBack(_ name: String) {
        let storage = OTAStorageLayout.storageName(forModule: name)
        #expect(storage == InstalledLayout.storageName(name))
        #expect(OTAStorageLayout.moduleName(fromStorageName: storage) == name)
        // Only characters that have no other case and no other normalization.
        #expect(storage.unicodeScalars.allSatisfy { "abcdefghijklmnopqrstuvwxyz0123456789-_%ABCDEF".unicodeScalars.contains($0) })
    }

    @Test func namesThatDifferOnlyInCaseGetFoldersThatDifferIgnoringCase() {
        let folders = ["Checkout", "checkout", "CHECKOUT", "ChecKout"].map(OTAStorageLayout.storageName(forModule:))
        #expect(Set(folders.map { $0.lowercased() }).count == 4)
        #expect(OTAStorageLayout.storageName(forModule: "Cafe\u{301}") == OTAStorageLayout.storageName(forModule: "Caf\u{E9}"))
    }

    @Test func onlyTheExactEncodingDecodes() {
        for bad in ["Checkout", "%43heckou%74", "%4", "%4g", "%c3%a9", "%2E", "%2E%2E", "", "a/b", "%2F", "%C3", "%00",
                    "caf%65\u{301}", "cafe%CC%81", String(repeating: "a", count: 256)] {
            #expect(OTAStorageLayout.moduleName(fromStorageName: bad) == nil, "\(bad)")
        }
        #expect(OTAStorageLayout.moduleName(fromStorageName: "%2E%2Ehidden") == "..hidden")
    }

    @Test func aNameTooLongOnceEncodedCannotBeStored() {
        #expect(OTAStorageLayout.canStore(module: String(repeating: "x", count: 255)))
        #expect(!OTAStorageLayout.canStore(module: String(repeating: "X", count: 86)))
        #expect(!OTAStorageLayout.canStore(module: "a/b"))
    }

    @Test func pointerIsTheFolderNameAndANewline() {
        #expect(OTAStorageLayout.currentPointerContents(sha256: TestHash.c) == Data((TestHash.c + "\n").utf8))
        #expect(OTAStorageLayout.parseCurrentPointer(Data((TestHash.c + "\n").utf8)) == TestHash.c)
        #expect(OTAStorageLayout.parseCurrentPointer(Data((TestHash.c + ".1\n").utf8)) == TestHash.c + ".1")
        #expect(OTAStorageLayout.parseCurrentPointer(Data((TestHash.c + ".999999\n").utf8)) == TestHash.c + ".999999")
        #expect(OTAStorageLayout.installFolderName(sha256: TestHash.c, copy: 2) == TestHash.c + ".2")
        #expect(OTAStorageLayout.sha256(ofInstallFolderName: TestHash.c + ".2") == TestHash.c)
    }

    @Test func malformedPointersAreRejected() {
        #expect(OTAStorageLayout.parseCurrentPointer(Data(TestHash.c.utf8)) == nil)                    // no newline
        #expect(OTAStorageLayout.parseCurrentPointer(Data((TestHash.c.uppercased() + "\n").utf8)) == nil)
        #expect(OTAStorageLayout.parseCurrentPointer(Data((TestHash.c + "\n\n").utf8)) == nil)
        #expect(OTAStorageLayout.parseCurrentPointer(Data((String(TestHash.c.dropLast()) + "g\n").utf8)) == nil)
        #expect(OTAStorageLayout.parseCurrentPointer(Data()) == nil)
        for suffix in [".0", ".01", ".", ".1234567", ".a", "-1", ".1.2"] {
            #expect(OTAStorageLayout.parseCurrentPointer(Data((TestHash.c + suffix + "\n").utf8)) == nil, "\(suffix)")
        }
    }

    @Test func appVersionMustBeAPlainFileName() {
        #expect(layout.hasUsableAppVersion)
        for bad in ["", ".", "..", "1/2", "a\\b", "x\u{0}"] {
            #expect(!OTAStorageLayout(storageRoot: layout.storageRoot, appVersion: bad).hasUsableAppVersion)
        }
    }
}
