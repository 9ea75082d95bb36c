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
        // Line 1, column 2: the key's opening quote.
        #expect(error?.reason.hasPrefix("ota-localizations.json:1:2: unknown field 'exclude'") == true)
    }

    @Test func syntaxErrorsNameTheirLineAndColumn() {
        // RFC 8259 has no trailing commas (Foundation's reader on Linux accepts them) and one value per text.
        let comma = #expect(throws: PackagerError.self) { try decode("{\n  \"excludes\": [\"x\"],\n}") }
        #expect(comma?.reason == "ota-localizations.json:3:1: not valid JSON (expected a string key in object); fix it there (docs/configuration.md)")
        let trailing = #expect(throws: PackagerError.self) { try decode("{\"excludes\": []} garbage") }
        #expect(trailing?.reason.hasPrefix("ota-localizations.json:1:18: not valid JSON (unexpected text after the JSON value)") == true)
    }

    @Test func aFieldOfTheWrongTypeIsNamedWhereItIsWritten() {
        let error = #expect(throws: PackagerError.self) { try decode("{\n  \"excludes\": \"**/qqq.lproj\"\n}") }
        // Line 2, column 15: the value's opening quote.
        #expect(error?.reason == "ota-localizations.json:2:15: 'excludes' must be an array of glob strings")
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
        #expect(error?.reason == "ota-localizations.json:1:13: module 'A' lists no folder; give at least one")
    }

    @Test func aFieldWrittenTwiceHasItsLastValue() throws {
        let config = try decode(#"{"developmentRegion": "fr", "modules": {"A": "a", "A": ["b", "c"]}, "developmentRegion": "de"}"#)
        #expect(config.developmentRegion == "de")
        #expect(config.modules == ["A": ["b", "c"]])
    }

    /// A number that is exactly 0 or 1 reads as false or true, as it did when Foundation's `JSONSerialization` read
    /// the file (its numbers convert to `Bool` only then); any other number is refused.
    @Test func aFlagIsTrueOrFalseOrTheNumbersZeroAndOne() throws {
        #expect(try decode(#"{"discoverOtherModules": 0}"#).discoverOtherModules == false)
        #expect(try decode(#"{"discoverOtherModules": 1.0}"#).discoverOtherModules == true)
        #expect(try decode(#"{"pluralCountsOfMillions": 1}"#).pluralCountsOfMillions == true)
        for bad in ["2", "0.5", "1e999", "null", "[true]"] {
            let error = #expect(throws: PackagerError.self) { try decode(#"{"discoverOtherModules": \#(bad)}"#) }
            #expect(error?.reason == "ota-localizations.json:1:26: 'discoverOtherModules' must be true or false", "\(bad)")
        }
    }

    @Test func aTopLevelThatIsNotAnObjectIsNamedAtTheStart() {
        let error = #expect(throws: PackagerError.self) { try decode("\n[1]") }
        #expect(error?.reason == "ota-localizations.json:1:1: the top level must be a JSON object (docs/configuration.md)")
    }

    /// `many` in fr, es, it, pt and ca is selected only by numbers of a million and more; the key says the app formats them.
    @Test func thePluralCountsOfMillionsKeyIsRead() throws {
        let config = try PackagerConfiguration(bytes: Data(#"{"pluralCountsOfMillions": true}"#.utf8), path: "c.json")
        #expect(config.pluralCountsOfMillions)
        #expect(throws: PackagerError.self) { try PackagerConfiguration(bytes: Data(#"{"pluralCountsOfMillions": "yes"}"#.utf8), path: "c.json") }
    }
}
