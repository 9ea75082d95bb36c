import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizationsPackager

/// ISO 639-2 reserves the language codes `qaa` through `qtz` "for local use", and BCP 47 (RFC 5646, section 2.2.1)
/// keeps them for private use: no device language is one, so `Bundle` never reads such an `.lproj`. translatewiki.net
/// exports its message documentation for translators as `qqq` (kiwix-apple's `Support/qqq.lproj`).
@Suite struct PrivateUseLanguageTests {
    @Test func theRangeIsQaaThroughQtzInAnyCaseWithOrWithoutARegion() {
        for name in ["qaa", "qqq", "qtz", "QQQ", "qqq-x", "qab_US"] {
            #expect(ModuleDiscovery.isPrivateUse(localization: name), "\(name)")
        }
        // Quechua is qu / que (after qtz); q alone, or four letters, is no ISO 639 code in that range.
        for name in ["qu", "que", "quz", "q", "qqqq", "en", "Base", "zh-Hans"] {
            #expect(!ModuleDiscovery.isPrivateUse(localization: name), "\(name)")
        }
    }

    @Test func discoverySkipsTheFolderWithTheReason() throws {
        let repo = try TemporaryDirectory("qqq")
        defer { repo.remove() }
        try repo.write("Support/en.lproj/Localizable.strings", "\"a\" = \"A %@\";\n")
        try repo.write("Support/qqq.lproj/Localizable.strings", "\"a\" = \"Shown on the about page; %@ is the version.\";\n")
        try repo.write("Support/qaa.lproj/Localizable.strings", "\"a\" = \"x\";\n")
        let result = try ModuleDiscovery.discover(repositoryRoot: repo.url, configuration: PackagerConfiguration())
        #expect(result.modules.map(\.name) == ["Support"])
        #expect(result.modules[0].localizations == ["en"])
        let skipped = Dictionary(uniqueKeysWithValues: result.skipped.map { ($0.path, $0.reason) })
        #expect(skipped["Support/qqq.lproj/Localizable.strings"]?.hasPrefix("qqq is message documentation for translators (translatewiki.net's qqq), not a language") == true)
        #expect(skipped["Support/qaa.lproj/Localizable.strings"]?.hasPrefix("qaa is a private-use language code") == true)
        // Nothing of qqq reaches validation: its text is no translation to compare with en.
        let run = try Validator.validate(repositoryRoot: repo.url, configurationFile: nil, options: ValidationOptions())
        #expect(run.diagnostics.isEmpty)
    }

    @Test func aCatalogsQqqIsNotCompiledNorInTheManifest() throws {
        let repo = try TemporaryDirectory("qqqcat")
        defer { repo.remove() }
        try repo.write("App/Localizable.xcstrings", """
            {"sourceLanguage": "en", "version": "1.0", "strings": {"hi": {"localizations": {
              "de": {"stringUnit": {"state": "translated", "value": "Hallo"}},
              "qqq": {"stringUnit": {"state": "translated", "value": "A greeting on the first screen."}}}}}}
            """)
        let out = repo.url.appendingPathComponent("out")
        let result = try Packager.package(PackageOptions(
            repositoryRoot: repo.url, appVersion: "1.0.0", outputDirectory: out, publishedAt: Date(timeIntervalSince1970: 0)))
        // en, the source language, has no value of its own here, so it compiles to no table (docs/string-catalogs.md).
        #expect(result.modules.map(\.localizations) == [["de"]])
        #expect(result.skipped.contains { $0.path == "App/Localizable.xcstrings (qqq)" && $0.reason.hasPrefix("qqq is message documentation") })
        // The manifest as Python's json reads it.
        let manifest = try ExternalTool.pythonBlocking(
            "import json,sys; print(json.load(open(sys.argv[1]))['modules'][0]['localizations'])",
            [out.appendingPathComponent("1.0.0/manifest.json").path])
        #expect(manifest == "['de']\n")
    }
}
