import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OTALocalizationsPackager
import OTALocalizationsSourceLint
import OTATestSupport
import Testing

/// What can be checked of the iOS example without Xcode: the hand-written project file is a property list whose
/// every reference resolves and that builds every source file; the scheme, `Info.plist` and packages agree with it;
/// the feature modules are the module template and compile against `OTALocalizations`; `publish.sh` publishes what
/// the app expects. (Building the app and running it in the Simulator is the macOS CI job's part.)
@Suite struct ExampleProjectTests {
    static let example = TestPaths.packageRoot.appendingPathComponent("Examples/iOSApp", isDirectory: true)

    // MARK: The project file, read by CoreFoundation's own old-style property list parser

    struct Project {
        var objects: [String: [String: Any]]
        var rootObject: String

        init() throws {
            let data = try Data(contentsOf: ExampleProjectTests.example.appendingPathComponent("OTAExample.xcodeproj/project.pbxproj"))
            var format = PropertyListSerialization.PropertyListFormat.xml
            let plist = try #require(
                try PropertyListSerialization.propertyList(from: data, options: [], format: &format) as? [String: Any])
            #expect(format == .openStep)
            objects = try #require(plist["objects"] as? [String: [String: Any]])
            rootObject = try #require(plist["rootObject"] as? String)
        }

