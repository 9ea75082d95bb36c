import Foundation

/// `ota-localizations <command> [options]`: argument parsing and printing only; the work is in the libraries.
Output.ignoreBrokenPipes()
exit(TopLevel(commands: TopLevel.allCommands).run(Array(CommandLine.arguments.dropFirst())).rawValue)
