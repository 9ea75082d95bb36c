/// The words before a command: the command list (`--help`, `help`), `help <command>`, `--version` (`-V`), and the
/// "did you mean" of a mistyped command.
struct TopLevel {
    /// Every command, in the order the command list shows them.
    static var allCommands: [any Command.Type] {
        [
            PackageCommand.self,
            DiffCommand.self,
            PublishCommand.self,
            PromoteCommand.self,
            RolloutCommand.self,
            ExperimentCommand.self,
            RefreshExpiryCommand.self,
            KeygenCommand.self,
            VerifyCommand.self,
            ModulesCommand.self,
            ValidateCommand.self,
            CompileCatalogCommand.self,
            LintSourcesCommand.self,
            ScaffoldModuleCommand.self,
            SyncCommand.self,
            DeleteCommand.self,
            LookupCommand.self,
            StatusCommand.self,
            LaunchCommand.self,
            CompletionCommand.self,
            VersionCommand.self,
        ]
    }

    let commands: [any Command.Type]

    /// The top-level help: overview, usage and the command list.
    var usage: String {
        let width = (commands.map { $0.name.count }.max() ?? 0) + 2
        return """
            OVERVIEW: Publish an iOS app's reviewed .strings, .stringsdict and .xcstrings tables over the air.

            USAGE: ota-localizations <command> [options]

            COMMANDS:
            \(commands.map { "  " + Output.padded($0.name, width) + $0.summary }.joined(separator: "\n"))

            Run 'ota-localizations help <command>' (or '<command> --help') for a command's options. A command that
            takes --json prints {"error": {"code": "usage", "message"}} on stdout on a usage error.
            """
    }

    /// Runs the command the arguments name; returns the exit status.
    func run(_ arguments: [String]) -> Output.Status {
        guard let first = arguments.first else {
            Output.err(usage)
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--help", "-h":
            Output.out(usage)
            return .success
        case "help":
            return help(rest)
        default:
            break
        }
        // `--version` (and `-V`) is the `version` command, as `--help` is `help`.
        guard let command = command(named: Self.versionFlags.contains(first) ? VersionCommand.name : first) else {
            return unknownCommand(first, json: ErrorJSON.isRequested(in: rest))
        }
        if rest.contains("--help") || rest.contains("-h") {
            Output.out(command.help)
            return .success
        }
        return command.run(rest)
    }

    /// The words that run the `version` command.
    private static let versionFlags: Set<String> = ["--version", "-V"]

    /// `help`: the command list; `help <command>`: that command's help (`help help`: the command list; `help --version`:
    /// `version`'s).
    private func help(_ words: [String]) -> Output.Status {
        guard let word = words.first, !["--help", "-h", "help"].contains(word) else {
            Output.out(usage)
            return .success
        }
        guard words.count == 1 else {
            Output.err("error: help takes one command, got \(words.count): \(words.joined(separator: " "))\n"
                + "Run 'ota-localizations help' for the list.")
            return .usage
        }
        guard let command = command(named: Self.versionFlags.contains(word) ? VersionCommand.name : word) else {
            return unknownCommand(word, json: false)
        }
        Output.out(command.help)
        return .success
    }

    private func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.name == name }
    }

    /// `error: unknown command 'pakage'; did you mean 'package'?` and where the list is (exit status 2); never a
    /// suggestion of the word typed.
    private func unknownCommand(_ word: String, json: Bool) -> Output.Status {
        let known = (commands.map { $0.name } + ["help", "--help", "--version"]).filter { $0 != word }
        let hint = Suggestion.closest(to: word, among: known).map { "; did you mean '\($0)'?" } ?? ""
        let message = "unknown command '\(word)'\(hint)"
        if json { Output.out(ErrorJSON.text(code: "usage", message: message)) }
        Output.err("error: \(message)\nRun 'ota-localizations --help' for the list.")
        return .usage
    }
}
