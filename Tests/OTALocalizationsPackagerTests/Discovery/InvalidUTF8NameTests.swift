import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizationsPackager

/// Linux allows any bytes in a file name. Names that are not valid UTF-8 cannot be spelled as a `String` path, so
/// discovery reports them as unreadable, as it did when folders were listed with `FileManager`; it never lists them
/// as tables (which then fail to read) and never drops them from the skipped list.
@Suite struct InvalidUTF8NameTests {
    /// `folder` + `/` + `name` as raw bytes, NUL-terminated.
    private func rawPath(_ folder: URL, _ name: [UInt8]) -> [CChar] {
        (Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]).map { CChar(bitPattern: $0) }
    }

    @Test func namesThatAreNotUTF8AreSkippedAsUnreadable() throws {
        let repo = try TemporaryDirectory("rawnames")
        defer { repo.remove() }
        try repo.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        let resources = repo.url.appendingPathComponent("App")
        let lproj = resources.appendingPathComponent("en.lproj")
        let badFile = rawPath(lproj, Array("Bad".utf8) + [0xFF] + Array("Name.strings".utf8))
        let badFolder = rawPath(resources, Array("de".utf8) + [0xE2, 0x82] + Array(".lproj".utf8))
        let descriptor = open(badFile, O_CREAT | O_WRONLY, 0o644)
        #expect(descriptor >= 0)
        close(descriptor)
        #expect(mkdir(badFolder, 0o755) == 0)
        defer { unlink(badFile); rmdir(badFolder) }

        let result = try ModuleDiscovery.discover(repositoryRoot: repo.url, configuration: PackagerConfiguration())

        #expect(result.modules.map(\.name) == ["App"])
        #expect(result.modules[0].localizations == ["en"])
        #expect(result.modules[0].tables.map(\.relativePath) == ["App/en.lproj/Localizable.strings"])
        let skipped = Dictionary(uniqueKeysWithValues: result.skipped.map { ($0.path, $0.reason) })
        #expect(skipped == [
            "App/de\u{FFFD}.lproj": "cannot be read",
            "App/en.lproj/Bad\u{FFFD}Name.strings": "cannot be read",
        ])
    }
}
