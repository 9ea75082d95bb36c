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
}
