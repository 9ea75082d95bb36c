import Testing
@testable import OTALocalizationsPackager

/// SwiftPM's layout (a package's targets are the folders of `Sources/` beside its `Package.swift`: "Swift Package
/// Manager, Creating a package") and the documented folder rules (docs/configuration.md).
@Suite struct ModuleNamingRuleTests {
    /// Package roots named by their components joined with `/`.
    private func owner(_ components: [String], packages: Set<String> = [], repository: String = "R") -> ModuleNamingRule.Owner {
        ModuleNamingRule.owner(ofResourceFolder: components, repositoryName: repository) {
            packages.contains($0.joined(separator: "/"))
        }
    }

    @Test func swiftPackageTargetNamesTheModule() {
        let result = owner(["Packages", "Features", "Sources", "Checkout", "Resources"], packages: ["Packages/Features"], repository: "App")
        #expect(result.name == "Checkout")
        #expect(result.owner == ["Packages", "Features", "Sources", "Checkout"])
        #expect(result.rule == "SPM target")
        #expect(result.detail == "target Checkout of Packages/Features/Package.swift")
    }

    @Test func aSourcesFolderWithoutPackageSwiftIsNoTarget() {
        // An Xcode project that keeps its code in Sources/: the nearest non-generic folder names the module.
        let result = owner(["MyApp", "Sources", "Feature", "Resources"])
        #expect(result.name == "Feature")
        #expect(result.rule == "folder")
        #expect(result.detail.contains("there is no MyApp/Package.swift, so MyApp/Sources holds no SPM target"))
        #expect(owner(["Sources", "Feature"]).detail.contains("there is no Package.swift, so Sources holds no SPM target"))
    }

    @Test func theDeepestSourcesOfAPackageWins() {
        #expect(owner(["Sources", "Tools", "Sources", "Inner"], packages: ["", "Sources/Tools"]).name == "Inner")
        // Only the root has a Package.swift: Sources/Tools is its target.
        let outer = owner(["Sources", "Tools", "Sources", "Inner"], packages: [""])
        #expect(outer.name == "Tools" && outer.rule == "SPM target" && outer.detail == "target Tools of Package.swift")
    }

    @Test func genericFoldersAreSkippedForAppTargets() {
        #expect(owner(["MyApp", "Resources"]).name == "MyApp")
        #expect(owner(["MyApp", "Supporting Files"]).name == "MyApp")
        #expect(owner(["Widget Extension"]).name == "Widget Extension")
        #expect(owner(["MyApp", "Resources"]).detail == "MyApp is the nearest folder above the .lproj folders whose name is not generic")
    }

    @Test func genericNamesCompareCaseInsensitively() {
        let result = owner(["Share", "RESOURCES", "localization"])
        #expect(result.name == "Share")
        #expect(result.owner == ["Share"])
    }

    @Test func allGenericFallsBackToTheRepositoryName() {
        let result = owner(["Resources"], repository: "Shop")
        #expect(result.name == "Shop" && result.rule == "repository folder")
        #expect(owner([], repository: "Shop").owner == [])
        // The configuration's `repositoryModule` names it instead, whatever the checkout folder is called.
        let pinned = ModuleNamingRule.owner(ofResourceFolder: ["Resources"], repositoryName: "workspace", repositoryModule: "Shop") { _ in false }
        #expect(pinned.name == "Shop" && pinned.rule == "configuration" && pinned.owner == [])
    }

    @Test func allGenericTakesTheNearestSingleXcodeProject() {
        // `Shop.xcodeproj` at the root, none in `Resources`: the project names the module.
        let result = ModuleNamingRule.owner(
            ofResourceFolder: ["Resources"], repositoryName: "workspace", isPackageRoot: { _ in false },
            xcodeProjects: { $0 == [] ? ["Shop"] : [] })
        #expect(result.name == "Shop" && result.rule == "Xcode project" && result.owner == [])
        #expect(result.detail.contains("Shop.xcodeproj is the only Xcode project in the repository root"))
        // The nearest folder with projects decides; two there name nothing, even with one further up.
        let ambiguous = ModuleNamingRule.owner(
            ofResourceFolder: ["Resources"], repositoryName: "workspace", isPackageRoot: { _ in false },
            xcodeProjects: { $0 == ["Resources"] ? ["A", "B"] : ["Shop"] })
        #expect(ambiguous.name == "workspace" && ambiguous.rule == "repository folder")
    }

    @Test func sourcesAsTheLastComponentIsNotATarget() {
        let result = owner(["Kit", "Sources"], packages: ["Kit"])
        #expect(result.name == "Sources")
        #expect(result.rule == "folder")
    }
}
