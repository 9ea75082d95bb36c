import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing

@testable import OTALocalizationsPackager

/// A published ZIP read as `--baseline` holds what a device installed from it: tables with the exact suffixes only.
/// A `fr.lproj/Errors.STRINGS` published before discovery skipped it (`table-suffix-case`) reached no device, so the
/// new publish need not keep it.
@Suite struct PublishedBaselineSuffixTests {
    @Test func aTableInAnotherLetterCaseIsNotPartOfThePublishedBaseline() throws {
        let folder = try TemporaryDirectory("baseline-suffix")
        defer { folder.remove() }
        let zip = try ZipWriter.archive([
            ZipWriter.Entry(path: "Info.plist", data: BundleInfoPlist.bytes(developmentRegion: "en")),
            ZipWriter.Entry(path: "en.lproj/Localizable.strings", data: Data("\"a\" = \"A\";\n".utf8)),
            ZipWriter.Entry(path: "fr.lproj/Errors.STRINGS", data: Data("\"e\" = \"E\";\n".utf8)),
        ])
        try zip.write(to: folder.url.appendingPathComponent("App-0.zip"))
        let manifest = Manifest(
            appVersion: "1.0.0", publishedAt: Date(timeIntervalSince1970: 1_780_000_000), developmentRegion: "en",
            modules: [ManifestModule(
                name: "App", path: "App-0.zip", sha256: SHA256Digest.hexString(zip), size: Int64(zip.count),
                localizations: ["en", "fr"])])
        try manifest.encoded().write(to: folder.url.appendingPathComponent("manifest.json"))

        let inputs = try PublishedBaseline.load(folder.path, developmentRegion: "en")
        #expect(inputs["App"]?.files.map(\.relativePath) == ["en.lproj/Localizable.strings"])
    }
}
