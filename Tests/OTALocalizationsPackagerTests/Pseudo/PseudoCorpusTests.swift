import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing
@testable import OTALocalizationsPackager
import OTALocalizationsValidation

/// Pseudo-localizes every real app of the shared corpus on the channel `qa`, then reads the published ZIPs back
/// (`unzip`) and checks them with the validator: every development key is in the pseudo localization, with the same
/// format specifiers, and the pseudo localization has no validation error and no missing key or plural category.
@Suite struct PseudoCorpusTests {
    /// The localization other than the development region (and `Base`) that the most modules have, ties by name.
    static func mostCommonLocalization(_ modules: [LoadedModule], developmentRegion: String) -> String? {
        var counts: [String: Int] = [:]
        for module in modules {
            for localization in module.localizations where localization != developmentRegion && localization != "Base" {
                counts[localization, default: 0] += 1
            }
        }
        return counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.first?.key
    }

    @Test func everyCorpusRepositoryIsCovered() throws {
        let repositories = try TestPaths.corpusRepositories().map(\.lastPathComponent)
        #expect(repositories.count >= 5, "set OTA_SHARED to the shared folder (now \(TestPaths.shared.path))")
        for repository in repositories {
            #expect(CorpusPackagingTests.apps.contains { $0 == repository || $0.hasPrefix(repository + "/") }, "\(repository)")
        }
    }

    @Test(arguments: CorpusPackagingTests.apps)
    func pseudoLocalizesWithTheDevelopmentSpecifiersAndNoValidationError(_ name: String) throws {
        let repo = TestPaths.corpus.appendingPathComponent(name)
        let folder = try TemporaryDirectory("pseudo-corpus")
        defer { folder.remove() }
        // Real apps ship findings today: record them, as adopting the gate does, so only new ones block.
        let run = try Validator.validate(repositoryRoot: repo, configurationFile: nil, options: ValidationOptions())
        let baseline = try folder.write("baseline.json", ValidationBaseline(recording: run.diagnostics).encoded())
        let discovery = try ModuleDiscovery.discover(repositoryRoot: repo, configuration: PackagerConfiguration())
        let developmentRegion = PackagerConfiguration().developmentRegion
        let loaded = try TableLoader.loadAll(discovery.modules).modules
        let localization = try #require(Self.mostCommonLocalization(loaded, developmentRegion: developmentRegion))

        let result = try Packager.package(PackageOptions(
            repositoryRoot: repo, appVersion: "9.9.9", outputDirectory: folder.url.appendingPathComponent("out"),
            publishedAt: Date(timeIntervalSince1970: 1_790_000_000), validation: ValidationOptions(adoptionBaselineFile: baseline),
            channel: "qa", pseudoLocalization: localization))
        #expect(result.manifest.channel == "qa")
        #expect(!result.diagnostics.contains { $0.localization == localization && $0.severity == .error && !$0.baselined })

        var keys = 0
        var pseudoModules = 0
        for module in result.modules {
            let unzipped = folder.url.appendingPathComponent("unzipped/\(module.name)")
            try FileManager.default.createDirectory(at: unzipped, withIntermediateDirectories: true)
            let unzip = try ExternalTool.runBlocking("unzip", ["-q", folder.url.appendingPathComponent("out/9.9.9/\(module.path)").path, "-d", unzipped.path])
            #expect(unzip.status == 0, "\(unzip.stderr)")
            let input = try ValidationInput(contentsOf: unzipped, module: module.name, developmentRegion: developmentRegion, displayRoot: module.name)
            guard module.localizations.contains(localization), module.localizations.contains(developmentRegion) else { continue }
            pseudoModules += 1
            let findings = ModuleValidator().validate(input).filter { $0.localization == localization }
            let unexpected: Set<ValidationDiagnostic.Code> = [.missingKey, .whitespaceMismatch, .stringsDictMissingPluralCategory, .stringsDictUnusedPluralCategory]
            #expect(findings.filter { $0.severity == .error || unexpected.contains($0.code) }.map(\.formatted) == [], "\(module.name)")
            keys += try Self.compareSpecifiers(input, localization: localization, developmentRegion: developmentRegion)
        }
        #expect(pseudoModules > 0)
        #expect(keys > 0)
    }

    /// Checks that each development table has its pseudo copy with every key, each string's format specifiers equal to
    /// the development string's, and CLDR's categories in each plural rule; returns the number of keys checked.
    static func compareSpecifiers(_ input: ValidationInput, localization: String, developmentRegion: String) throws -> Int {
        let files = Dictionary(input.files.map { ($0.relativePath, $0.content) }, uniquingKeysWith: { a, _ in a })
        var keys = 0
        for file in input.files where file.localization == developmentRegion {
            let pseudoPath = "\(localization).lproj/\(file.fileName)"
            switch (file.content, files[pseudoPath]) {
            case (.strings(let development), .strings(let pseudo)?):
                let values = pseudo.values
                for (key, value) in development.values {
                    let copy = try #require(values[key], "\(pseudoPath): \(key)")
                    expectSameSpecifiers(copy, value, "\(pseudoPath): \(key)")
                    keys += 1
                }
            case (.stringsDict(let development), .stringsDict(let pseudo)?):
                for (key, value) in development.entries {
                    let copy = try #require(pseudo.entries[key], "\(pseudoPath): \(key)")
                    compare(copy, value, localization: localization, "\(pseudoPath): \(key)")
                    keys += 1
                }
            default:
                Issue.record("\(input.module): \(pseudoPath) is missing or of another kind")
            }
        }
        return keys
    }

    private static func compare(_ pseudo: PropertyListValue, _ development: PropertyListValue, localization: String, _ place: String) {
        switch (pseudo, development) {
        case (.string(let copy), .string(let value)):
            expectSameSpecifiers(copy, value, place)
        case (.dictionary(let copy), .dictionary(let value)):
            let isRule = value["NSStringFormatSpecTypeKey"]?.stringValue == "NSStringPluralRuleType"
            if isRule, let categories = PluralCategories.ruleSet(forLocalization: localization)?.categories {
                #expect(Set(copy.keys.filter(PluralCategories.all.contains)) == categories, "\(place)")
            }
            for (key, member) in copy {
                if isRule, PluralCategories.all.contains(key) {
                    guard let source = value[key] ?? value["other"] else { continue }
                    compare(member, source, localization: localization, "\(place)/\(key)")
                } else if let source = value[key] {
                    if ["NSStringFormatSpecTypeKey", "NSStringFormatValueTypeKey"].contains(key) {
                        #expect(member == source, "\(place)/\(key)")
                    }
                    compare(member, source, localization: localization, "\(place)/\(key)")
                } else {
                    Issue.record("\(place)/\(key) is not in the development entry")
                }
            }
        default:
            #expect(pseudo == development, "\(place)")
        }
    }

    private static func expectSameSpecifiers(_ copy: String, _ value: String, _ place: String) {
        let (a, b) = (FormatSpecifier.parse(copy), FormatSpecifier.parse(value))
        #expect(a.specifiers.map(\.text) == b.specifiers.map(\.text) && a.invalid.map(\.text) == b.invalid.map(\.text), "\(place): \(copy)")
    }
}
