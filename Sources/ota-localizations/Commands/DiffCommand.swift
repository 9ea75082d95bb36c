import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager

/// `ota-localizations diff`: what a publish changes, key by key, for a reviewer.
enum DiffCommand: Command {
    static let name = "diff"
    static let summary = "Show the keys a publish adds, removes and changes, per module and localization"
    enum Option {
        static let format = CommandOption.value("format", "<text|json|github>", default: "text", layout: .ownLine) { """
            Output format (default \($0)); github is Markdown for a pull-request comment; --json is
            short for --format json. JSON is printed also when the run cannot start or a side cannot
            be read: {"error": {"code", "message"}}.
            """
        }
        static let config = CommandOption.value(
            "config", "<file>", help: "Configuration file of a side read as a repository (default: its ota-localizations.json).")
        static let exitCode = CommandOption.flag(
            "exit-code", help: "Exit 1 when there are differences, as 'git diff --exit-code' does.")
        static let json = CommandOption.flag("json", layout: .unlisted, help: "Short for --format json.")
        static let deadline = CommandOption.value(
            "deadline", "<seconds>", default: String(Int(PublishedReadLimits().maximumSeconds)), layout: .ownLine
        ) { """
            Total time reading a published side may take, downloads and tables,
            default \($0); then diff fails (exit 1), whatever the host sends.
            """
        }
    }
    static let options = [Option.format, Option.json, Option.config, Option.deadline, Option.exitCode]
    static let help = """
        OVERVIEW: Show what publishing <new> over <published> changes: per module and localization, every key added,
        removed or changed, with its published and new value, so a reviewer approves text, not hashes. Each string
        of a .stringsdict entry (its format key, each plural form) is compared on its own. A module, localization or
        table only on one side is marked and its keys listed. docs/ci.md posts it on a release pull request.

        USAGE: ota-localizations diff <published> <new> [--format text|json|github] [--config <file>] [--deadline <seconds>]
                                      [--exit-code]

        ARGUMENTS:
          <published>   What devices have: a published version folder as an http(s) or file: URL (the folder the
                        app reads, e.g. https://strings.example.com/ios/1.0.0), a version folder on disk, or a
                        manifest in one (.../manifest.staging.json). Every ZIP its manifest lists is read and checked
                        against the manifest's size and SHA-256, within limits (docs/operations.md): a manifest of
                        4 MiB, a device's limits per ZIP, 64 MiB of tables and 500,000 keys in all, --deadline.
          <new>         What would be published: a version folder 'package' wrote (or its manifest), or a repository
                        root, read as 'package' reads it (discovery, String Catalogs compiled) without validation.
                        Either argument takes any of these forms.

        OPTIONS:
        \(CommandOption.helpText(options, column: 20))

        EXIT STATUS: 0 compared, with or without differences (with --exit-code: no differences), 1 differences under
        --exit-code, or a side that cannot be read or verified, 2 usage error.
        """

    static func run(_ arguments: [String]) -> Output.Status {
        run(arguments, reporting: ErrorReporting(json: true, details: .listed(indent: ""))) { args in
            let (format, limits) = try CommandFailure.asUsage { try readOptions(args) }
            return try compare(args, format: format, limits: limits)
        }
    }

    /// The output format and read limits the command line asks for.
    /// - Throws: ``UsageError`` for a missing or extra location, a bad format or deadline.
    private static func readOptions(_ args: ArgumentList) throws -> (format: String, limits: PublishedReadLimits) {
        var limits = PublishedReadLimits()
        guard args.positionals.count == 2 else {
            throw UsageError(message: args.positionals.count < 2
                ? "missing <\(args.positionals.isEmpty ? "published" : "new")>; give the published location and the new version folder"
                : "expected <published> and <new>, got \(args.positionals.count) arguments")
        }
        let format = args.flag(Option.json) ? "json" : args.valueOrDefault(Option.format)
        guard ["text", "json", "github"].contains(format) else { throw UsageError(message: "--format must be text, json or github") }
        let deadline = args.valueOrDefault(Option.deadline)
        guard let seconds = Double(deadline), seconds.isFinite, seconds > 0 else {
            throw UsageError(message: "--deadline '\(deadline)' is not a positive number of seconds")
        }
        limits.maximumSeconds = seconds
        return (format, limits)
    }

    /// Reads both sides and prints their differences in `format`.
    /// - Throws: ``CommandFailure`` naming the side (`<published>:` or `<new>:`) that cannot be read.
    private static func compare(_ args: ArgumentList, format: String, limits: PublishedReadLimits) throws -> Output.Status {
        let readers = StringsLocations.standardReaders(
            configurationFile: args.value(Option.config).map { URL(fileURLWithPath: $0) }, publishedLimits: limits)
        var snapshots: [StringsSnapshot] = []
        for (role, location) in zip(["<published>", "<new>"], args.positionals) {
            do {
                snapshots.append(try StringsLocations.snapshot(of: location, readers: readers))
            } catch {
                var failure = CommandFailure(error, details: .listed(indent: ""))
                failure.message = "\(role): \(failure.message)"
                throw failure
            }
        }
        let diff = StringsDiff(published: snapshots[0], new: snapshots[1])
        let (published, new) = (args.positionals[0], args.positionals[1])
        switch format {
        case "json": Output.out(DiffText.json(diff, published: published, new: new))
        case "github": Output.out(DiffMarkdown.markdown(diff, published: published, new: new))
        default: Output.out(DiffText.text(diff))
        }
        return args.flag(Option.exitCode) && !diff.isEmpty ? .failure : .success
    }
}
