import Foundation
import Testing
@testable import OTALocalizations

@Suite struct OTAStorageLayoutTests {
    let layout = OTAStorageLayout(storageRoot: URL(fileURLWithPath: "/data/OTALocalizations", isDirectory: true),
                                  appVersion: "26.7.0")

    @Test func pathsFollowTheDesignLayout() {
        #expect(layout.versionFolder.path == "/data/OTALocalizations/26.7.0")
        #expect(layout.stateFile.path == "/data/OTALocalizations/26.7.0/state.json")
        #expect(layout.modulesFolder.path == "/data/OTALocalizations/26.7.0/modules")
        #expect(layout.temporaryFolder.path == "/data/OTALocalizations/26.7.0/tmp")
        #expect(layout.moduleFolder("Checkout").path == "/data/OTALocalizations/26.7.0/modules/Checkout")
        #expect(layout.currentPointerFile(module: "Checkout").path
            == "/data/OTALocalizations/26.7.0/modules/Checkout/current")
        #expect(layout.installFolder(module: "Checkout", sha256: TestHash.c).path
            == "/data/OTALocalizations/26.7.0/modules/Checkout/\(TestHash.c)")
        #expect(layout.rootMarkerFile.path == "/data/OTALocalizations/.ota-localizations-root.json")
    }

    @Test func pointerIsSixtyFourHexDigitsAndANewline() {
        #expect(OTAStorageLayout.currentPointerContents(sha256: TestHash.c) == Data((TestHash.c + "\n").utf8))
        #expect(OTAStorageLayout.parseCurrentPointer(Data((TestHash.c + "\n").utf8)) == TestHash.c)
    }

    @Test func malformedPointersAreRejected() {
        #expect(OTAStorageLayout.parseCurrentPointer(Data(TestHash.c.utf8)) == nil)                    // no newline
        #expect(OTAStorageLayout.parseCurrentPointer(Data((TestHash.c.uppercased() + "\n").utf8)) == nil)
        #expect(OTAStorageLayout.parseCurrentPointer(Data((TestHash.c + "\n\n").utf8)) == nil)
        #expect(OTAStorageLayout.parseCurrentPointer(Data((String(TestHash.c.dropLast()) + "g\n").utf8)) == nil)
        #expect(OTAStorageLayout.parseCurrentPointer(Data()) == nil)
    }

    @Test func appVersionMustBeAPlainFileName() {
        #expect(layout.hasUsableAppVersion)
        for bad in ["", ".", "..", "1/2", "a\\b", "x\u{0}"] {
            #expect(!OTAStorageLayout(storageRoot: layout.storageRoot, appVersion: bad).hasUsableAppVersion)
        }
    }
}
