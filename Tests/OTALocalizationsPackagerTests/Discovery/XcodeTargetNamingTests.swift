import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizationsPackager

/// An Xcode target's resources name their module after the target, read from `project.pbxproj`: the Copy Bundle
/// Resources phase (a catalog's file reference, a `.strings` variant group) and synchronized folders.
@Suite struct XcodeTargetNamingTests {
    /// A project with an app target `Shop` whose resources are `Shop/Assets/Localizable.xcstrings` and the variant
    /// group `Shop/Support/*.lproj/Main.strings`, an extension `Widget` with a synchronized folder `WidgetKit`, and a
    /// `Shared/Common.xcstrings` both targets copy.
    static let project = """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            objects = {
                P = {isa = PBXProject; mainGroup = G0; targets = (T1 /* Shop */, T2, ); };
                G0 = {isa = PBXGroup; children = (G1, G3, S1, C3, ); sourceTree = "<group>"; };
                G1 = {isa = PBXGroup; children = (G2, C1, V1, ); path = Shop; sourceTree = "<group>"; };
                G2 = {isa = PBXGroup; children = (); name = "Empty group"; sourceTree = "<group>"; };
                C1 = {isa = PBXFileReference; lastKnownFileType = text.json.xcstrings; path = Assets/Localizable.xcstrings; sourceTree = "<group>"; };
                V1 = {isa = PBXVariantGroup; children = (L1, L2, ); name = Main.strings; sourceTree = "<group>"; };
                L1 = {isa = PBXFileReference; name = en; path = "Support/en.lproj/Main.strings"; sourceTree = "<group>"; };
                L2 = {isa = PBXFileReference; name = fr; path = Support/fr.lproj/Main.strings; sourceTree = "<group>"; };
                G3 = {isa = PBXGroup; children = (); path = Shared; sourceTree = "<group>"; };
                C3 = {isa = PBXFileReference; path = Shared/Common.xcstrings; sourceTree = SOURCE_ROOT; };
                S1 = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (); explicitFileTypes = {}; explicitFolders = (); path = WidgetKit; sourceTree = "<group>"; };
                B1 = {isa = PBXBuildFile; fileRef = C1 /* Localizable.xcstrings */; };
                B2 = {isa = PBXBuildFile; fileRef = V1; };
                B3 = {isa = PBXBuildFile; fileRef = C3; };
                B4 = {isa = PBXBuildFile; fileRef = C3; };
                R1 = {isa = PBXResourcesBuildPhase; buildActionMask = 2147483647; files = (B1, B2, B3, ); runOnlyForDeploymentPostprocessing = 0; };
                R2 = {isa = PBXResourcesBuildPhase; files = (B4, ); };
                T1 = {isa = PBXNativeTarget; buildPhases = (R1, ); name = Shop; productType = "com.apple.product-type.application"; };
                T2 = {isa = PBXNativeTarget; buildPhases = (R2, ); fileSystemSynchronizedGroups = (S1, ); name = "Widget Extension"; };
            };
            rootObject = P /* Project object */;
        }
        """

    @Test func readsTheOldStyleListXcodeWrites() throws {
        let value = try #require(OpenStepPropertyList.parse(Self.project))
        #expect(value["rootObject"]?.string == "P")
        #expect(value["objects"]?["L1"]?["path"]?.string == "Support/en.lproj/Main.strings")
        #expect(value["objects"]?["T2"]?["name"]?.string == "Widget Extension")
        #expect(OpenStepPropertyList.parse(#"{ a = "x\"y\U00e9"; b = (1, 2); c = <0fa1>; }"#)
            == .dictionary(["a": .string("x\"yé"), "b": .array([.string("1"), .string("2")]), "c": .string("<0fa1>")]))
        // Malformed: nothing, not a part.
        #expect(OpenStepPropertyList.parse("{ a = b; ") == nil)
        #expect(OpenStepPropertyList.parse("{ a = (b c); }") == nil)
        #expect(OpenStepPropertyList.parse(String(repeating: "(", count: 100) + String(repeating: ")", count: 100)) == nil)
    }

    @Test func eachTargetsResourceFoldersAndSynchronizedFolders() throws {
        let list = try #require(OpenStepPropertyList.parse(Self.project))
        let targets = try #require(XcodeProjectTargets(list))
        #expect(targets.targets == [
            .init(name: "Shop", resourceFolders: [["Shop", "Assets"], ["Shop", "Support"], ["Shared"]], synchronizedFolders: []),
            .init(name: "Widget Extension", resourceFolders: [["Shared"]], synchronizedFolders: [["WidgetKit"]]),
        ])
        #expect(targets.target(holding: ["Shop", "Assets"]) == "Shop")
        #expect(targets.target(holding: ["WidgetKit", "Resources"]) == "Widget Extension")
        // Copied by both: no single target names it.
        #expect(targets.target(holding: ["Shared"]) == nil)
        #expect(targets.target(holding: ["Elsewhere"]) == nil)
    }

    @Test func discoveryNamesTheModulesByTarget() throws {
        let repo = try TemporaryDirectory("xcode-targets")
        defer { repo.remove() }
        try repo.write("App/Shop.xcodeproj/project.pbxproj", Self.project)
        let catalog = #"{ "sourceLanguage" : "en", "version" : "1.0", "strings" : { "a" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "A" } } } } } }"#
        try repo.write("App/Shop/Assets/Localizable.xcstrings", catalog)
        try repo.write("App/Shop/Support/en.lproj/Main.strings", "\"m\" = \"M\";")
        try repo.write("App/Shop/Support/fr.lproj/Main.strings", "\"m\" = \"N\";")
        try repo.write("App/WidgetKit/Resources/en.lproj/Widget.strings", "\"w\" = \"W\";")

        let result = try ModuleDiscovery.discover(repositoryRoot: repo.url, configuration: PackagerConfiguration())

        #expect(result.modules.map(\.name) == ["Shop", "Widget Extension"])
        let shop = result.modules[0]
        #expect(shop.rule == "Xcode target")
        #expect(shop.folders == ["App/Shop/Assets", "App/Shop/Support"])
        #expect(shop.ruleDetail.hasPrefix("the resources of target Shop of App/Shop.xcodeproj include App/Shop/"))
        #expect(result.modules[1].folders == ["App/WidgetKit/Resources"])
    }
}
