/// `ota-localizations completion <bash|zsh|fish>`: prints a shell completion script generated from the command list
/// and each command's options (``CompletionModel``).
enum CompletionCommand: Command {
    static let name = "completion"
    static let summary = "Print a bash, zsh or fish completion script for this tool's commands and options"
    static let options: [CommandOption] = []
    static let argumentWords: [String]? = CompletionScript.shells
    static let help = """
        OVERVIEW: Print a completion script for bash, zsh or fish: the commands, each command's options, the values of
        an option that takes one of a few words (such as --format <text|json|github>) and paths where a path goes. It
        is generated from this tool's own command list, so it always matches the tool that prints it.

        USAGE: ota-localizations completion <bash|zsh|fish>

        Load it in the current shell, or add the line to the shell's startup file:
          bash  source <(ota-localizations completion bash)               (~/.bashrc)
          zsh   source <(ota-localizations completion zsh)                (~/.zshrc, after compinit)
          fish  ota-localizations completion fish | source                (~/.config/fish/config.fish)
        or save it where the shell looks for completions (zsh: a file _ota-localizations in a folder of $fpath; fish:
        ~/.config/fish/completions/ota-localizations.fish).

        OPTIONS:
        \(CommandOption.helpText(options, column: 16))

        EXIT STATUS: 0 printed, 2 usage error.
        """

    static func run(_ arguments: [String]) -> Output.Status {
        run(arguments, reporting: ErrorReporting(everyErrorIsUsage: true)) { args in
            guard args.positionals.count == 1 else {
                throw UsageError(message: args.positionals.isEmpty
                    ? "missing <shell>: give bash, zsh or fish" : "completion takes one shell, got \(args.positionals.count)")
            }
            let shell = args.positionals[0]
            guard let script = CompletionScript.script(for: shell, CompletionModel(TopLevel.allCommands)) else {
                throw UsageError(message: "unknown shell '\(shell)'; give bash, zsh or fish")
            }
            Output.out(script.hasSuffix("\n") ? String(script.dropLast()) : script)
            return .success
        }
    }
}