        func object(_ id: String) throws -> [String: Any] { try #require(objects[id], "no object \(id)") }
        func ids(_ object: [String: Any], _ key: String) -> [String] { object[key] as? [String] ?? [] }

        func target(_ name: String) throws -> (id: String, object: [String: Any]) {
            let found = objects.first { $0.value["isa"] as? String == "PBXNativeTarget" && $0.value["name"] as? String == name }
            let target = try #require(found, "no target \(name)")
            return (target.key, target.value)
        }

        /// The path of each file reference, from the project folder, following the groups' `path`s.
        func filePaths() throws -> [String: String] {
            var result: [String: String] = [:]
            let main = try #require(try object(rootObject)["mainGroup"] as? String)
            func walk(_ id: String, _ base: String) throws {
                let item = try object(id)
                let path = (item["path"] as? String).map { base.isEmpty ? $0 : base + "/" + $0 } ?? base
                switch item["isa"] as? String {
                case "PBXGroup", "PBXVariantGroup":
                    for child in ids(item, "children") { try walk(child, item["isa"] as? String == "PBXVariantGroup" ? base : path) }
                case "PBXFileReference":
                    if item["sourceTree"] as? String == "<group>" { result[id] = path }
                default:
                    Issue.record("unexpected \(item["isa"] ?? "nothing") in a group")
                }
            }
            try walk(main, "")
            return result
        }

        /// The files each build phase of `target` builds, as paths.
        func phaseFiles(_ target: [String: Any], _ isa: String) throws -> [String] {
            let paths = try filePaths()
            var result: [String] = []
            for phase in ids(target, "buildPhases") where try object(phase)["isa"] as? String == isa {
                for file in ids(try object(phase), "files") {
                    let reference = try #require(try object(file)["fileRef"] as? String)
                    let referenced = try object(reference)
                    if referenced["isa"] as? String == "PBXVariantGroup" {
                        result += ids(referenced, "children").compactMap { paths[$0] }
                    } else {
                        result.append(try #require(paths[reference]))
                    }
                }
            }
            return result.sorted()
        }

        /// A build setting of `target`'s configuration `name`, else the project's.
        func setting(_ key: String, target: [String: Any], configuration name: String = "Debug") throws -> String? {
            for list in [target["buildConfigurationList"], try object(rootObject)["buildConfigurationList"]].compactMap({ $0 as? String }) {
                for id in ids(try object(list), "buildConfigurations") {
                    let configuration = try object(id)
                    if configuration["name"] as? String == name,
                       let value = (configuration["buildSettings"] as? [String: Any])?[key] as? String {
                        return value
                    }
                }
            }
            return nil
        }
    }

    /// Every `…` object ID (24 hex digits) mentioned anywhere inside `value`.
    private func referencedIDs(_ value: Any) -> [String] {
        switch value {
        case let text as String:
            return text.count == 24 && text.allSatisfy(\.isHexDigit) && text == text.uppercased() ? [text] : []
        case let array as [Any]: return array.flatMap(referencedIDs)
        case let dictionary as [String: Any]: return dictionary.values.flatMap(referencedIDs)
        default: return []
        }
    }

    @Test func everyObjectTheProjectNamesExistsAndEveryFileItNamesIsOnDisk() throws {
        let project = try Project()
        for (id, object) in project.objects {
            #expect(object["isa"] is String, "\(id) has no isa")
            for reference in referencedIDs(object) {
                #expect(project.objects[reference] != nil, "\(id) names \(reference), which is not an object")
            }
        }
        for (_, path) in try project.filePaths() {
            #expect(FileManager.default.fileExists(atPath: Self.example.appendingPathComponent(path).path), "\(path)")
        }
    }

    @Test func theAppBuildsEverySourceAndTableOfItsFolderAndTheTestsTheirs() throws {
        let project = try Project()
        let app = try project.target("OTAExample").object
        let tests = try project.target("OTAExampleTests").object

        #expect(try project.phaseFiles(app, "PBXSourcesBuildPhase") == swiftFiles(under: "OTAExample"))
        #expect(try project.phaseFiles(tests, "PBXSourcesBuildPhase") == swiftFiles(under: "OTAExampleTests"))
        #expect(try project.phaseFiles(app, "PBXResourcesBuildPhase") == [
            "OTAExample/Resources/de.lproj/Localizable.strings", "OTAExample/Resources/en.lproj/Localizable.strings",
            "OTAExample/Resources/fr.lproj/Localizable.strings",
        ])
        #expect(app["productType"] as? String == "com.apple.product-type.application")
        #expect(tests["productType"] as? String == "com.apple.product-type.bundle.unit-test")
    }

    private func swiftFiles(under folder: String) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: Self.example.appendingPathComponent(folder).path)
        var result: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".swift") { result.append(folder + "/" + path) }
        }
        return result.sorted()
    }

    @Test func theSupportFilesCompiledHereAreExactlyTheAppSourcesThatImportNeitherSwiftUINorUIKit() throws {
        for path in try swiftFiles(under: "OTAExample") {
            let text = try String(contentsOf: Self.example.appendingPathComponent(path), encoding: .utf8)
            let usesUI = text.contains("import SwiftUI") || text.contains("import UIKit")
            #expect(usesUI != path.hasPrefix("OTAExample/Support/"), "\(path)")
        }
    }

    @Test func theAppLinksTheFeatureModulesAndTheLibrariesTheirPackagesDeclare() throws {
        let project = try Project()
        let (_, app) = try project.target("OTAExample")
        var linked: [String: String] = [:]
        for id in project.ids(app, "packageProductDependencies") {
            let dependency = try project.object(id)
            let package = try project.object(try #require(dependency["package"] as? String))
            #expect(package["isa"] as? String == "XCLocalSwiftPackageReference")
            linked[try #require(dependency["productName"] as? String)] = try #require(package["relativePath"] as? String)
        }
        #expect(linked == ["Catalog": "Packages/Catalog", "Basket": "Packages/Basket",
                           "OTALocalizations": "../..", "OTALocalizationsSync": "../.."])
        for (product, path) in linked {
            let manifest = try String(
                contentsOf: Self.example.appendingPathComponent(path).appendingPathComponent("Package.swift"), encoding: .utf8)
            #expect(manifest.contains(".library(name: \"\(product)\""), "\(path)/Package.swift has no library \(product)")
        }
        // The test target links nothing itself: it runs inside the app and uses the app's copy of every module, so
        // the read side's cache it loads is the one the modules read.
        #expect(project.ids(try project.target("OTAExampleTests").object, "packageProductDependencies") == [])
    }

    @Test func buildSettingsMatchTheInfoPlistAndThePublish() throws {
        let project = try Project()
        let (_, app) = try project.target("OTAExample")
        let (_, tests) = try project.target("OTAExampleTests")

        #expect(try project.setting("INFOPLIST_FILE", target: app) == "OTAExample/Info.plist")
        #expect(try project.setting("MARKETING_VERSION", target: app) == "1.0")
        #expect(try project.setting("OTA_BASE_URL", target: app) == "http://localhost:8080")
        #expect(try project.setting("IPHONEOS_DEPLOYMENT_TARGET", target: app) == "15.0")
        #expect(try project.setting("SWIFT_VERSION", target: app) == "6.0")
        #expect(try project.setting("TEST_HOST", target: tests)?.hasSuffix("/OTAExample.app/$(BUNDLE_EXECUTABLE_FOLDER_PATH)/OTAExample") == true)
        let publish = try String(contentsOf: Self.example.appendingPathComponent("publish.sh"), encoding: .utf8)
        #expect(publish.contains("\napp_version=1.0\n"))
    }

    @Test func theSharedSchemeBuildsTheAppAndTestsTheTestTarget() throws {
        let project = try Project()
        let scheme = try String(
            contentsOf: Self.example.appendingPathComponent("OTAExample.xcodeproj/xcshareddata/xcschemes/OTAExample.xcscheme"),
            encoding: .utf8)
        let identifiers = scheme.components(separatedBy: "BlueprintIdentifier = \"").dropFirst().map { String($0.prefix(24)) }
        let app = try project.target("OTAExample").id
        let tests = try project.target("OTAExampleTests").id

        #expect(identifiers == [app, tests, app, app])
        let testAction = try #require(scheme.components(separatedBy: "<TestAction").last)
        #expect(testAction.contains("BuildableName = \"OTAExampleTests.xctest\""))
        #expect(try XMLDocumentCheck.isWellFormed(scheme))
    }

    @Test func theInfoPlistDeclaresEveryPublishedLanguageAndTakesItsSettingsFromTheBuild() throws {
        let data = try Data(contentsOf: Self.example.appendingPathComponent("OTAExample/Info.plist"))
        let info = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])

        #expect(info["OTALocalizationsBaseURL"] as? String == "$(OTA_BASE_URL)")
        #expect(info["CFBundleShortVersionString"] as? String == "$(MARKETING_VERSION)")
        #expect((info["NSAppTransportSecurity"] as? [String: Any])?["NSAllowsLocalNetworking"] as? Bool == true)
        // apple-platform.md L2: an over-the-air bundle shows only languages the app declares.
        let declared = Set(info["CFBundleLocalizations"] as? [String] ?? [])
        let modules = try ModuleDiscovery.discover(repositoryRoot: Self.example, configuration: PackagerConfiguration())
        let published = Set(modules.modules.flatMap(\.localizations))
        #expect(published == ["de", "en", "fr"])
        #expect(declared == published)
    }

    // MARK: Feature modules

    @Test(arguments: ["Catalog", "Basket"])
    func featureModulesStartFromTheModuleTemplateAndCompileAgainstOTALocalizations(_ module: String) throws {
        let folder = Self.example.appendingPathComponent("Packages/\(module)/Sources/\(module)", isDirectory: true)
        for file in try ModuleTemplate(moduleName: module).files {
            let text = try String(contentsOf: folder.appendingPathComponent(file.name), encoding: .utf8)
            #expect(text == file.contents, "\(module)/\(file.name) differs from `scaffold-module \(module)`")
        }
        let sources = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        // The SwiftUI view is behind `#if canImport(SwiftUI)`, so on Linux only the rest is compiled.
        let result = try SwiftTypecheck.check(sources.map { folder.appendingPathComponent($0) }, moduleName: module)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
    }

    @Test func noLookupInTheExampleBypassesItsModulesBundle() throws {
        let files = try SourceLinter.swiftFiles(at: [Self.example])
        #expect(files.count >= 15)
        #expect(try SourceLinter.lint(paths: files) == [])
    }

    // MARK: publish.sh

    @Test func publishShPackagesEveryModuleAndChangesTheTitleOnlyInACopy() throws {
        let table = Self.example.appendingPathComponent("Packages/Catalog/Sources/Catalog/Resources/en.lproj/Localizable.strings")
        let before = try Data(contentsOf: table)

        let site = try LocalizationSetupTests.publish(catalogTitle: "Catalog, \"over\" the air")
        defer { site.remove() }

        #expect(try Data(contentsOf: table) == before)
        let manifest = try ExternalTool.pythonBlocking("""
            import json, sys
            m = json.load(open(sys.argv[1]))
            print(m["appVersion"], m["developmentRegion"], " ".join(x["name"] for x in m["modules"]))
            """, [site.url.appendingPathComponent("1.0/manifest.json").path])
        #expect(manifest == "1.0 en Basket Catalog OTAExample\n")
        let zips = try FileManager.default.contentsOfDirectory(atPath: site.url.appendingPathComponent("1.0").path)
        let catalog = try #require(zips.first { $0.hasPrefix("Catalog-") && $0.hasSuffix(".zip") })
        let published = try ExternalTool.runBlocking(
            "unzip", ["-p", site.url.appendingPathComponent("1.0/\(catalog)").path, "en.lproj/Localizable.strings"])
        #expect(published.stdout.contains("\"catalog.title\" = \"Catalog, \\\"over\\\" the air\";\n"))
        #expect(published.stdout.contains("\"catalog.add\" = \"Add to basket\";\n"))
    }

    @Test func publishShRefusesOtherArguments() throws {
        let script = Self.example.appendingPathComponent("publish.sh").path
        let result = try ExternalTool.runBlocking(script, ["/tmp/x", "--title", "t"])
        #expect(result.status == 2)
        #expect(result.stderr == "usage: \(script) <output folder> [--catalog-title <text>]\n")
    }
}

/// Whether a document is well-formed XML, by `XMLParser` (libxml2 on Linux, Apple's parser on Apple platforms).
enum XMLDocumentCheck {
    static func isWellFormed(_ text: String) throws -> Bool {
        XMLParser(data: Data(text.utf8)).parse()
    }
}
