import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizationsPackager
import OTALocalizationsValidation

/// A module whose resource folders have only generic names above them (Swiftfin's `Translations/*.lproj`, CubeTime's
/// root `Localizable.xcstrings`) is named after the folder the repository is checked out in, which CI chooses.
@Suite struct CheckoutFolderNameTests {
    /// The same repository checked out under `folder` (as GitHub Actions does under the repository's name, and other
    /// CI systems under `workspace` or `src`).
    private func checkout(_ folder: String, configuration: String? = nil) throws -> (TemporaryDirectory, URL) {
        let parent = try TemporaryDirectory("checkout")
        let root = parent.url.appendingPathComponent(folder)
        try parent.write("\(folder)/Translations/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try parent.write("\(folder)/Translations/de.lproj/Localizable.strings", "\"a\" = \"Ä\";\n")
        if let configuration { try parent.write("\(folder)/ota-localizations.json", configuration) }
        return (parent, root)
    }

    @Test func theNameDependsOnTheCheckoutFolderAndIsAnErrorThatCannotBeBaselined() throws {
        let (first, swiftfin) = try checkout("Swiftfin")
        let (second, workspace) = try checkout("workspace")
        defer { first.remove(); second.remove() }
        let local = try Validator.validate(repositoryRoot: swiftfin, configurationFile: nil, options: ValidationOptions())
        let ci = try Validator.validate(repositoryRoot: workspace, configurationFile: nil, options: ValidationOptions())
        // The hazard itself: one repository, two module names.
        #expect(local.modules.map(\.name) == ["Swiftfin"] && ci.modules.map(\.name) == ["workspace"])
        let finding = try #require(ci.diagnostics.first { $0.code == .moduleNameFromCheckoutFolder })
        #expect(finding.severity == .error && finding.file == "Translations" && finding.module == "workspace")
        #expect(finding.message.contains("every folder from Translations up has a generic name"))
        #expect(finding.message.contains(#"Name the module the app uses in ota-localizations.json: {"repositoryModule": "workspace"}"#))
        // Recording a baseline leaves it out, and a baseline holding it anyway does not absorb it.
        #expect(ValidationBaseline(recording: ci.diagnostics).findings.allSatisfy { $0.code != "module-name-from-checkout-folder" })
        let forced = ValidationBaseline(findings: ci.diagnostics.map(ValidationBaseline.Finding.init))
        #expect(forced.apply(to: ci.diagnostics).contains { $0.code == .moduleNameFromCheckoutFolder && $0.severity == .error })
    }

    @Test func theOnlyXcodeProjectBesideTheTablesNamesTheModuleInEveryCheckout() throws {
        // CubeTime's shape: `CubeTime.xcodeproj` and `Localizable.xcstrings`-like tables under generic folders.
        for folder in ["CubeTime", "workspace"] {
            let (parent, root) = try checkout(folder)
            defer { parent.remove() }
            try parent.write("\(folder)/CubeTime.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n")
            let run = try Validator.validate(repositoryRoot: root, configurationFile: nil, options: ValidationOptions())
            #expect(run.modules.map(\.name) == ["CubeTime"])
            #expect(run.modules.first?.rule == "Xcode project")
            #expect(!run.diagnostics.contains { $0.code == .moduleNameFromCheckoutFolder })
        }
    }

    @Test func twoXcodeProjectsNameNothingAndTheCheckoutFolderRuleApplies() throws {
        let (parent, root) = try checkout("workspace")
        defer { parent.remove() }
        try parent.write("workspace/App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n")
        try parent.write("workspace/Other.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n")
        let run = try Validator.validate(repositoryRoot: root, configurationFile: nil, options: ValidationOptions())
        #expect(run.modules.map(\.name) == ["workspace"])
        #expect(run.diagnostics.contains { $0.code == .moduleNameFromCheckoutFolder })
    }

    @Test func repositoryModuleInTheConfigurationPinsTheName() throws {
        let (parent, workspace) = try checkout("workspace", configuration: #"{"repositoryModule": "Swiftfin"}"#)
        defer { parent.remove() }
        let run = try Validator.validate(repositoryRoot: workspace, configurationFile: nil, options: ValidationOptions())
        #expect(run.modules.map(\.name) == ["Swiftfin"])
        #expect(run.modules.first?.rule == "configuration")
        #expect(run.diagnostics.isEmpty)
    }

    @Test func aConfiguredNameMustBeAPlainName() {
        let error = #expect(throws: PackagerError.self) {
            try PackagerConfiguration(bytes: Data(#"{"repositoryModule": "a/b"}"#.utf8), path: "ota-localizations.json")
        }
        #expect(error?.code == .configuration)
        #expect(error?.reason.hasPrefix("ota-localizations.json:1:22: 'repositoryModule' must be a module name") == true)
    }

    @Test func packageStopsUntilTheModuleIsNamed() throws {
        let (parent, workspace) = try checkout("src")
        defer { parent.remove() }
        let out = parent.url.appendingPathComponent("out")
        let error = #expect(throws: PackagerError.self) {
            try Packager.package(PackageOptions(repositoryRoot: workspace, appVersion: "1.0.0", outputDirectory: out, publishedAt: Date(timeIntervalSince1970: 0)))
        }
        #expect(error?.code == .validationFailed)
        #expect(error?.reason.contains("Name the module below in ota-localizations.json") == true)
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
