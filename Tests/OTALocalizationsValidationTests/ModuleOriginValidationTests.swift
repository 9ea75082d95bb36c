import OTALocalizationsCore
import Testing
@testable import OTALocalizationsValidation

/// The checks of a module's place in its repository (``ValidationInput/origin``): the expected messages are the
/// texts docs/validation.md and docs/configuration.md describe, written out here.
@Suite struct ModuleOriginValidationTests {
    typealias F = ValidationFixtures

    private func input(
        _ files: [ValidationInput.File], folders: [String] = ["Translations"], checkoutName: Bool = false,
        besideLproj: [String] = [], catalogLanguages: [String] = []
    ) -> ValidationInput {
        var input = F.module(files)
        input.origin = ValidationInput.Origin(
            resourceFolders: folders, namedAfterCheckoutFolder: checkoutName, tablesBesideLprojFolders: besideLproj,
            catalogSourceLanguages: catalogLanguages, configurationFileName: "ota-localizations.json")
        return input
    }

    private let german = F.strings("de.lproj/Localizable.strings", [("a", "A")])
    private let english = F.strings("en.lproj/Localizable.strings", [("a", "A")])

    @Test func withoutAnOriginNoneOfItsChecksRuns() {
        let diagnostics = F.validate([german])
        #expect(diagnostics.isEmpty)
    }

    @Test func aModuleNamedAfterTheCheckoutFolderIsAnErrorThatNamesTheLineToAdd() {
        let diagnostics = ModuleValidator().validate(input([english], checkoutName: true))
        #expect(diagnostics.count == 1)
        let finding = diagnostics[0]
        #expect(finding.code == .moduleNameFromCheckoutFolder && finding.severity == .error)
        #expect(finding.module == "App" && finding.file == "Translations" && finding.table == nil && finding.localization == nil)
        #expect(finding.message == "the module name 'App' is the name of the folder the repository is checked out in "
            + "(every folder from Translations up has a generic name), so it changes with the checkout: CI often checks out "
            + "into 'workspace', 'src' or 'repository', and the app's OTALocalizedString.bundle(for:) would then find no "
            + "bundle. Name the module the app uses in ota-localizations.json: {\"repositoryModule\": \"App\"}. This cannot "
            + "be baselined: the name is what differs between checkouts.")
        #expect(ValidationBaseline(recording: diagnostics).findings.isEmpty)
    }

    @Test func aModuleAtTheRepositoryRootIsShownAsTheRootFolder() {
        let finding = ModuleValidator().validate(input([english], folders: [""], checkoutName: true)).first
        #expect(finding?.file == ".")
        #expect(finding?.message.contains("(its .lproj folders and String Catalogs sit at the repository's root)") == true)
    }

    @Test func aTableLeftBesideTheLprojFoldersHidesEveryLocalizedCopy() {
        let path = "Translations/Localizable.strings"
        let diagnostics = ModuleValidator().validate(input([english], besideLproj: [path]))
        #expect(diagnostics.count == 1)
        let finding = diagnostics[0]
        #expect(finding.code == .tableOutsideLproj && finding.severity == .error)
        #expect(finding.file == path && finding.value == path && finding.table == "Localizable" && finding.localization == nil)
        #expect(finding.message == "Localizable.strings sits beside the module's .lproj folders; at a bundle's root it "
            + "would hide every localized copy (docs/apple-platform.md F4). Move it into <language>.lproj or delete it")
    }

    @Test func aModuleWithoutADevelopmentRegionTableIsWarned() {
        let diagnostics = ModuleValidator().validate(input([german]))
        #expect(diagnostics.count == 1)
        let finding = diagnostics[0]
        #expect(finding.code == .developmentRegionMissing && finding.severity == .warning)
        #expect(finding.localization == "en" && finding.file == "Translations" && finding.table == nil)
        #expect(finding.message == "the module has no en.lproj table, so translations are not checked against the "
            + "development region and Bundle has no copy to fall back to; add en.lproj or set developmentRegion in "
            + "ota-localizations.json")
    }

    @Test func anotherRegionOfTheLanguageIsNamedAsComparedForFormatsOnly() {
        let british = F.strings("en-GB.lproj/Localizable.strings", [("a", "A")])
        let finding = ModuleValidator().validate(input([british, german])).first { $0.code == .developmentRegionMissing }
        #expect(finding?.message.contains("development region (only their format specifiers are compared with en-GB) and") == true)
    }

    @Test func baseACatalogInTheDevelopmentLanguageOrNoTableAtAllCoverTheDevelopmentRegion() {
        let base = F.strings("Base.lproj/Localizable.strings", [("a", "A")])
        #expect(ModuleValidator().validate(input([base, german])).isEmpty)
        #expect(ModuleValidator().validate(input([german], catalogLanguages: ["en"])).isEmpty)
        #expect(ModuleValidator().validate(input([])).isEmpty)
        // A catalog in another language does not.
        #expect(ModuleValidator().validate(input([german], catalogLanguages: ["de"])).map(\.code) == [.developmentRegionMissing])
    }
}
