import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing
@testable import OTALocalizationsPackager

/// Packages every real repository of the shared corpus twice and checks the result with independent tools.
@Suite struct CorpusPackagingTests {
    static func repositories() -> [String] {
        (try? TestPaths.corpusRepositories().map(\.lastPathComponent)) ?? []
    }

    @Test func corpusIsPresent() {
        #expect(Self.repositories().count >= 5, "set OTA_SHARED to the shared folder (now \(TestPaths.shared.path))")
    }

    @Test(arguments: repositories())
    func packagesReproduciblyAndIndependentToolsAgree(_ name: String) throws {
        let repo = TestPaths.corpus.appendingPathComponent(name)
        let first = try TemporaryDirectory("corpus1")
        let second = try TemporaryDirectory("corpus2")
        defer { first.remove(); second.remove() }
        let date = Date(timeIntervalSince1970: 1_790_000_000)

        let a = try Packager.package(PackageOptions(repositoryRoot: repo, appVersion: "9.9.9", outputDirectory: first.url, publishedAt: date))
        let b = try Packager.package(PackageOptions(repositoryRoot: repo, appVersion: "9.9.9", outputDirectory: second.url, publishedAt: date))

        #expect(!a.modules.isEmpty)
        #expect(Set(a.modules.map(\.name)).count == a.modules.count)
        #expect(a.modules == b.modules)
        let folderA = first.url.appendingPathComponent("9.9.9")
        let folderB = second.url.appendingPathComponent("9.9.9")
        #expect(try Data(contentsOf: folderA.appendingPathComponent("manifest.json"))
                == Data(contentsOf: folderB.appendingPathComponent("manifest.json")))
        for module in a.modules {
            let zipA = folderA.appendingPathComponent(module.path)
            #expect(try Data(contentsOf: zipA) == Data(contentsOf: folderB.appendingPathComponent(module.path)))
            #expect(try ExternalTool.sha256sum(zipA) == module.sha256)
            let test = try ExternalTool.run("unzip", ["-tq", zipA.path])
            #expect(test.status == 0, "unzip -t \(module.path): \(test.stdout)\(test.stderr)")
        }
        // Python reads every ZIP: CRCs, Info.plist, every .stringsdict as a property list, and the entry count.
        let report = try ExternalTool.python("""
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
