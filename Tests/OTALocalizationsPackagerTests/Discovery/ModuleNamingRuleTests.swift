import Testing
@testable import OTALocalizationsPackager

@Suite struct ModuleNamingRuleTests {
    @Test func swiftPackageTargetNamesTheModule() {
        let result = ModuleNamingRule.owner(
            ofResourceFolder: ["Packages", "Features", "Sources", "Checkout", "Resources"], repositoryName: "App"
        )
        #expect(result.name == "Checkout")
        #expect(result.owner == ["Packages", "Features", "Sources", "Checkout"])
        #expect(result.rule == "SPM target")
    }

    @Test func lastSourcesComponentWins() {
        let result = ModuleNamingRule.owner(
            ofResourceFolder: ["Sources", "Tools", "Sources", "Inner"], repositoryName: "App"
        )
        #expect(result.name == "Inner")
    }

    @Test func genericFoldersAreSkippedForAppTargets() {
        #expect(ModuleNamingRule.owner(ofResourceFolder: ["MyApp", "Resources"], repositoryName: "R").name == "MyApp")
        #expect(ModuleNamingRule.owner(ofResourceFolder: ["MyApp", "Supporting Files"], repositoryName: "R").name == "MyApp")
        #expect(ModuleNamingRule.owner(ofResourceFolder: ["Widget Extension"], repositoryName: "R").name == "Widget Extension")
    }

    @Test func genericNamesCompareCaseInsensitively() {
        let result = ModuleNamingRule.owner(ofResourceFolder: ["Share", "RESOURCES", "localization"], repositoryName: "R")
        #expect(result.name == "Share")
        #expect(result.owner == ["Share"])
    }

    @Test func allGenericFallsBackToTheRepositoryName() {
        #expect(ModuleNamingRule.owner(ofResourceFolder: ["Resources"], repositoryName: "Shop").name == "Shop")
        #expect(ModuleNamingRule.owner(ofResourceFolder: [], repositoryName: "Shop").owner == [])
    }

    @Test func sourcesAsTheLastComponentIsNotATarget() {
        let result = ModuleNamingRule.owner(ofResourceFolder: ["Kit", "Sources"], repositoryName: "R")
        #expect(result.name == "Sources")
        #expect(result.rule == "folder")
    }
}
