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
    /// The words the command's arguments are, for shell completion (``CompletionModel``); nil (the default) for paths.
    static var argumentWords: [String]? { get }
    /// Whether only the first argument is one of ``argumentWords`` (an action, as `experiment start`) and the others
    /// are paths; false (the default): every argument is.
    static var pathsAfterArgumentWord: Bool { get }
    /// Runs the command with the words after its name; returns the exit status.
    static func run(_ arguments: [String]) -> Output.Status
}
