import Foundation

/// What a shell completion script completes, read from the command list and each command's ``CommandOption`` table:
/// the commands, their options, the fixed values of an option such as `--format <text|json|github>`, and whether an
/// option's value or a command's arguments are paths.
struct CompletionModel {
    /// What follows an option, or fills a command's arguments.
    enum Values: Equatable {
        /// Nothing (a flag).
        case none
        /// One of these words.
        case words([String])
        /// A file or folder path.
        case paths
        /// One of these words first (an action), then paths.
        case wordThenPaths([String])
        /// Free text the shell cannot guess (a version, a number, a key).
        case text
    }

    struct OptionEntry {
        let name: String
            /// The first line of the option's help.
        let summary: String
        let values: Values
        /// Whether it may be given more than once.
        let repeatable: Bool
    }

    struct CommandEntry {
        let name: String
        let summary: String
        let options: [OptionEntry]
        /// What the words that are not options complete to.
        let arguments: Values
    }

    /// The placeholders whose value is a path: `<file>`, `<dir>`, `<pem>`, `<output>`, `<destination>`, ….
    static let pathWords = ["file", "dir", "folder", "path", "pem", "output", "destination", "root", "repo", "baseline", "manifest"]

    let commands: [CommandEntry]

    /// The model of `commands` (``TopLevel/allCommands``), each with its options and `--help`.
    init(_ commands: [any Command.Type]) {
        self.commands = commands.map { command in
            let options = command.options.map { option in
                OptionEntry(
                    name: option.name, summary: option.help.split(separator: "\n").first.map(String.init) ?? "",
                    values: Self.values(option), repeatable: option.kind == .repeatable)
            } + [OptionEntry(name: "help", summary: "Show this help.", values: .none, repeatable: false)]
            return CommandEntry(
                name: command.name, summary: command.summary, options: options,
                arguments: command.argumentWords.map { command.pathsAfterArgumentWord ? .wordThenPaths($0) : .words($0) } ?? .paths)
        }
    }

    /// What follows `option`: nothing for a flag, a path when the placeholder names one (`<manifest|folder>` too), the
    /// words of a placeholder `<a|b|c>`, else free text.
    static func values(_ option: CommandOption) -> Values {
        guard option.kind != .flag else { return .none }
        let inner = option.placeholder.trimmingCharacters(in: CharacterSet(charactersIn: "<>. ")).lowercased()
        if pathWords.contains(where: inner.contains) { return .paths }
        if inner.contains("|"), !inner.contains(" ") { return .words(inner.split(separator: "|").map(String.init)) }
        return .text
    }
}

extension Command {
    static var argumentWords: [String]? { nil }
    static var pathsAfterArgumentWord: Bool { false }
}
