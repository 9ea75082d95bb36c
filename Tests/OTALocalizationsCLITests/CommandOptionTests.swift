import Foundation
import OTALocalizationsSync
import Testing
@testable import ota_localizations

/// Each command's options are declared once (``CommandOption``): its parser accepts exactly those, its help lists
/// exactly those, and the defaults the help states are the ones the command uses.
@Suite struct CommandOptionTests {
    /// The option names an OPTIONS section lists, in order (`-h, --help` left out).
    private func listedNames(_ help: String) throws -> [String] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(of: "OPTIONS:"))
        return lines[(start + 1)...].prefix { !$0.isEmpty }
            .filter { $0.hasPrefix("  --") }
            .map { String($0.dropFirst(4).prefix { $0 != " " }) }
    }

    @Test func everyDeclaredOptionIsListedInItsCommandsHelpInOrder() throws {
        for command in TopLevel.allCommands {
            let listed = command.options.filter { $0.layout != .unlisted }
            #expect(try listedNames(command.help) == listed.map(\.name), "\(command.name)")
            for option in command.options {
                #expect(command.help.contains("--\(option.name)"), "\(command.name) --\(option.name)")
            }
            #expect(command.help.contains("\n  -h, --help"), "\(command.name)")
        }
    }

    @Test func theHelpListsTheOptionsEachCommandHadBefore() throws {
        // Given: the option lists each help showed before the options were declared once, written out by hand.
        let expected: [String: [String]] = [
            "sync": ["base-url", "app-version", "into", "timeout", "request-deadline", "cycle-deadline", "channel",
                     "trusted-key", "languages", "json"],
            "validate": ["config", "baseline", "validation-baseline", "write-baseline", "strict", "format", "show-baselined",
                         "show-notes", "verbose"],
            "rollout": ["percent", "finish", "cancel", "signing-key", "trusted-key", "expect-published-at", "manifest-max-age",
                        "dry-run", "json", "quiet"],
            "delete": ["into"],
            "version": [],
        ]
        for (name, names) in expected {
            let command = try #require(TopLevel.allCommands.first { $0.name == name })
            #expect(try listedNames(command.help) == names, "\(name)")
        }
        // --json is short for --format json: parsed, named in --format's description, not listed on its own.
        #expect(ValidateCommand.options.map(\.name).contains("json"))
        #expect(DiffCommand.options.map(\.name).contains("json"))
    }

    @Test func everyDeclaredOptionParsesAndIsReadThroughItsDeclaration() throws {
        for command in TopLevel.allCommands {
            for option in command.options {
                switch option.kind {
                case .flag:
                    let args = try ArgumentList(["--\(option.name)"], options: command.options)
                    #expect(args.flag(option), "\(command.name) --\(option.name)")
                case .value:
                    let args = try ArgumentList(["--\(option.name)", "first", "--\(option.name)=second"], options: command.options)
                    #expect(args.value(option) == "second", "\(command.name) --\(option.name)")
                case .repeatable:
                    let args = try ArgumentList(["--\(option.name)", "a", "--\(option.name)=b"], options: command.options)
                    #expect(args.values(option) == ["a", "b"], "\(command.name) --\(option.name)")
                }
            }
        }
    }

    @Test func parsingRejectsAnOptionItsCommandDoesNotDeclare() throws {
        // Every option some command declares is refused by each command that does not declare it.
        let everyName = Set(TopLevel.allCommands.flatMap { $0.options.map(\.name) })
        for command in TopLevel.allCommands {
            for name in everyName.subtracting(command.options.map(\.name)) {
                #expect(throws: UsageError.self, "\(command.name) --\(name)") {
                    try ArgumentList(["--\(name)", "x"], options: command.options)
                }
            }
        }
        // The messages, for options a user could expect elsewhere.
        func message(_ arguments: [String], _ options: [CommandOption]) -> String? {
            do {
                _ = try ArgumentList(arguments, options: options)
                return nil
            } catch {
                return (error as? UsageError)?.message
            }
        }
        #expect(message(["--timeout", "5"], StatusCommand.options) == "unknown option '--timeout'")
        #expect(message(["--config", "x"], SyncCommand.options) == "unknown option '--config'")
        #expect(message(["--dry-run"], PackageCommand.options) == "unknown option '--dry-run'")
        #expect(message(["--timout", "5"], SyncCommand.options) == "unknown option '--timout'; did you mean '--timeout'?")
        #expect(message(["--jsn"], ValidateCommand.options) == "unknown option '--jsn'; did you mean '--json'?")
        #expect(message(["--json=yes"], ModulesCommand.options) == "--json takes no value")
        #expect(message(["--into"], DeleteCommand.options) == "--into needs a value")
        #expect(message(["-x"], VersionCommand.options) == "unknown option '-x'")
    }

    @Test func syncsDefaultsAreTheServicesAndTheHelpStatesThem() throws {
        // Given: docs/operations.md, "Limits and deadlines": 30 s, 120 s, 300 s.
        let args = try ArgumentList([], options: SyncCommand.options)
        #expect(args.valueOrDefault(SyncCommand.Option.timeout) == "30")
        #expect(args.valueOrDefault(SyncCommand.Option.requestDeadline) == "120")
        #expect(args.valueOrDefault(SyncCommand.Option.cycleDeadline) == "300")
        #expect(OTALocalizationServiceConfiguration.defaultRequestTimeout == 30)
        #expect(OTALocalizationServiceConfiguration.defaultMaximumRequestSeconds == 120)
        #expect(OTALocalizationServiceConfiguration.defaultMaximumCycleSeconds == 300)
        let configuration = OTALocalizationServiceConfiguration(baseURL: URL(string: "https://example.com")!)
        #expect(configuration.requestTimeout == 30)
        #expect(configuration.maximumRequestSeconds == 120)
        #expect(configuration.maximumCycleSeconds == 300)
        for phrase in ["GET, default 30.", "take, default 120 (", "take, default 300;"] {
            #expect(SyncCommand.help.contains(phrase), "\(phrase)")
        }
        // A value given wins over the default.
        let given = try ArgumentList(["--timeout", "7.5"], options: SyncCommand.options)
        #expect(given.valueOrDefault(SyncCommand.Option.timeout) == "7.5")
    }

    @Test func theOptionsSectionLaysEntriesOutByColumn() {
        // Given: one option of each layout, in a 16-column first column.
        let options = [
            CommandOption.value("out", "<dir>", help: "Fits: the description\nstarts in column 16."),
            CommandOption.value("longer-name", "<file>", help: "Does not fit: two spaces."),
            CommandOption.flag("alone", layout: .ownLine, help: "Below the name,\nin column 16."),
            CommandOption.flag("aligned-name", layout: .descriptionColumn(20), help: "From column 20."),
            CommandOption.flag("hidden", layout: .unlisted, help: "Not listed."),
            CommandOption.value("mode", "<a|b>", default: "a") { "Default \($0)." },
        ]
        // Then: the lines written out by hand.
        #expect(CommandOption.helpText(options, column: 16) == """
              --out <dir>   Fits: the description
                            starts in column 16.
              --longer-name <file>  Does not fit: two spaces.
              --alone
                            Below the name,
                            in column 16.
              --aligned-name    From column 20.
              --mode <a|b>  Default a.
              -h, --help    Show this help.
            """)
    }
}
