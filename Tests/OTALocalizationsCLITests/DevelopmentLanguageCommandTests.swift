import Foundation
import OTATestSupport
import Testing

/// `validate` on small repositories: what the development language's own tables decide (plural rules with one
/// form) and what a stand-in for a missing development region does not (which keys a table must have).
@Suite struct DevelopmentLanguageCommandTests {
    private func cli(_ arguments: [String]) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
    }

    private static func plural(_ forms: [String: String]) -> String {
        let body = forms.sorted { $0.key < $1.key }.map { "<key>\($0.key)</key><string>\($0.value)</string>" }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>hours</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
            <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string>\(body)</dict>
            </dict></dict></plist>
            """
    }

    @Test func anEnglishRuleWithOnlyOtherIsCleanWhileATranslationsIsWarned() async throws {
        let repo = try TemporaryDirectory("plural-other")
        defer { repo.remove() }
        try repo.write("Timer/en.lproj/Localizable.stringsdict", Self.plural(["other": "%d hr"]))
        try repo.write("Timer/de.lproj/Localizable.stringsdict", Self.plural(["other": "%d Std."]))

        let result = try await cli(["validate", repo.path])

        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[1] == "  Timer/de.lproj/Localizable.stringsdict")
        #expect(lines[2].hasSuffix("[stringsdict-missing-plural-category]"))
        #expect(lines[3] == "0 errors, 1 warning in 1 module.")
    }

    @Test func aStandInForTheDevelopmentRegionChecksFormatsButNoMissingKeys() async throws {
        let repo = try TemporaryDirectory("stand-in")
        defer { repo.remove() }
        try repo.write("Shop/en-GB.lproj/Localizable.strings", "\"greeting\" = \"Hello %@\";\n\"colour\" = \"Colour\";\n")
        try repo.write("Shop/de.lproj/Localizable.strings", "\"greeting\" = \"Hallo %d\";\n")

        let result = try await cli(["validate", repo.path])

        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines[2].hasPrefix("    1:1: error: \"greeting\": the format specifiers differ from en-GB (\"Hello %@\")"))
        #expect(lines[3] == "  Shop")
        #expect(lines[4] == "    warning: the module has no en.lproj table, so translations are not checked against the development region (only their format specifiers are compared with en-GB) and Bundle has no copy to fall back to; add en.lproj or set developmentRegion in ota-localizations.json [development-region-missing]")
        #expect(!result.stdout.contains("missing-key"))
        #expect(lines[5] == "1 error, 1 warning in 1 module.")
    }
}
