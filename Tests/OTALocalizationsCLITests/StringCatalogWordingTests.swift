import Foundation
import OTATestSupport
import Testing

/// What `diff` and `validate` say of a String Catalog's text: the catalog and the language where a team edits it,
/// not only the compiled table it is published as, and catalog edits instead of a file's lines.
@Suite struct StringCatalogWordingTests {
    private func cli(_ arguments: [String], in folder: URL) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments, currentDirectory: folder)
    }

    /// A catalog with `hello` in en and fr, `bye` in en only when `withBye`, and an empty en `blank` when `withBlank`.
    private static func catalog(hello: String, withBye: Bool = false, withBlank: Bool = false) -> String {
        func unit(_ value: String) -> String { #"{ "stringUnit" : { "state" : "translated", "value" : "\#(value)" } }"# }
        var strings = [#""hello" : { "localizations" : { "en" : \#(unit("Hello")), "fr" : \#(unit(hello)) } }"#]
        if withBye { strings.append(#""bye" : { "localizations" : { "en" : \#(unit("Bye")) } }"#) }
        if withBlank { strings.append(#""blank" : { "localizations" : { "en" : \#(unit("")), "fr" : \#(unit("x")) } }"#) }
        return #"{ "sourceLanguage" : "en", "version" : "1.0", "strings" : { \#(strings.joined(separator: ", ")) } }"#
    }

    @Test func diffNamesTheCatalogAndTheLanguage() async throws {
        let work = try TemporaryDirectory("catalog-diff")
        defer { work.remove() }
        try work.write("app/Sources/Shop/UI.xcstrings", Self.catalog(hello: "Bonjour"))
        let packaged = try await cli(["package", "app", "--app-version", "1.0.0", "--output", "out", "--quiet"], in: work.url)
        #expect(packaged.status == 0, "\(packaged.stderr)")
        try work.write("app/Sources/Shop/UI.xcstrings", Self.catalog(hello: "Salut", withBye: true))

        let text = try await cli(["diff", "out/1.0.0", "app"], in: work.url)

        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout == """
            Shop
              Sources/Shop/UI.xcstrings, en (published as en.lproj/UI.strings)
                added    bye: "Bye"
              Sources/Shop/UI.xcstrings, fr (published as fr.lproj/UI.strings)
                changed  hello: "Bonjour" → "Salut"
            Differences in 1 of 1 module: 1 key added, 0 removed, 1 changed.

            """)
        let json = try await cli(["diff", "out/1.0.0", "app", "--json"], in: work.url)
        #expect(json.stdout.contains(#"{"table":"UI.strings","catalog":"Sources/Shop/UI.xcstrings","presence":"both","#))
    }

    @Test func findingsSpeakOfTheCatalogsText() async throws {
        let work = try TemporaryDirectory("catalog-findings")
        defer { work.remove() }
        try work.write("app/Sources/Shop/UI.xcstrings", Self.catalog(hello: "Bonjour", withBye: true, withBlank: true))

        let result = try await cli(["validate", "app", "--json"], in: work.url)

        let messages = try await ExternalTool.python("""
            import sys, json
            for d in json.loads(sys.argv[1]): print(d["code"], d["localization"], d["message"])
            """, [result.stdout])
        #expect(messages.split(separator: "\n").map(String.init) == [
            "missing-key fr \"bye\" has en text in UI.xcstrings but no fr text; with no per-key fallback, users of fr see the raw key. Translate it in the catalog.",
            "empty-value en \"blank\" has empty en text in UI.xcstrings, so the app shows nothing; translate it in the catalog, or delete the key there if the app no longer uses it. (/strings/blank/localizations/en/stringUnit/value)",
        ])
    }
}
