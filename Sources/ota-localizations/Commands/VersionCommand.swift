import OTALocalizationsCore

/// `ota-localizations version` (also `--version`, `-V`): prints the release this tool was built from.
enum VersionCommand: Command {
    static let name = "version"
    static let summary = "Print this tool's version (also: ota-localizations --version, -V)"
    static let options: [CommandOption] = []
    static let help = """
        OVERVIEW: Print the release of OTALocalizations this tool was built from, one line such as 0.1.0: the
        latest heading of CHANGELOG.md and the tag a SwiftPM requirement resolves to.

        USAGE: ota-localizations version
               ota-localizations --version
               ota-localizations -V

        OPTIONS:
        \(CommandOption.helpText(options, column: 16))

        EXIT STATUS: 0 printed, 2 usage error.
        """

    static func run(_ arguments: [String]) -> Output.Status {
        run(arguments, reporting: ErrorReporting(everyErrorIsUsage: true)) { args in
                    guard args.positionals.isEmpty else { throw UsageError(message: "unexpected argument '\(args.positionals[0])'") }
            Output.out(OTALocalizationsVersion.current)
            return .success
        }
    }
}
