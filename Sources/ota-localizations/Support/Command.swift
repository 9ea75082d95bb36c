/// One subcommand of `ota-localizations`.
protocol Command {
    /// The word after `ota-localizations`.
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The full `--help` text.
    static var help: String { get }
    /// Runs the command with the words after its name; returns the exit status.
    static func run(_ arguments: [String]) -> Output.Status
}
