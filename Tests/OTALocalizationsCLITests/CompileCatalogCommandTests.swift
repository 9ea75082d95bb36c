import Foundation
import OTATestSupport
import Testing

/// Runs the built `ota-localizations compile-catalog` on an oracle catalog and compares with Apple's output.
@Suite struct CompileCatalogCommandTests {
    private func cli(_ arguments: [String]) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
    }

    @Test func writesTheTablesAppleWroteByteForByte() async throws {
        let resources = TestPaths.shared.appendingPathComponent("oracles/xcstrings/grlessa__cardflow/Sources/CardflowCLI/Resources")
        let out = try TemporaryDirectory("catalog")
        defer { out.remove() }

        let result = try await cli(["compile-catalog", resources.appendingPathComponent("Localizable.xcstrings").path, "--output", out.path])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "en.lproj/Localizable.strings\nes.lproj/Localizable.strings\npt-BR.lproj/Localizable.strings\n")
        #expect(result.stderr == "Compiled Localizable (3 languages) into 3 tables.\n")
        for language in ["en", "es", "pt-BR"] {
            let ours = try Data(contentsOf: out.url.appendingPathComponent("\(language).lproj/Localizable.strings"))
            let apple = try Data(contentsOf: resources.appendingPathComponent("\(language).lproj/Localizable.strings"))
            #expect(ours == apple, "\(language)")
        }
    }

    @Test func invalidCatalogExitsWithOneNamingTheLine() async throws {
        let dir = try TemporaryDirectory("catalog")
        defer { dir.remove() }
        let file = try dir.write("Broken.xcstrings", "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : \n  }\n}\n")

        let result = try await cli(["compile-catalog", file.path, "--output", dir.url.appendingPathComponent("out").path])

        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(file.path):5:3: "))
        await #expect(try cli(["compile-catalog", file.path]).status == 2)
        await #expect(try cli(["compile-catalog", file.path, "--output", "x", "--format", "json"]).status == 2)
    }
}
