import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing
@testable import OTALocalizationsPackager
import OTALocalizationsValidation

/// Packages every real app of the shared corpus twice and checks the result with independent tools.
///
/// Each corpus repository is one app, except duckduckgo/apple-browsers, a monorepo of two apps (iOS and macOS)
/// with separate marketing versions, which is packaged per app root. Every app goes through the adoption path
/// (`validate --write-baseline`, then `package --validation-baseline`) with no configuration and no excludes.
@Suite struct CorpusPackagingTests {
    static let apps: [String] = [
        "Dimillian__IceCubesApp",
        "duckduckgo__apple-browsers/iOS",
        "duckduckgo__apple-browsers/macOS",
        "mastodon__mastodon-ios",
        "nextcloud__talk-ios",
        "owncloud__ios-app",
    ]

    /// Configuration per app (JSON), where the default rule is not enough: none is.
    static let configurations: [String: String] = [:]

    @Test func everyCorpusRepositoryIsCovered() throws {
        let repositories = try TestPaths.corpusRepositories().map(\.lastPathComponent)
        #expect(repositories.count >= 5, "set OTA_SHARED to the shared folder (now \(TestPaths.shared.path))")
        for repository in repositories {
            #expect(Self.apps.contains { $0 == repository || $0.hasPrefix(repository + "/") }, "\(repository)")
        }
    }

    @Test func duckDuckGoMonorepoAtItsRootNamesBothAppFolders() throws {
        let root = TestPaths.corpus.appendingPathComponent("duckduckgo__apple-browsers")
        let error = #expect(throws: PackagerError.self) {
            try ModuleDiscovery.discover(repositoryRoot: root, configuration: PackagerConfiguration())
        }
        #expect(error?.code == .nameCollision)
        #expect(error?.reason.contains("'iOS/DuckDuckGo'") == true)
        #expect(error?.reason.contains("'macOS/DuckDuckGo'") == true)
    }

    @Test func ownCloudsCatalogSupersedesItsStaleLprojCopies() throws {
        // Xcode refuses a target with Localizable.xcstrings and Localizable.strings (swift-build: "cannot co-exist"):
        // the catalog is published, and each of the 12 stale copies
        // (`ls owncloud__ios-app/ownCloud/Resources/*.lproj/Localizable.strings | wc -l`) is skipped naming it.
        let root = TestPaths.corpus.appendingPathComponent("owncloud__ios-app")
        let result = try ModuleDiscovery.discover(repositoryRoot: root, configuration: PackagerConfiguration())
        let ownCloud = try #require(result.modules.first { $0.name == "ownCloud" })
        #expect(ownCloud.catalogs.map(\.relativePath) == ["ownCloud/Resources/Localizable.xcstrings"])
        #expect(!ownCloud.tables.contains { $0.tableName == "Localizable" })
        let stale = result.skipped.filter { $0.reason.hasPrefix("ownCloud/Resources/Localizable.xcstrings defines this table") }
        #expect(stale.count == 12)
        #expect(stale.allSatisfy { $0.path.hasPrefix("ownCloud/Resources/") && $0.path.hasSuffix(".lproj/Localizable.strings") })
    }

    @Test(arguments: apps)
    func packagesReproduciblyAndIndependentToolsAgree(_ name: String) throws {
        let repo = TestPaths.corpus.appendingPathComponent(name)
        let first = try TemporaryDirectory("corpus1")
        let second = try TemporaryDirectory("corpus2")
        defer { first.remove(); second.remove() }
        let date = Date(timeIntervalSince1970: 1_790_000_000)
        let config = try Self.configurations[name].map { try first.write("config.json", $0) }
        // Real apps ship findings today; adopting the gate means recording them first (issue "Validation").
        let run = try Validator.validate(repositoryRoot: repo, configurationFile: config, options: ValidationOptions())
        #expect(!run.diagnostics.contains { $0.code == .parseError || $0.code == .encoding })
        let baseline = try first.write("baseline.json", ValidationBaseline(recording: run.diagnostics).encoded())
        let validation = ValidationOptions(adoptionBaselineFile: baseline)

        let a = try Packager.package(PackageOptions(
            repositoryRoot: repo, appVersion: "9.9.9", outputDirectory: first.url.appendingPathComponent("out"),
            configurationFile: config, publishedAt: date, validation: validation
        ))
        let b = try Packager.package(PackageOptions(
            repositoryRoot: repo, appVersion: "9.9.9", outputDirectory: second.url.appendingPathComponent("out"),
            configurationFile: config, publishedAt: date, validation: validation
        ))
        // Baselined errors become warnings; notes stay notes; nothing blocks.
        #expect(a.diagnostics.filter { $0.severity == .error }.isEmpty)

        #expect(!a.modules.isEmpty)
        #expect(Set(a.modules.map(\.name)).count == a.modules.count)
        #expect(a.modules == b.modules)
        let folderA = first.url.appendingPathComponent("out/9.9.9")
        let folderB = second.url.appendingPathComponent("out/9.9.9")
        #expect(try Data(contentsOf: folderA.appendingPathComponent("manifest.json"))
                == Data(contentsOf: folderB.appendingPathComponent("manifest.json")))
        for module in a.modules {
            let zipA = folderA.appendingPathComponent(module.path)
            #expect(try Data(contentsOf: zipA) == Data(contentsOf: folderB.appendingPathComponent(module.path)))
            #expect(try ExternalTool.sha256sumBlocking(zipA) == module.sha256)
            let test = try ExternalTool.runBlocking("unzip", ["-tq", zipA.path])
            #expect(test.status == 0, "unzip -t \(module.path): \(test.stdout)\(test.stderr)")
        }
        // Python reads every ZIP: CRCs, Info.plist, every .stringsdict as a property list, and the entry count.
        let report = try ExternalTool.pythonBlocking("""
            import sys, json, zipfile, plistlib, os
            folder = sys.argv[1]
            manifest = json.load(open(os.path.join(folder, "manifest.json")))
            for m in manifest["modules"]:
                z = zipfile.ZipFile(os.path.join(folder, m["path"]))
                assert z.testzip() is None, m["path"]
                info = plistlib.loads(z.read("Info.plist"))
                assert info["CFBundlePackageType"] == "BNDL"
                for n in z.namelist():
                    if n.endswith(".stringsdict"):
                        assert isinstance(plistlib.loads(z.read(n)), dict), n
                langs = sorted({n.split("/")[0][:-len(".lproj")] for n in z.namelist() if "/" in n})
                assert langs == m["localizations"], (langs, m["localizations"])
                print(m["name"], len(z.namelist()) - 1)
            """, [folderA.path])
        let expected = a.modules.map { "\($0.name) \($0.files)" }.joined(separator: "\n") + "\n"
        #expect(report == expected)
    }
}
