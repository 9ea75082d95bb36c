import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing
import OTATestSupport
import Testing

@testable import OTALocalizationsPackager

/// A published version read as `--baseline` (and, with its own naming, by `diff`): what a device installed from its
/// ZIPs, and messages that name the reading's paths.
@Suite struct PublishedBaselineTests {
    /// A publish folder with one module `App` holding `tables` (bundle path → contents) beside its `Info.plist`;
    /// `sha256` overrides the ZIP's in the manifest.
    private func publish(_ folder: TemporaryDirectory, _ tables: KeyValuePairs<String, String>, sha256: String? = nil) throws {
        let zip = try ZipWriter.archive(
            [ZipWriter.Entry(path: "Info.plist", data: BundleInfoPlist.bytes(developmentRegion: "en"))]
                + tables.map { ZipWriter.Entry(path: $0.key, data: Data($0.value.utf8)) })
        try zip.write(to: folder.url.appendingPathComponent("App-0.zip"))
        let manifest = Manifest(
            appVersion: "1.0.0", publishedAt: Date(timeIntervalSince1970: 1_780_000_000), developmentRegion: "en",
            modules: [ManifestModule(
                name: "App", path: "App-0.zip", sha256: sha256 ?? SHA256Digest.hexString(zip), size: Int64(zip.count),
                localizations: ["en", "fr"])])
        try manifest.encoded().write(to: folder.url.appendingPathComponent("manifest.json"))
    }

    /// The ``PackagerError`` reason `load` throws, or nil when it throws none.
    private func reason(_ load: () throws -> Any) -> String? {
        do {
            _ = try load()
            return nil
        } catch {
            return (error as? PackagerError)?.reason
        }
    }

    /// A `fr.lproj/Errors.STRINGS` published before discovery skipped it (`table-suffix-case`) reached no device, so
    /// the new publish need not keep it: only tables with the exact suffixes are part of the baseline.
    @Test func aTableInAnotherLetterCaseIsNotPartOfThePublishedBaseline() throws {
        let folder = try TemporaryDirectory("baseline-suffix")
        defer { folder.remove() }
        try publish(folder, ["en.lproj/Localizable.strings": "\"a\" = \"A\";\n", "fr.lproj/Errors.STRINGS": "\"e\" = \"E\";\n"])

        let inputs = try PublishedBaseline.load(folder.path, developmentRegion: "en")
        #expect(inputs["App"]?.files.map(\.relativePath) == ["en.lproj/Localizable.strings"])
    }

    @Test func aTableThatDoesNotParseIsNamedByItsPathInEachReading() throws {
        let folder = try TemporaryDirectory("baseline-naming")
        defer { folder.remove() }
        try publish(folder, ["en.lproj/Localizable.strings": "\"a\" = \"A\";\n", "fr.lproj/Localizable.strings": "\"a\" = \"A\"\n"])

        let asBaseline = try PublishedBaseline.load(folder.path, developmentRegion: "en")
        let asPublished = try PublishedBaseline.load(folder.path, developmentRegion: "en", naming: .publishedVersion)

        #expect(asBaseline["App"]?.files.map(\.path) == ["baseline/App/en.lproj/Localizable.strings", "baseline/App/fr.lproj/Localizable.strings"])
        #expect(asPublished["App"]?.files.map(\.path) == ["App/en.lproj/Localizable.strings", "App/fr.lproj/Localizable.strings"])
        guard case .unreadable(let error) = try #require(asPublished["App"]?.files.last).content else {
            Issue.record("the French table parsed")
            return
        }
        #expect("\(error)".hasPrefix("App/fr.lproj/Localizable.strings:1:"), "\(error)")
    }

    @Test func aDamagedZipAndAMissingManifestAreRefusedInEachReadingsWords() throws {
        let folder = try TemporaryDirectory("baseline-naming-damaged")
        defer { folder.remove() }
        try publish(folder, ["en.lproj/Localizable.strings": "\"a\" = \"A\";\n"], sha256: String(repeating: "0", count: 64))
        let zip = folder.url.appendingPathComponent("App-0.zip").absoluteString

        let damaged = #expect(throws: PackagerError.self) { try PublishedBaseline.load(folder.path, developmentRegion: "en") }
        #expect(damaged?.reason == "published baseline \(zip): size or SHA-256 differs from the manifest; the baseline is damaged")
        #expect(damaged?.field == .publishedBaseline && damaged?.facts.problemStandsAlone == false)
        #expect(damaged?.facts.problem == "\(zip): size or SHA-256 differs from the manifest; the baseline is damaged")
        #expect(reason { try PublishedBaseline.load(folder.path, developmentRegion: "en", naming: .publishedVersion) }
            == "\(zip): size or SHA-256 differs from the manifest; the published files are damaged")

        let missing = folder.url.appendingPathComponent("2.0/manifest.json").path
        let asBaseline = try #require(reason { try PublishedBaseline.load(missing, developmentRegion: "en") })
        let asPublished = try #require(reason { try PublishedBaseline.load(missing, developmentRegion: "en", naming: .publishedVersion) })
        #expect(asBaseline.hasPrefix("published baseline: cannot read the manifest: "), "\(asBaseline)")
        #expect(asBaseline == "published baseline: " + asPublished)
    }
}
