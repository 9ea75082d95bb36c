import Foundation
import Testing
@testable import OTALocalizationsPackager

@Suite struct PackagerConfigurationTests {
    private func decode(_ json: String) throws -> PackagerConfiguration {
        try PackagerConfiguration(bytes: Data(json.utf8), path: "ota-localizations.json")
    }

    @Test func decodesEveryField() throws {
        let config = try decode("""
            { "developmentRegion": "de", "modules": { "Shop": ["App/Resources", "App/Extra"], "Kit": "Kit/Res" },
              "discoverOtherModules": false, "excludes": ["Tools/**"] }
            """)
        #expect(config == PackagerConfiguration(
            developmentRegion: "de", modules: ["Shop": ["App/Resources", "App/Extra"], "Kit": ["Kit/Res"]],
            discoverOtherModules: false, excludes: ["Tools/**"]
        ))
    }

    @Test func emptyObjectGivesDefaults() throws {
        #expect(try decode("{}") == PackagerConfiguration())
        #expect(PackagerConfiguration().developmentRegion == "en")
    }

    @Test func unknownFieldIsAnErrorNamingIt() {
        let error = #expect(throws: PackagerError.self) { try decode("{\"exclude\": []}") }
        #expect(error?.code == .configuration)
        #expect(error?.reason.hasPrefix("ota-localizations.json: unknown field 'exclude'") == true)
    }

    @Test func moduleNameWithSlashIsRejected() {
        let error = #expect(throws: PackagerError.self) { try decode("{\"modules\": {\"a/b\": [\"x\"]}}") }
        #expect(error?.reason.contains("'a/b' is not a plain file name") == true)
    }

    @Test func wrongTypesAreRejected() {
        #expect(throws: PackagerError.self) { try decode("{\"excludes\": \"Tools\"}") }
        #expect(throws: PackagerError.self) { try decode("{\"discoverOtherModules\": \"no\"}") }
        #expect(throws: PackagerError.self) { try decode("{\"modules\": {\"A\": [1]}}") }
        #expect(throws: PackagerError.self) { try decode("[1]") }
        #expect(throws: PackagerError.self) { try decode("{") }
    }

    @Test func developmentRegionMustBeALanguageIdentifier() throws {
        #expect(try decode("{\"developmentRegion\": \"pt-BR\"}").developmentRegion == "pt-BR")
        for bad in ["en ", "a<b", "", "../en"] {
            let error = #expect(throws: PackagerError.self) { try decode("{\"developmentRegion\": \"\(bad)\"}") }
            #expect(error?.reason.contains("'developmentRegion' must be a language identifier") == true)
        }
    }

    @Test func emptyFolderListIsNamedAsSuch() {
        let error = #expect(throws: PackagerError.self) { try decode("{\"modules\": {\"A\": []}}") }
        #expect(error?.reason == "ota-localizations.json: module 'A' lists no folder; give at least one")
    }
}
