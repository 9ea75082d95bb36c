import Foundation

/// `ota-localizations <command> [options]`: argument parsing and printing only; the work is in the libraries.
let commands: [any Command.Type] = [
    PackageCommand.self,
    DiffCommand.self,
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
    LaunchCommand.self,
    VersionCommand.self,
]

Output.ignoreBrokenPipes()
exit(TopLevel(commands: commands).run(Array(CommandLine.arguments.dropFirst())).rawValue)
