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
        #expect(layout.moduleFolder("Checkout").path == "/data/OTALocalizations/26.7.0/modules/%43heckout")
        #expect(layout.currentPointerFile(module: "Checkout").path
            == "/data/OTALocalizations/26.7.0/modules/%43heckout/current")
        #expect(layout.installFolder(module: "Checkout", folderHash: TestHash.c).path
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
        #expect(OTAStorageLayout.currentPointerContents(folderHash: TestHash.c) == Data((TestHash.c + "\n").utf8))
        #expect(OTAStorageLayout.parseCurrentPointer(Data((TestHash.c + "\n").utf8)) == TestHash.c)
        #expect(OTAStorageLayout.parseCurrentPointer(Data((TestHash.c + ".1\n").utf8)) == TestHash.c + ".1")
        #expect(OTAStorageLayout.parseCurrentPointer(Data((TestHash.c + ".999999\n").utf8)) == TestHash.c + ".999999")
        #expect(OTAStorageLayout.installFolderName(folderHash: TestHash.c, copy: 2) == TestHash.c + ".2")
        #expect(OTAStorageLayout.folderHash(ofInstallFolderName: TestHash.c + ".2") == TestHash.c)
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
        for bad in ["", ".", "..", "1/2", "a\\b", "x\u{0}", ".ota-trash-1", ".ota-localizations.lock"] {
            #expect(!OTAStorageLayout(storageRoot: layout.storageRoot, appVersion: bad).hasUsableAppVersion)
        }
    }
}

/// The seal's format, read strictly: what the installer writes parses back; anything else does not.
@Suite struct BundleSealTests {
    static let hash = String(repeating: "ab", count: 32)

    @Test func whatIsWrittenParsesBackAndInfoPlistComesFirst() {
        let seal = BundleSeal(files: [
            .init(path: "fr.lproj/Localizable.strings", size: 12, sha256: Self.hash),
            .init(path: "Info.plist", size: 400, sha256: Self.hash),
            .init(path: "Base.lproj/Main Menu.strings", size: 0, sha256: Self.hash),
        ])
        let text = String(decoding: seal.encoded(), as: UTF8.self)
        #expect(text == "ota-localizations-seal 1\n400 \(Self.hash) Info.plist\n0 \(Self.hash) Base.lproj/Main Menu.strings\n"
                + "12 \(Self.hash) fr.lproj/Localizable.strings\n")
        #expect(BundleSeal(parsing: seal.encoded()) == seal)
        #expect(BundleSeal.isPlausible(seal.encoded(), infoPlistSize: 400))
        #expect(!BundleSeal.isPlausible(seal.encoded(), infoPlistSize: 401))
    }

    /// A module published with no table (its ZIP holds only `Info.plist`) has a seal of one file line; the launch
    /// check must accept exactly that seal and refuse each of its shorter prefixes.
    @Test func aSealOfInfoPlistAloneIsPlausibleAndNoPrefixOfItIs() {
        let seal = BundleSeal(files: [.init(path: "Info.plist", size: 366, sha256: Self.hash)]).encoded()
        #expect(String(decoding: seal, as: UTF8.self) == "ota-localizations-seal 1\n366 \(Self.hash) Info.plist\n")
        #expect(BundleSeal(parsing: seal)?.files.count == 1)
        #expect(BundleSeal.isPlausible(seal, infoPlistSize: 366))
        for length in 0..<seal.count {
            #expect(!BundleSeal.isPlausible(seal.prefix(length), infoPlistSize: 366), "prefix of \(length) bytes")
        }
    }

    @Test func malformedSealsAreRefused() {
        let good = "ota-localizations-seal 1\n400 \(Self.hash) Info.plist\n12 \(Self.hash) en.lproj/A.strings\n"
        #expect(BundleSeal(parsing: Data(good.utf8)) != nil)
        let bad = [
            good.replacingOccurrences(of: "seal 1", with: "seal 2"),
            String(good.dropLast()),
            good.replacingOccurrences(of: "400 ", with: "0400 "),
            good.replacingOccurrences(of: "12 ", with: "-12 "),
            good.replacingOccurrences(of: "400 ", with: "9999999999999999999 "),
            good.replacingOccurrences(of: "\(Self.hash) Info", with: "\(Self.hash.uppercased()) Info"),
            good.replacingOccurrences(of: " en.lproj/A.strings", with: ""),
            good.replacingOccurrences(of: "12 ", with: "12  "),
            "ota-localizations-seal 1\n12 \(Self.hash) en.lproj/A.strings\n400 \(Self.hash) Info.plist\n",
            good + "12 \(Self.hash) en.lproj/A.strings\n",
            good + "12 \(Self.hash) de.lproj/A.strings\n",
            good + "12 \(Self.hash) en.lproj/B\u{1}.strings\n",
            "ota-localizations-seal 1\n",
            "",
        ]
        for text in bad {
            #expect(BundleSeal(parsing: Data(text.utf8)) == nil, "\(text.debugDescription)")
        }
        #expect(BundleSeal(parsing: Data(good.utf8) + Data([0xFF, 0x0A])) == nil)
    }

    /// The default root is the app's own: two Mac apps that are not sandboxed share Application Support, so the folder
    /// is named by the bundle identifier (Apple's File System Programming Guide); a process without one keeps the
    /// plain name.
    @Test func theDefaultStorageRootIsNamedByTheBundleIdentifier() {
        let support = URL(fileURLWithPath: "/Users/u/Library/Application Support", isDirectory: true)
        #expect(OTAStorageLayout.defaultStorageRoot(applicationSupport: support, bundleIdentifier: "com.example.app").path
            == "/Users/u/Library/Application Support/com.example.app/OTALocalizations")
        #expect(OTAStorageLayout.defaultStorageRoot(applicationSupport: support, bundleIdentifier: "com.example.other").path
            == "/Users/u/Library/Application Support/com.example.other/OTALocalizations")
        for unusable in [nil, "", ".", "..", "a/b", ".hidden"] as [String?] {
            #expect(OTAStorageLayout.defaultStorageRoot(applicationSupport: support, bundleIdentifier: unusable).path
                == "/Users/u/Library/Application Support/OTALocalizations", "\(unusable.debugDescription)")
        }
    }

    /// On macOS `containerURL(forSecurityApplicationGroupIdentifier:)` returns a URL whatever the entitlements (Apple's
    /// documentation of its return value; docs/apple-platform.md A1): the container is used only when it is a folder this
    /// process can write into, so an app that is not entitled falls back to its own root.
    @Test func anAppGroupContainerIsUsedOnlyWhenItIsAWritableFolder() throws {
        let folder = try TemporaryDirectory("app-group")
        defer { folder.remove() }
        let container = folder.url.appendingPathComponent("group.com.example.app", isDirectory: true)

        #expect(OTAStorageLayout.storageRoot(inGroupContainer: nil) == nil)
        #expect(OTAStorageLayout.storageRoot(inGroupContainer: container) == nil, "the container does not exist")
        try folder.write("group.com.example.app", "not a folder")
        #expect(OTAStorageLayout.storageRoot(inGroupContainer: container) == nil, "a file is no container")
        try FileManager.default.removeItem(at: container)
        try FileManager.default.createDirectory(at: container, withIntermediateDirectories: false)
        #expect(OTAStorageLayout.storageRoot(inGroupContainer: container)?.path
            == container.path + "/Library/Application Support/OTALocalizations")
        #expect(OTAStorageLayout.appGroupStorageRoot("group.com.example.app") == nil, "no App Groups off Apple platforms")
    }
}
