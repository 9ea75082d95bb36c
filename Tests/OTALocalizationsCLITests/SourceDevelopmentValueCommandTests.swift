import Foundation
import OTATestSupport
import Testing

/// `validate` on small repositories whose English lives in Swift code or in a String Catalog's source strings, not in
/// their development tables (docs/validation.md, "Development values in Swift code").
@Suite struct SourceDevelopmentValueCommandTests {
    private func cli(_ arguments: [String]) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
    }

    @Test func aPackageTargetsTranslationsAreCheckedAgainstItsSwiftValues() async throws {
        // Given: an SPM target whose en table is empty; the English is in Strings.swift.
        let repo = try TemporaryDirectory("code-values")
        defer { repo.remove() }
        try repo.write("Shared/Package.swift", "// swift-tools-version:5.9\n")
        try repo.write("Shared/Sources/Shared/Resources/en.lproj/Shared.strings", "")
        try repo.write("Shared/Sources/Shared/Resources/de.lproj/Shared.strings", """
            "open.private" = "In neuem privatem Tab öffnen: %d %s";
            "orphan" = "Waise";

            """)
        try repo.write("Shared/Sources/Shared/Strings.swift", #"""
            import Foundation

            enum Strings {
                static let openPrivate = NSLocalizedString(
                    "open.private", tableName: "Shared", bundle: .module, value: "Open in New Private Tab: %@", comment: "")
            }

            """#)

        // When
        let result = try await cli(["validate", repo.path])

        // Then: the mismatch names the Swift file and line of the value; the key with no value anywhere is counted.
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines[1] == "  Shared/Sources/Shared/Resources/de.lproj/Shared.strings")
        #expect(lines[2].hasPrefix("    1:1: error: \"open.private\": the format specifiers differ from Shared/Sources/Shared/Strings.swift:4 (\"Open in New Private Tab: %@\"): "))
        #expect(lines[3] == "  Shared/Sources/Shared/Resources/en.lproj/Shared.strings")
        #expect(lines[4] == "    warning: 1 key of Shared has no development value; its format was not checked: \"orphan\". Give it a value in en's Shared table, or beside the key in Swift (NSLocalizedString's value:, or the defaultValue: of String(localized:) or LocalizedStringResource). [development-value-missing]")
        #expect(lines[5] == "1 error, 1 warning in 1 module.")
    }

    @Test func anAppFolderReadsItsOwnSwiftFilesButNotANestedPackages() async throws {
        // Given: an Xcode app folder with a package inside it; both write a value for Localizable's "title".
        let repo = try TemporaryDirectory("code-values")
        defer { repo.remove() }
        try repo.write("App/Resources/en.lproj/Localizable.strings", "")
        try repo.write("App/Resources/fr.lproj/Localizable.strings", "\"title\" = \"Titre %@\";\n")
        try repo.write("App/Views/Title.swift", #"let t = String(localized: "title", defaultValue: "Title \(name)")"#)
        try repo.write("App/Packages/Feature/Package.swift", "// swift-tools-version:5.9\n")
        try repo.write("App/Packages/Feature/Sources/Feature/Resources/en.lproj/Localizable.strings", "")
        try repo.write("App/Packages/Feature/Sources/Feature/Resources/fr.lproj/Localizable.strings", "\"title\" = \"Fonction %@\";\n")
        try repo.write("App/Packages/Feature/Sources/Feature/F.swift", #"let t = NSLocalizedString("title", value: "%d features", comment: "")"#)

        let result = try await cli(["validate", repo.path, "--format", "json"])

        // Then: App's "title" matches its interpolation (any type); Feature's is compared with Feature's own value.
        #expect(result.status == 1)
        let found = try await ExternalTool.python("""
            import sys, json
            for d in json.loads(sys.argv[1]):
                print(d["severity"], d["code"], d["module"], d["file"], d["message"].split(": ")[1].split(" (")[0])
            """, [result.stdout])
        #expect(found == """
            error format-specifier-mismatch Feature App/Packages/Feature/Sources/Feature/Resources/fr.lproj/Localizable.strings the format specifiers differ from App/Packages/Feature/Sources/Feature/F.swift:1

            """)
    }

    @Test func aCatalogsSourceStringsInStateNewAreTheDevelopmentValues() async throws {
        // Given: a catalog whose en strings were extracted from code (state new: the compiled en table has none).
        let repo = try TemporaryDirectory("catalog-values")
        defer { repo.remove() }
        try repo.write("Mac/Localizable.xcstrings", """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "server.link" : {
                  "extractionState" : "extracted_with_value",
                  "localizations" : {
                    "en" : { "stringUnit" : { "state" : "new", "value" : "%@..." } },
                    "es" : { "stringUnit" : { "state" : "translated", "value" : "Servidor %d" } }
                  }
                }
              },
              "version" : "1.0"
            }

            """)

        let result = try await cli(["validate", repo.path])

        // Then: the translation is compared with line 7's value, and reported at its own value (column 69, its quote).
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines[1] == "  Mac/Localizable.xcstrings")
        #expect(lines[2].hasPrefix("    8:69: error: \"server.link\": the format specifiers differ from Mac/Localizable.xcstrings:7 (\"%@...\"): argument 1 is read as int32 ('%d') but as object ('%@')"))
        #expect(lines.last == "1 error, 0 warnings in 1 module.")
    }
}
