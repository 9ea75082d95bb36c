import Foundation
import OTALocalizationsSourceLint
import OTATestSupport
import Testing

/// Generated accessors: each generator's file or setting is one finding, at its lookup line; the documented fix is clean.
@Suite struct SourceLinterGeneratedAccessorTests {
    private typealias Fixture = GeneratedAccessorFixtures

    private func hits(_ source: String, path: String = "F.swift") -> [String] {
        SourceLinter.lint(source: source, path: path).map { "\($0.line):\($0.column) \($0.rule)" }
    }

    @Test func swiftGenOutputIsOneFindingAtItsBundleToken() {
        #expect(hits(Fixture.swiftGen) == ["14:18 swiftgen-bundle"])
        let finding = SourceLinter.lint(source: Fixture.swiftGen, path: "Strings.swift")[0]
        #expect(finding.message == "SwiftGen's tr looks every generated string up in BundleToken.bundle, the embedded "
            + "bundle over-the-air updates never reach; set params: { bundle: Bundle.localizationBundle } on its strings "
            + "output in swiftgen.yml")
    }

    @Test func olderSwiftGenOutputIsOneFindingNotAClassBundleOne() {
        #expect(hits(Fixture.swiftGenOlder) == ["5:79 swiftgen-bundle"])
    }

    @Test func swiftGenOutputWithTheBundleParamIsClean() {
        #expect(hits(Fixture.swiftGenFixed) == [])
    }

    @Test func swiftGenConfigFlagsEachStringsOutputWithoutTheBundleParam() {
        let findings = SourceLinter.lint(configuration: Fixture.swiftGenConfig, path: "Checkout/swiftgen.yml")
        #expect(findings.map { "\($0.line):\($0.column) \($0.rule)" } == ["6:5 swiftgen-bundle", "8:5 swiftgen-bundle"])
        #expect(findings[0].message == "this SwiftGen strings output has no bundle param set to Bundle.localizationBundle, "
            + "so its accessors read the embedded bundle over-the-air updates never reach; add params: "
            + "{ bundle: Bundle.localizationBundle }")
    }

    @Test func swiftGenConfigWithABundleParamPerOutputIsClean() {
        #expect(SourceLinter.lint(configuration: Fixture.swiftGenConfigFixed, path: "swiftgen.yml") == [])
    }

    @Test func swiftGenConfigWithASingleOutputMappingIsOneFinding() {
        let config = """
            strings:
              inputs: en.lproj
              outputs:
                templateName: flat-swift5
                output: Strings.swift
            """
        #expect(SourceLinter.lint(configuration: config, path: "swiftgen.yml").map(\.line) == [3])
    }

    @Test func rSwiftOutputIsOneFindingAtItsHostingBundle() {
        #expect(hits(Fixture.rSwift) == ["10:26 rswift-bundle"])
        #expect(SourceLinter.lint(source: Fixture.rSwift, path: "R.generated.swift")[0].message
            == "R.swift's string accessors read the bundle fixed at generation, which over-the-air updates never reach; "
            + "use an _R(bundle: .localizationBundle) instance for strings (docs/integration.md, R.swift)")
    }

    @Test func rSwift7OutputIsOneFindingAtItsRValue() {
        #expect(hits(Fixture.rSwift7) == ["6:9 rswift-bundle"])
    }

    @Test func anRValueMadeWithTheLocalizationBundleIsClean() {
        #expect(hits(Fixture.rSwiftFixed) == [])
    }

    @Test func aHostingBundleOutsideAnRStructIsNotRSwift() {
        #expect(hits("enum Strings {\n    static let hostingBundle = Bundle(for: Token.self)\n}") == [])
    }

    @Test func generatedStringCatalogSymbolsAreOneFindingPerFile() {
        #expect(hits(Fixture.symbols, path: "GeneratedStringSymbols_Checkout.swift") == ["6:9 string-catalog-symbols"])
        #expect(hits(Fixture.symbolsInApp) == ["3:9 string-catalog-symbols"])
        #expect(SourceLinter.lint(source: Fixture.symbols, path: "F.swift")[0].message
            == "Xcode's generated String Catalog symbols resolve in the target's embedded bundle, which over-the-air "
            + "updates never reach, and no setting points them elsewhere; turn STRING_CATALOG_GENERATE_SYMBOLS off for "
            + "this module and look its strings up with bundle: .localizationBundle")
    }

    @Test func symbolsBuiltOnTheLocalizationBundleAreClean() {
        let fixed = Fixture.symbols.replacingOccurrences(of: "Bundle.module.bundleURL", with: "Bundle.localizationBundle.bundleURL")
        #expect(hits(fixed, path: "GeneratedStringSymbols_Checkout.swift") == [])
    }

    @Test func projectSettingIsOneFindingPerProject() {
        let findings = SourceLinter.lint(configuration: Fixture.project, path: "App.xcodeproj/project.pbxproj")
        #expect(findings.map { "\($0.line):\($0.column) \($0.rule)" } == ["7:5 string-catalog-symbols"])
        let off = Fixture.project.replacingOccurrences(of: "GENERATE_SYMBOLS = YES", with: "GENERATE_SYMBOLS = NO")
        #expect(SourceLinter.lint(configuration: off, path: "project.pbxproj") == [])
    }

    @Test func localizedStringResourceLookupsOutsideSymbolsAreEachReported() {
        let source = """
            let a = LocalizedStringResource("a")
            let b = LocalizedStringResource("b", table: "T", bundle: .main)
            let c = LocalizedStringResource("c", bundle: .atURL(Bundle.localizationBundle.bundleURL))
            let d: LocalizedStringResource = "literal"
            """
        #expect(hits(source) == ["1:9 resource-bundle", "2:9 resource-bundle"])
        #expect(SourceLinter.lint(source: source, path: "F.swift")[0].message
            == "LocalizedStringResource without bundle: .atURL(Bundle.localizationBundle.bundleURL) resolves in a bundle "
            + "over-the-air updates never reach; pass bundle: .atURL(Bundle.localizationBundle.bundleURL)")
    }

    @Test func theBundleMacroIsTheModuleBundle() {
        #expect(hits("let a = String(localized: \"a\", bundle: #bundle)") == ["1:32 module-bundle"])
    }

    @Test func aDirectiveSilencesAGeneratedFinding() {
        let silenced = Fixture.rSwift7.replacingOccurrences(
            of: "BundleFinder.self))", with: "BundleFinder.self)) // ota-localizations:disable-line")
        #expect(hits(silenced) == [])
    }

    @Test func configurationFilesAreWalkedBesideSwiftFiles() throws {
        let repo = try TemporaryDirectory("lint")
        defer { repo.remove() }
        try repo.write("swiftgen.yml", Fixture.swiftGenConfig)
        try repo.write("App.xcodeproj/project.pbxproj", Fixture.project)
        try repo.write("App.xcodeproj/other.pbxproj", Fixture.project)
        try repo.write("Sources/Strings.swift", Fixture.swiftGen)

        let files = try SourceLinter.sourceFiles(at: [repo.url])
        let findings = try SourceLinter.lint(paths: [repo.url])

        #expect(files.map(\.lastPathComponent) == ["project.pbxproj", "Strings.swift", "swiftgen.yml"])
        #expect(try SourceLinter.swiftFiles(at: [repo.url]).map(\.lastPathComponent) == ["Strings.swift"])
        #expect(findings.map { "\($0.file.dropFirst(repo.path.count + 1)):\($0.line) \($0.rule)" } == [
            "App.xcodeproj/project.pbxproj:7 string-catalog-symbols", "Sources/Strings.swift:14 swiftgen-bundle",
            "swiftgen.yml:6 swiftgen-bundle", "swiftgen.yml:8 swiftgen-bundle",
        ])
    }
}
