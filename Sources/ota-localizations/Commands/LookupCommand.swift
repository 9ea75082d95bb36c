import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTALocalizationsPackager
import OTALocalizationsSync
import OTALocalizationsValidation
import OTALocalizationsTooling

/// `ota-localizations lookup`: prints one key's value from an installed bundle.
enum LookupCommand: Command {
    static let name = "lookup"
    static let summary = "Print a key's value from an installed bundle"
    enum Option {
        static let module = CommandOption.value("module", "<name>", help: "The module name, as in the manifest.")
        static let localization = CommandOption.value(
            "localization", "<lproj name>", help: "The .lproj folder name without extension, e.g. fr-CA.")
        static let key = CommandOption.value("key", "<key>", help: "The key.")
        static let table = CommandOption.value("table", "<name>", default: "Localizable") {
            "The table name without extension (default: \($0))."
        }
        static let count = CommandOption.value(
            "count", "<n>", help: "A number (1, 1.5, 1000000, 1c6) to select a plural form for, by CLDR.")
    }
    static let options = [
        StorageRootArguments.into, StorageRootArguments.appVersion, Option.module, Option.localization, Option.key, Option.table,
        Option.count,
    ]
    static let help = """
        OVERVIEW: Print the value of a key as stored in an installed bundle, read with this package's own parsers.

        USAGE: ota-localizations lookup --into <storage root> --app-version <version> --module <name>
                                        --localization <lproj name> --key <key> [--table <name>] [--count <n>]

        Reads <storage root>/<version>/modules/<name>/current's folder, <lproj name>.lproj/<table>.stringsdict
        first and <table>.strings second (the .stringsdict entry wins, as in Apple's Bundle). No locale
        negotiation and no fallback. For a .stringsdict key it prints the NSStringLocalizedFormatKey format string
        and then every form of every variable ("  count one: %ld file"); with --count, the form CLDR selects for
        that number in the localization's language. On a device Apple's Bundle chooses the form.

        OPTIONS:
        \(CommandOption.helpText(options, column: 32))

        EXIT STATUS: 0 printed, 1 not installed or missing (the message says what), 2 usage error.
        """

    static func run(_ arguments: [String]) -> Output.Status {
        run(arguments) { args in
            let request: (root: String, appVersion: String, module: String, localization: String, key: String)
            guard args.positionals.isEmpty else { throw UsageError(message: "unexpected argument '\(args.positionals[0])'") }
            request = (try args.required(StorageRootArguments.into), try args.required(StorageRootArguments.appVersion),
                       try args.required(Option.module), try args.required(Option.localization), try args.required(Option.key))
            if let count = args.value(Option.count), PluralCategories.category(for: count, localization: "en") == nil {
                throw UsageError(message: "--count '\(count)' is not a number such as 1, 1.5, 1000000 or 1c6")
            }
            let lookup = InstalledTableLookup(
                layout: OTAStorageLayout(storageRoot: URL(fileURLWithPath: request.root), appVersion: request.appVersion))
            do {
                let value = try lookup.value(
                    module: request.module, localization: request.localization, key: request.key,
                    table: args.valueOrDefault(Option.table))
                Output.out(value.text)
                if value.source == .stringsDict {
                    for line in PluralFormsText.lines(key: request.key, file: value.file, localization: request.localization, count: args.value(Option.count)) {
                        Output.out(line)
                    }
                } else if let count = args.value(Option.count) {
                    Output.out("--count \(count): \"\(request.key)\" is a .strings value, not a plural entry; no form to select")
                }
                return .success
            } catch {
                Output.err("error: \(error)")
                return .failure
            }
        }
    }
}
