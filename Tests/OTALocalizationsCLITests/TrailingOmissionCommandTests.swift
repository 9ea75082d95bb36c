import Foundation
import OTATestSupport
import Testing

/// `validate` on small repositories: a translation that leaves out only the last arguments warns, and one that
/// leaves out an argument others follow fails.
@Suite struct TrailingOmissionCommandTests {
    private func cli(_ arguments: [String]) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
    }

    @Test func aDroppedTrailingArgumentWarnsAndDoesNotBlock() async throws {
        let repo = try TemporaryDirectory("trailing")
        defer { repo.remove() }
        try repo.write("Photos/en.lproj/Localizable.strings", "\"delete\" = \"Delete %@?\";\n")
        try repo.write("Photos/cs.lproj/Localizable.strings", "\"delete\" = \"Smazat?\";\n")

        let result = try await cli(["validate", repo.path])
        let strict = try await cli(["validate", repo.path, "--strict"])

        #expect(result.status == 0)
        #expect(result.stdout == """
            Photos
              Photos/cs.lproj/Localizable.strings
                1:1: warning: "delete": the translation does not read argument 1 ('%@'), the last one that en reads ("Delete %@?"); String(format:) ignores arguments a format does not read, so nothing shifts and nothing crashes, but users of cs do not see that value. Add it if the sentence needs it. [trailing-argument-omitted]
            0 errors, 1 warning in 1 module.

            """)
        #expect(strict.status == 1)
    }

    @Test func aDroppedArgumentThatShiftsTheNextOneFails() async throws {
        let repo = try TemporaryDirectory("trailing")
        defer { repo.remove() }
        try repo.write("Chat/en.lproj/Localizable.strings", "\"pair\" = \"%@ and %@\";\n")
        try repo.write("Chat/cs.lproj/Localizable.strings", "\"pair\" = \"a %@\";\n")

        let result = try await cli(["validate", repo.path, "--format", "json"])

        #expect(result.status == 1)
        let codes = try await ExternalTool.python("""
            import sys, json
            print(" ".join(d["severity"] + ":" + d["code"] for d in json.loads(sys.argv[1])))
            """, [result.stdout])
        #expect(codes == "error:format-specifier-mismatch\n")
    }
}
