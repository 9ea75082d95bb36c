import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager
import OTALocalizationsValidation

/// `ota-localizations validate`: runs `package`'s checks alone and prints the findings.
enum ValidateCommand: Command {
    static let name = "validate"
    static let summary = "Check every table for problems that would break a publish"
    static let help = """
        OVERVIEW: Check every module's tables without writing anything: the same discovery and checks as 'package'.
        Errors block 'package'; warnings do not, unless --strict. The codes are listed in docs/validation.md.

        USAGE: ota-localizations validate <repo-root> [options]

        OPTIONS:
          --config <file>                 Configuration file (default: <repo-root>/ota-localizations.json if present).
          --baseline <manifest|folder>    What was published before (manifest.json path or URL, publish folder,
                                          s3://<bucket>/<prefix>/<version>, or a folder of <Module>/ bundles): a key it
                                          had that the new tables lack is an error.
          --validation-baseline <file>    Findings recorded with --write-baseline are reported as warnings.
          --write-baseline <file>         Record today's findings (except unreadable tables) into <file>.
          --strict                        Warnings fail too (findings from --validation-baseline never do).
          --format <text|json|github>     Output format (default text); --json is short for --format json. JSON is
                                          printed also when the run cannot start: {"error": {"code", "message"}}.
          --show-baselined                List the findings from --validation-baseline (text and github formats
                                          count them in one line by default; json always lists them).
          --show-notes                    List notes (text and github formats count them in one line by default;
                                          json always lists them). Notes never block.
          --verbose                       List every missing key under its table's finding.
          -h, --help                      Show this help.

        EXIT STATUS: 0 no blocking findings, 1 errors (or warnings under --strict), 2 usage error.
        """

    static func run(_ arguments: [String]) -> Output.Status {
        let args: ArgumentList
        let run: ValidationRun
        let root: URL
        let options: ValidationOptions
        let format: String
        let wantsJSON = ErrorJSON.isRequested(in: arguments)
        func fail(_ code: String, _ message: String, _ status: Output.Status) -> Output.Status {
            if wantsJSON { Output.out(ErrorJSON.text(code: code, message: message)) }
            if status == .usage { return usageError(message) }
            Output.err("error: \(message)")
            return status
        }
        do {
            args = try ArgumentList(
                arguments,
                valueOptions: ["config", "baseline", "validation-baseline", "write-baseline", "format"],
                flagOptions: ["strict", "json", "verbose", "show-baselined", "show-notes"]
            )
            root = URL(fileURLWithPath: try args.onePositional("repo-root"))
            format = args.flag("json") ? "json" : (args.value("format") ?? "text")
            guard ["text", "json", "github"].contains(format) else {
                throw UsageError(message: "--format must be text, json or github")
            }
            // An s3:// baseline is copied (manifest and ZIPs) to a temporary folder for the run.
            let copy = try args.value("baseline").flatMap { try S3PublishedCopy.copy($0, option: "--baseline", archives: true) }
            defer { copy?.remove() }
            options = ValidationOptions(
                publishedBaseline: copy?.path ?? args.value("baseline"),
                adoptionBaselineFile: args.value("validation-baseline").map { URL(fileURLWithPath: $0) },
                strict: args.flag("strict")
            )
            run = try Validator.validate(
                repositoryRoot: root, configurationFile: args.value("config").map { URL(fileURLWithPath: $0) }, options: options
            )
        } catch let error as UsageError {
            return fail("usage", error.message, .usage)
        } catch let error as PackagerError {
            return fail(error.code.rawValue, error.reason, .failure)
        } catch {
            return fail("error", "\(error)", .failure)
        }
        var diagnostics = run.diagnostics
        if let file = args.value("write-baseline") {
            let baseline = ValidationBaseline(recording: diagnostics)
            let url = URL(fileURLWithPath: file)
            if let problem = OutputPath.problem(writingFile: url) {
                return fail("io", "--write-baseline \(file): \(problem)", .failure)
            }
            do {
                try baseline.encoded().write(to: url)
            } catch {
                return fail("io", "--write-baseline \(file): cannot be written (\(error.localizedDescription))", .failure)
            }
            diagnostics = baseline.apply(to: diagnostics)
            Output.err("Recorded \(baseline.findings.count) finding\(baseline.findings.count == 1 ? "" : "s") in \(file).")
        }
        switch format {
        case "json": Output.out(DiagnosticText.json(diagnostics))
        case "github":
            Output.out(DiagnosticText.github(
                diagnostics, pathPrefix: pathPrefix(of: root), showBaselined: args.flag("show-baselined"),
                showNotes: args.flag("show-notes")))
        default:
            Output.out(DiagnosticText.human(
                diagnostics, moduleCount: run.modules.count, verbose: args.flag("verbose"),
                showBaselined: args.flag("show-baselined"), showNotes: args.flag("show-notes")))
        }
        if run.coveredOnlyByOlderRecords > 0, args.value("write-baseline") == nil {
            Output.err("note: \(ValidationBaseline.olderRecordsAdvice(run.coveredOnlyByOlderRecords)).")
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
