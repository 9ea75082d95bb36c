import Foundation
import OTALocalizationsCore
import OTALocalizationsValidation
import Testing
@testable import OTALocalizationsPackager

@Suite struct ValidationInputDiscoveryTests {
    @Test func buildsInputFromADiscoveredModule() throws {
        let url = URL(fileURLWithPath: "/nonexistent")
        let module = DiscoveredModule(name: "Profile", rule: "folder", folders: ["Modules/Profile/Resources"], tables: [
            TableFile(localization: "en", fileName: "Localizable.strings", relativePath: "Modules/Profile/Resources/en.lproj/Localizable.strings", url: url),
            TableFile(localization: "fr", fileName: "Localizable.strings", relativePath: "Modules/Profile/Resources/fr.lproj/Localizable.strings", url: url),
            TableFile(localization: "de", fileName: "Localizable.strings", relativePath: "Modules/Profile/Resources/de.lproj/Localizable.strings", url: url),
        ])
        let input = ValidationInput(discovered: module, developmentRegion: "en", tableBytes: [
            "en.lproj/Localizable.strings": Data("\"n\" = \"%d items\";".utf8),
            "fr.lproj/Localizable.strings": Data("\"n\" = \"%@ éléments\";".utf8),
        ])
        let diagnostics = ModuleValidator().validate(input)
        #expect(diagnostics.map(\.code.rawValue) == ["parse-error", "format-specifier-mismatch"])
        #expect(diagnostics[0].file == "Modules/Profile/Resources/de.lproj/Localizable.strings")
        #expect(diagnostics[1].module == "Profile" && diagnostics[1].localization == "fr" && diagnostics[1].line == 1)
    }

    @Test func theOriginKeepsTheTablesLeftAtTheRootOfTheModulesResourceFolders() {
        let module = DiscoveredModule(
            name: "workspace", rule: ModuleNamingRule.repositoryFolderRule, folders: ["", "Translations"], tables: [])
        let outside = SkipReason(code: .outsideLproj, sentence: "outside any .lproj")
        let skipped = [
            SkippedFile(path: "Localizable.strings", reason: outside),
            SkippedFile(path: "Translations/Menu.strings", reason: outside),
            SkippedFile(path: "Translations/Nested/Other.strings", reason: outside),
            SkippedFile(path: "Translations/Info.strings", reason: SkipReason(code: SkipReason.Code(rawValue: "other"), sentence: "")),
        ]
        let origin = ValidationInput.Origin(discovered: module, skipped: skipped, catalogSourceLanguages: ["en"])
        #expect(origin.tablesBesideLprojFolders == ["Localizable.strings", "Translations/Menu.strings"])
        #expect(origin.resourceFolders == ["", "Translations"] && origin.namedAfterCheckoutFolder)
        #expect(origin.catalogSourceLanguages == ["en"] && origin.configurationFileName == "ota-localizations.json")
        var named = module
        named.rule = "folder"
        #expect(!ValidationInput.Origin(discovered: named, skipped: [], catalogSourceLanguages: []).namedAfterCheckoutFolder)
    }
}
