import Foundation

/// `ota-localizations <command> [options]`: argument parsing and printing only; the work is in the libraries.
let commands: [any Command.Type] = [
    PackageCommand.self,
    PublishCommand.self,
    PromoteCommand.self,
    RolloutCommand.self,
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
]

let nameWidth = (commands.map { $0.name.count }.max() ?? 0) + 2
let usage = """
    OVERVIEW: Publish an iOS app's reviewed .strings/.stringsdict tables over the air.

    USAGE: ota-localizations <command> [options]

    COMMANDS:
    \(commands.map { "  " + Output.padded($0.name, nameWidth) + $0.summary }.joined(separator: "\n"))

    Run 'ota-localizations <command> --help' for a command's options.
    """

Output.ignoreBrokenPipes()
let arguments = Array(CommandLine.arguments.dropFirst())
guard let first = arguments.first else {
    Output.err(usage)
    exit(Output.Status.usage.rawValue)
}
if first == "--help" || first == "-h" || first == "help" {
    Output.out(usage)
    exit(Output.Status.success.rawValue)
}
guard let command = commands.first(where: { $0.name == first }) else {
    Output.err("error: unknown command '\(first)'; run 'ota-localizations --help' for the list")
    exit(Output.Status.usage.rawValue)
}
let rest = Array(arguments.dropFirst())
if rest.contains("--help") || rest.contains("-h") {
    Output.out(command.help)
    exit(Output.Status.success.rawValue)
}
exit(command.run(rest).rawValue)
