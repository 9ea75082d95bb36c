import Foundation
import OTATestSupport
import Testing
@testable import ota_localizations

/// `completion <bash|zsh|fish>` prints a script made from the command list and each command's option table; bash runs
/// the bash script's completion function here, and zsh and fish check their scripts' syntax when they are installed.
@Suite struct CompletionCommandTests {
    private func cli(_ arguments: [String]) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
    }

    /// The path of `name` on PATH, or nil.
    private func installed(_ name: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test func eachShellsScriptNamesEveryCommandAndEveryOptionOfACommand() async throws {
        for shell in ["bash", "zsh", "fish"] {
            let result = try await cli(["completion", shell])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(shell): \(result.stderr)")
            for command in TopLevel.allCommands {
                #expect(result.stdout.contains(command.name), "\(shell): \(command.name)")
            }
            // Every option of validate, as its table declares them, and the words of --format <text|json|github>.
            for option in ValidateCommand.options {
                let spelled = shell == "fish" ? "-l \(option.name)" : "--\(option.name)"
                #expect(result.stdout.contains(spelled), "\(shell): --\(option.name)")
            }
            #expect(ValidateCommand.options.contains { $0.placeholder == "<text|json|github>" })
            #expect(result.stdout.contains("text json github"), "\(shell)")
        }
        let unknown = try await cli(["completion", "tcsh"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "error: unknown shell 'tcsh'; give bash, zsh or fish\nRun 'ota-localizations completion --help' for usage.\n")
        let help = try await cli(["--help"])
        #expect(help.stdout.contains("\n  completion "))
    }

    /// The completions bash offers for `words` (the last one being completed), by the script's own function.
    private func bashCompletions(_ script: URL, _ words: [String], in folder: URL) async throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program = """
            source '\(script.path)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            _ota_localizations
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try await ExternalTool.run("/bin/bash", ["-c", "cd '\(folder.path)' && " + program])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init).sorted()
    }

    @Test func bashCompletesCommandsOptionsTheirValuesAndPaths() async throws {
        let temp = try TemporaryDirectory("completion-bash")
        defer { temp.remove() }
        let script = temp.url.appendingPathComponent("ota.bash")
        try Data(try await cli(["completion", "bash"]).stdout.utf8).write(to: script)
        try Data().write(to: temp.url.appendingPathComponent("baseline.json"))

        // complete -p shows the function registered for the executable.
        let registered = try await ExternalTool.run("/bin/bash", ["-c", "source '\(script.path)' && complete -p ota-localizations"])
        #expect(registered.stdout == "complete -o bashdefault -o filenames -F _ota_localizations ota-localizations\n", "\(registered.stderr)")

        #expect(try await bashCompletions(script, ["ota-localizations", "val"], in: temp.url) == ["validate"])
        #expect(try await bashCompletions(script, ["ota-localizations", "p"], in: temp.url) == ["package", "promote", "publish"])
        #expect(try await bashCompletions(script, ["ota-localizations", "validate", "--for"], in: temp.url) == ["--format"])
        #expect(try await bashCompletions(script, ["ota-localizations", "validate", "--format", ""], in: temp.url) == ["github", "json", "text"])
        #expect(try await bashCompletions(script, ["ota-localizations", "validate", "--baseline", "base"], in: temp.url) == ["baseline.json"])
        #expect(try await bashCompletions(script, ["ota-localizations", "help", "rol"], in: temp.url) == ["rollout"])
        #expect(try await bashCompletions(script, ["ota-localizations", "completion", ""], in: temp.url) == ["bash", "fish", "zsh"])
        // Every option of a command, from its table, and -h's long form.
        let options = try await bashCompletions(script, ["ota-localizations", "verify", "--"], in: temp.url)
        #expect(options == (VerifyCommand.options.map { "--" + $0.name } + ["--help"]).sorted())
    }

    @Test func zshAndFishScriptsParseWhereTheShellIsInstalled() async throws {
        for (shell, check) in [("zsh", ["-n"]), ("fish", ["--no-execute"])] {
            guard let path = installed(shell) else { continue }
            let temp = try TemporaryDirectory("completion-\(shell)")
            defer { temp.remove() }
            let script = temp.url.appendingPathComponent("ota.\(shell)")
            try Data(try await cli(["completion", shell]).stdout.utf8).write(to: script)
            let result = try await ExternalTool.run(path, check + [script.path])
            #expect(result.status == 0, "\(shell): \(result.stderr)")
        }
    }
}
