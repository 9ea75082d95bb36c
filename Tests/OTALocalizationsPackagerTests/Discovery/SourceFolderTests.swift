import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizationsPackager

/// Where each discovered module's Swift sources are (``DiscoveredModule/sourceFolders``): the folder that named it,
/// or the configured folders that hold its tables.
@Suite struct SourceFolderTests {
    @Test func eachNamingRuleGivesTheFolderThatNamedTheModule() throws {
        let repo = try TemporaryDirectory("sources")
        defer { repo.remove() }
        try repo.write("Packages/Kit/Package.swift", "// swift-tools-version:5.9\n")
        try repo.write("Packages/Kit/Sources/Checkout/Resources/en.lproj/Localizable.strings", "")
        try repo.write("Widget Extension/Supporting Files/en.lproj/Localizable.strings", "")
        try repo.write("Legacy/en.lproj/Localizable.strings", "")
        try repo.write("Resources/en.lproj/Root.strings", "")

        let configuration = PackagerConfiguration(modules: ["Old": ["Legacy"]], repositoryModule: "Root")
        let modules = try ModuleDiscovery.discover(repositoryRoot: repo.url, configuration: configuration).modules

        #expect(modules.map { "\($0.name): \($0.sourceFolders)" } == [
            "Checkout: [\"Packages/Kit/Sources/Checkout\"]",
            "Old: [\"Legacy\"]",
            "Root: [\"\"]",
            "Widget Extension: [\"Widget Extension\"]",
        ])
    }
}
