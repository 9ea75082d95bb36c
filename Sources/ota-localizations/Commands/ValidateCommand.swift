import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager
import OTALocalizationsValidation

/// `ota-localizations validate`: runs `package`'s checks alone and prints the findings.
enum ValidateCommand: Command {
    static let name = "validate"
    static let summary = "Check every table for problems that would break a publish"
    enum Option {
        static let config = CommandOption.value(
            "config", "<file>", help: "Configuration file (default: <repo-root>/ota-localizations.json if present).")
        static let baseline = CommandOption.value("baseline", "<manifest|folder>", help: """
            What was published before (manifest.json path or URL, publish folder,
            s3://<bucket>/<prefix>/<version>, or a folder of <Module>/ bundles): a key it
            had that the new tables lack is an error.
            """)
        static let validationBaseline = CommandOption.value(
            "validation-baseline", "<file>", help: "Findings recorded with --write-baseline are reported as warnings.")
        static let writeBaseline = CommandOption.value(
            "write-baseline", "<file>", help: "Record today's findings (except unreadable tables) into <file>.")
        static let strict = CommandOption.flag("strict", help: "Warnings fail too (findings from --validation-baseline never do).")
        static let format = CommandOption.value("format", "<text|json|github>", default: "text") { """
            Output format (default \($0)); --json is short for --format json. JSON is
            printed also when the run cannot start: {"error": {"code", "message"}}.
            """
        }
        static let json = CommandOption.flag("json", layout: .unlisted, help: "Short for --format json.")
        static let showBaselined = CommandOption.flag("show-baselined", help: """
            List the findings from --validation-baseline (text and github formats
            count them in one line by default; json always lists them).
            """)
        static let showNotes = CommandOption.flag("show-notes", help: """
            List notes (text and github formats count them in one line by default;
            json always lists them). Notes never block.
            """)
        static let verbose = CommandOption.flag("verbose", help: "List every missing key under its table's finding.")
    }
    static let options = [
        Option.config, Option.baseline, Option.validationBaseline, Option.writeBaseline, Option.strict, Option.format, Option.json,
        Option.showBaselined, Option.showNotes, Option.verbose,
    ]
    static let help = """
        OVERVIEW: Check every module's tables without writing anything: the same discovery and checks as 'package'.
        Errors block 'package'; warnings do not, unless --strict. The codes are listed in docs/validation.md.
        Under GitHub Actions ($GITHUB_STEP_SUMMARY set), a table of every finding listed is appended to the step's
        summary, since annotations show only a step's first 10 errors and 10 warnings.

        USAGE: ota-localizations validate <repo-root> [options]

        OPTIONS:
        \(CommandOption.helpText(options, column: 34))

        EXIT STATUS: 0 no blocking findings, 1 errors (or warnings under --strict), 2 usage error.
        """

    static func run(_ arguments: [String]) -> Output.Status {
        run(arguments, reporting: ErrorReporting(json: true)) { args in
            let root = URL(fileURLWithPath: try args.onePositional("repo-root"))
            let format = args.flag(Option.json) ? "json" : args.valueOrDefault(Option.format)
            guard ["text", "json", "github"].contains(format) else {
                throw UsageError(message: "--format must be text, json or github")
            }
            // An s3:// baseline is copied (manifest and ZIPs) to a temporary folder for the run.
            let copy = try args.value(Option.baseline).flatMap { try S3PublishedCopy.copy($0, option: "--baseline", archives: true) }
            defer { copy?.remove() }
            let options = ValidationOptions(
                publishedBaseline: copy?.path ?? args.value(Option.baseline),
                adoptionBaselineFile: args.value(Option.validationBaseline).map { URL(fileURLWithPath: $0) },
                strict: args.flag(Option.strict)
            )
            let run = try Validator.validate(
                repositoryRoot: root, configurationFile: args.value(Option.config).map { URL(fileURLWithPath: $0) }, options: options
            )
            return try report(run, options: options, format: format, root: root, args)
        }
    }

    /// Records the baseline `--write-baseline` names, if any, then prints the findings in `format`.
    /// - Returns: 1 when a finding blocks under `options`, else 0.
    /// - Throws: ``CommandFailure`` `io` when the baseline cannot be written.
    private static func report(
        _ run: ValidationRun, options: ValidationOptions, format: String, root: URL, _ args: ArgumentList
    ) throws -> Output.Status {
        var diagnostics = run.diagnostics
        if let file = args.value(Option.writeBaseline) {
            let baseline = ValidationBaseline(recording: diagnostics)
            try BaselineFile.write(baseline.encoded(), to: file)
            diagnostics = baseline.apply(to: diagnostics)
            Output.err("Recorded \(baseline.findings.count) finding\(baseline.findings.count == 1 ? "" : "s") in \(file).")
        }
        switch format {
        case "json": Output.out(DiagnosticText.json(diagnostics))
        case "github":
            Output.out(DiagnosticText.github(
                diagnostics, pathPrefix: pathPrefix(of: root), showBaselined: args.flag(Option.showBaselined),
                showNotes: args.flag(Option.showNotes)))
        default:
            Output.out(DiagnosticText.human(
                diagnostics, moduleCount: run.modules.count, verbose: args.flag(Option.verbose),
                showBaselined: args.flag(Option.showBaselined), showNotes: args.flag(Option.showNotes)))
        }
        // Under GitHub Actions, every finding goes to the step's summary too: annotations show only the first ten.
        if let warning = StepSummary.append(DiagnosticText.markdown(
            diagnostics, moduleCount: run.modules.count, pathPrefix: pathPrefix(of: root),
            showBaselined: args.flag(Option.showBaselined), showNotes: args.flag(Option.showNotes))) {
            Output.err("warning: \(warning)")
        }
        if run.coveredOnlyByOlderRecords > 0, args.value(Option.writeBaseline) == nil {
            Output.err("note: \(ValidationBaselineText.olderRecordsAdvice(run.coveredOnlyByOlderRecords)).")
        }
        return options.blocks(diagnostics) ? .failure : .success
    }

    /// The repository root relative to the working directory, with a trailing `/` (empty when they are the same),
    /// or the absolute root when it lies elsewhere.
    private static func pathPrefix(of root: URL) -> String {
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        let path = root.standardizedFileURL.path
        if path == base { return "" }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return (path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path) + "/"
    }
}
