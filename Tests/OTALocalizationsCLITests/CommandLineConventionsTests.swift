import Foundation
import OTATestSupport
import Testing

/// What every command shares: `help <command>`, the "did you mean" of a mistyped command, and JSON usage errors.
@Suite struct CommandLineConventionsTests {
    private func cli(_ arguments: [String]) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
    }

    /// The command names the top-level help lists (its `COMMANDS:` lines).
    private func commandNames() async throws -> [String] {
        let top = try await cli(["--help"])
        let lines = top.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(of: "COMMANDS:"))
        return lines[(start + 1)...].prefix { !$0.isEmpty }.map { String($0.split(separator: " ")[0]) }
    }

    @Test func helpWithACommandShowsThatCommandsHelp() async throws {
        let names = try await commandNames()
        #expect(names.count >= 17)
        #expect(names.contains("diff") && names.contains("version"))
        for name in names {
            let help = try await cli(["help", name])
            let option = try await cli([name, "--help"])
            #expect(help.status == 0, "\(name)")
            #expect(help.stdout.hasPrefix("OVERVIEW: "), "\(name)")
            #expect(help.stdout.contains("USAGE: ota-localizations \(name)"), "\(name)")
            #expect(help.stdout == option.stdout, "\(name)")
        }
        await #expect(try cli(["help"]).stdout == (try cli(["--help"])).stdout)
        let unknown = try await cli(["help", "pakage"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "error: unknown command 'pakage'; did you mean 'package'?\nRun 'ota-localizations --help' for the list.\n")
        let two = try await cli(["help", "package", "diff"])
        #expect(two.status == 2)
        #expect(two.stderr == "error: help takes one command, got 2: package diff\nRun 'ota-localizations help' for the list.\n")
    }

    @Test func aMistypedCommandGetsTheClosestCommand() async throws {
        let cases = [("pakage", "package"), ("valdiate", "validate"), ("stauts", "status"), ("dif", "diff"),
                     ("--verison", "--version"), ("hlep", "help")]
        for (typed, meant) in cases {
            let result = try await cli([typed])
            #expect(result.status == 2, "\(typed)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == "error: unknown command '\(typed)'; did you mean '\(meant)'?\nRun 'ota-localizations --help' for the list.\n")
        }
        let far = try await cli(["xyzzy"])
        #expect(far.stderr == "error: unknown command 'xyzzy'\nRun 'ota-localizations --help' for the list.\n")
        let json = try await cli(["pakage", "--json"])
        #expect(json.stdout == "{\"error\":{\"code\":\"usage\",\"message\":\"unknown command 'pakage'; did you mean 'package'?\"}}\n")
    }

    /// `help help` printed `unknown command 'help'; did you mean 'help'?`.
    @Test func helpOfHelpIsTheCommandListAndNoSuggestionIsTheWordTyped() async throws {
        let list = try await cli(["--help"])
        let helpHelp = try await cli(["help", "help"])
        #expect(helpHelp.status == 0)
        #expect(helpHelp.stdout == list.stdout && helpHelp.stdout.hasPrefix("OVERVIEW: "))
        #expect(helpHelp.stderr.isEmpty)
        // The other top-level words that are no command name: `--version` and `-V` are the `version` command.
        let versionHelp = try await cli(["version", "--help"])
        for word in ["--version", "-V"] {
            let result = try await cli(["help", word])
            #expect(result.status == 0, "\(word): \(result.stderr)")
            #expect(result.stdout == versionHelp.stdout && result.stdout.contains("USAGE: ota-localizations version"), "\(word)")
        }
    }

    @Test func everyCommandThatTakesJSONPrintsAnErrorObjectOnAUsageError() async throws {
        // Given: the commands whose help lists --json.
        var checked: [String] = []
        for name in try await commandNames() where try await cli([name, "--help"]).stdout.contains("--json") {
            // When: an option no command has.
            let result = try await cli([name, "--json", "--no-such-option"])
            // Then: the error object on stdout, the usage line on stderr, exit status 2.
            #expect(result.status == 2, "\(name)")
            #expect(result.stdout == "{\"error\":{\"code\":\"usage\",\"message\":\"unknown option '--no-such-option'\"}}\n", "\(name)")
            #expect(result.stderr == "error: unknown option '--no-such-option'\nRun 'ota-localizations \(name) --help' for usage.\n", "\(name)")
            checked.append(name)
        }
        #expect(Set(checked).isSuperset(of: ["package", "diff", "publish", "promote", "rollout", "modules", "validate",
                                             "lint-sources", "sync", "status"]))
        // The four that printed nothing before, with their own usage errors.
        let own = [
            (["modules", "--json"], "missing <repo-root>"),
            (["lint-sources", "--json"], "missing <path>"),
            (["sync", "--json", "--app-version", "1.0", "--into", "/tmp/x"], "missing --base-url <value>"),
            (["status", "--json", "--into", "/tmp/x"], "missing --app-version <value>"),
        ]
        for (arguments, message) in own {
            let result = try await cli(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout == "{\"error\":{\"code\":\"usage\",\"message\":\"\(message)\"}}\n", "\(arguments)")
        }
    }

    @Test func modulesAndLintSourcesPrintAnErrorObjectWhenTheyCannotRun() async throws {
        let modules = try await cli(["modules", "/nonexistent/ota-repo", "--json"])
        #expect(modules.status == 1)
        #expect(modules.stdout == "{\"error\":{\"code\":\"missing-folder\",\"message\":\"/nonexistent/ota-repo: the repository root does not exist; check the path\"}}\n")
        let lint = try await cli(["lint-sources", "/nonexistent/Sources", "--json"])
        #expect(lint.status == 2)
        #expect(lint.stdout.hasPrefix("{\"error\":{\"code\":\"missing-path\",\"message\":"))
    }
}
