import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager
import OTATestSupport
import Testing

/// `diff`'s reading of a published version folder: a manifest written here, ZIPs made by Info-ZIP's `zip`, sizes and
/// hashes from the file system and `sha256sum`.
@Suite struct PublishedVersionReaderTests {
    /// A version folder `<root>/1.0/` with one module `Shop` (`en` strings and a plural) and `manifest.json`.
    private func publishedFolder(_ root: TemporaryDirectory, manifestName: String = "manifest.json", sha256: String? = nil) throws -> URL {
        try root.write("bundle/en.lproj/Localizable.strings", "\"title\" = \"Shop\";\n\"title\" = \"Our shop\";\n")
        try root.write("bundle/fr.lproj/Localizable.strings", "\"title\" = \"Boutique\";\n")
        let version = root.url.appendingPathComponent("1.0")
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        let zipped = try ExternalTool.runBlocking("zip", ["-X", "-q", "-r", version.appendingPathComponent("Shop-1.zip").path, "."],
                                          currentDirectory: root.url.appendingPathComponent("bundle"))
        #expect(zipped.status == 0, "\(zipped.stderr)")
        let zip = version.appendingPathComponent("Shop-1.zip")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: zip.path)[.size] as? Int)
        let manifest = """
            {"formatVersion":1,"appVersion":"1.0","publishedAt":"2026-07-24T10:00:00Z","developmentRegion":"en",
             "modules":[{"name":"Shop","path":"Shop-1.zip","sha256":"\(try sha256 ?? ExternalTool.sha256sumBlocking(zip))","size":\(size),
             "localizations":["en","fr"]}]}
            """
        try Data(manifest.utf8).write(to: version.appendingPathComponent(manifestName))
        return version
    }

    private let english = StringsSnapshot.TableID(module: "Shop", localization: "en", fileName: "Localizable.strings")
    private let french = StringsSnapshot.TableID(module: "Shop", localization: "fr", fileName: "Localizable.strings")

    @Test func aVersionFolderIsItsManifestsZipsAsADeviceReadsThem() throws {
        let root = try TemporaryDirectory("diff-published")
        defer { root.remove() }
        let version = try publishedFolder(root)
        let reader = PublishedVersionReader()

        // The folder, its manifest and a file: URL of the folder are one location.
        for location in [version.path, version.appendingPathComponent("manifest.json").path, version.absoluteString] {
            #expect(reader.reads(location), "\(location)")
            let snapshot = try reader.snapshot(of: location)
            #expect(Set(snapshot.tables.keys) == [english, french], "\(location)")
            // The later definition of a key wins, as on a device.
            #expect(snapshot.tables[english]?.entries == ["title": StringsValue(text: "Our shop")])
            #expect(snapshot.tables[french]?.entries == ["title": StringsValue(text: "Boutique")])
        }
    }

    @Test func aPublishedTableThatDoesNotParseIsKeptWithItsReason() throws {
        let root = try TemporaryDirectory("diff-unreadable")
        defer { root.remove() }
        try root.write("bundle/en.lproj/Broken.strings", "\"a\" = \"A\"\n")
        let version = try publishedFolder(root)

        let snapshot = try PublishedVersionReader().snapshot(of: version.path)

        let broken = try #require(snapshot.tables[StringsSnapshot.TableID(module: "Shop", localization: "en", fileName: "Broken.strings")])
        #expect(broken.entries.isEmpty)
        // The path inside the version folder's module, the line and column after the value, then the parser's reason.
        #expect(broken.unreadableReason?.hasPrefix("Shop/en.lproj/Broken.strings:1:") == true, "\(broken.unreadableReason ?? "nil")")
        #expect(snapshot.tables[english]?.unreadableReason == nil)
    }

    @Test func aZipThatDiffersFromItsManifestIsRefusedInOneLineWithoutBaselineWords() throws {
        let root = try TemporaryDirectory("diff-damaged")
        defer { root.remove() }
        let version = try publishedFolder(root, sha256: String(repeating: "0", count: 64))

        #expect {
            try PublishedVersionReader().snapshot(of: version.path)
        } throws: { error in
            guard let error = error as? PackagerError else { return false }
            return error.code == .configuration
                && error.reason == "\(version.appendingPathComponent("Shop-1.zip").absoluteString): size or SHA-256 differs from the manifest; the published files are damaged"
        }
    }

    @Test func aFolderWithOnlyAChannelManifestIsReadFromIt() throws {
        let root = try TemporaryDirectory("diff-channel")
        defer { root.remove() }
        let version = try publishedFolder(root, manifestName: "manifest.staging.json")
        try Data("{}".utf8).write(to: version.appendingPathComponent("manifest.staging.dsse.json"))

        let reader = PublishedVersionReader()
        #expect(reader.reads(version.path))
        #expect(Set(try reader.snapshot(of: version.path).tables.keys) == [english, french])

        // A second channel's manifest: which one is meant is the caller's to say.
        try FileManager.default.copyItem(at: version.appendingPathComponent("manifest.staging.json"), to: version.appendingPathComponent("manifest.qa.json"))
        #expect {
            try reader.snapshot(of: version.path)
        } throws: { error in
            (error as? PackagerError)?.reason == "\(version.path) holds manifest.qa.json, manifest.staging.json: pass the one to read, e.g. "
                + version.appendingPathComponent("manifest.qa.json").path
        }
    }

    @Test func itReadsURLsAndPublishedFoldersButNotRepositoriesOrOtherSchemes() throws {
        let repository = try TemporaryDirectory("diff-repository")
        defer { repository.remove() }
        try repository.write("Shop/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        let reader = PublishedVersionReader()

        #expect(reader.reads("https://strings.example.com/ios/1.0"))
        #expect(reader.reads("http://127.0.0.1:8080/ios/1.0/manifest.json"))
        #expect(!reader.reads("s3://bucket/ios/1.0"))
        // A colon in a folder name is no scheme.
        #expect(!reader.reads(repository.url.appendingPathComponent("a:b").path))
        #expect(!reader.reads(repository.path))
        #expect(RepositoryReader().reads(repository.path))
        #expect(!RepositoryReader().reads("https://strings.example.com/ios/1.0"))
    }

    @Test func aLocationNoReaderReadsIsNamedWithWhatToGive() throws {
        let readers = StringsLocations.standardReaders()
        #expect {
            try StringsLocations.snapshot(of: "s3://bucket/ios/1.0", readers: readers)
        } throws: { error in
            (error as? PackagerError)?.reason == "'s3://bucket/ios/1.0': s3: locations are not read here; give the http(s) URL of the "
                + "version folder (the one the app reads), a folder on disk, or a manifest file"
        }
        #expect {
            try StringsLocations.snapshot(of: "/nonexistent/ota/1.0", readers: readers)
        } throws: { error in
            (error as? PackagerError)?.code == .missingFolder
        }
    }
}
