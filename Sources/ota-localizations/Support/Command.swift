/// One subcommand of `ota-localizations`.
protocol Command {
    /// The word after `ota-localizations`.
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The options, in the order `--help` lists them; the only place each is declared.
    static var options: [CommandOption] { get }
    /// The full `--help` text; its OPTIONS section is ``CommandOption/helpText(_:column:)`` of ``options``.
    static var help: String { get }
    /// Runs the command with the words after its name; returns the exit status.
    static func run(_ arguments: [String]) -> Output.Status
}

extension Command {
    /// Prints a usage error the way every command does (the message, then where the usage is) and returns
    /// ``Output/Status/usage`` (exit status 2).
    static func usageError(_ message: String) -> Output.Status {
        Output.err("error: \(message)\nRun 'ota-localizations \(name) --help' for usage.")
        return .usage
    }

    /// ``usageError(_:)``, and first, when `json`, the error as ``ErrorJSON`` on stdout (code `usage`): what every
    /// command that takes `--json` does.
    static func usageError(_ message: String, json: Bool) -> Output.Status {
        if json { Output.out(ErrorJSON.text(code: "usage", message: message)) }
        return usageError(message)
    }
}
