import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager
import OTALocalizationsSourceLint

/// `ota-localizations lint-sources`: flags string lookups that bypass a module's over-the-air bundle.
enum LintSourcesCommand: Command {
    static let name = "lint-sources"
    static let summary = "Flag string lookups in Swift sources that bypass a module's over-the-air bundle"
    enum Option {
        static let lookupFunction = CommandOption.repeatable("lookup-function", "<name>", layout: .ownLine, help: """
            A lookup function or macro of the project (L, tr, #localized), repeatable or
            comma-separated: a call of it that passes bundle: .module, bundle: .main or
            bundle: Bundle(for: …) is a finding.
            """)
        static let baseline = CommandOption.value("baseline", "<file>", help: """
            Report only findings that <file> (written by --write-baseline) does not
            record; count the recorded ones, and note those that no longer occur.
            """)
        static let writeBaseline = CommandOption.value(
            "write-baseline", "<file>", help: "Record today's findings into <file>; none is then new.")
        static let json = CommandOption.flag("json", help: """
            Print a JSON array of {file, line, column, rule, message} on stdout; when the run
            cannot start or a file cannot be read, {"error": {"code", "message"}} instead.
            """)
    }
    static let options = [Option.lookupFunction, Option.baseline, Option.writeBaseline, Option.json]
    static let help = """
        OVERVIEW: Flag string lookups in Swift sources that never see an over-the-air update: NSLocalizedString,
        String(localized:) and AttributedString(localized:) without a bundle: argument, SwiftUI Text with a
        literal key and no bundle:, and lookups in .module, .main or Bundle(for:). Pass bundle: .localizationBundle
        instead. Generated accessors are reported once per file: SwiftGen output and swiftgen.yml strings outputs
        without a bundle param, R.swift output, Xcode's String Catalog symbols (and STRING_CATALOG_GENERATE_SYMBOLS
        in a project.pbxproj), and LocalizedStringResource(…) not built on Bundle.localizationBundle.
        Silence one finding with '// ota-localizations:disable-next-line' on the line before the call, or
        '// ota-localizations:disable-line' at the end of its line. Rules: docs/source-linting.md.
        To adopt it in CI, record today's findings once with --write-baseline <file>, commit the file, and run
        with --baseline <file>: only new findings fail. A finding is recorded by file, rule and its line's text,
        so moving lines keeps it recorded. Under GitHub Actions ($GITHUB_STEP_SUMMARY set), a table of every
        (new) finding is appended to the step summary.

        USAGE: ota-localizations lint-sources <path> ... [--lookup-function <name>] ...
                 [--baseline <file> | --write-baseline <file>] [--json]

        ARGUMENTS:
          <path>                    A .swift file, or a folder searched for .swift files, swiftgen.yml and
                                    project.pbxproj (hidden folders, .build, Pods, Carthage and DerivedData are
                                    skipped). Other files are ignored.

        OPTIONS:
        \(CommandOption.helpText(options, column: 28))

        EXIT STATUS: 0 no (new) findings, 1 (new) findings (or a file or the --baseline file that cannot be read),
        2 usage error (or a missing path).
        """

    static func run(_ arguments: [String]) -> Output.Status {
        run(arguments, reporting: ErrorReporting(json: true)) { args in
            guard !args.positionals.isEmpty else { throw UsageError(message: "missing <path>") }
            let functions = Set(args.values(Option.lookupFunction).flatMap { $0.split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
            for name in functions where !Self.isLookupName(name) {
                throw UsageError(message: "--\(Option.lookupFunction.name) '\(name)' is not a Swift function or macro name (letters, digits, _, an optional leading #)")
            }
            if args.value(Option.baseline) != nil, args.value(Option.writeBaseline) != nil {
                throw UsageError(message: "--baseline and --write-baseline cannot be combined (--write-baseline records every finding anew)")
            }
            // A baseline that cannot be used stops the run before any file is read.
            let recorded = try args.value(Option.baseline).map(readBaseline)
            let files = try SourceLinter.sourceFiles(at: args.positionals.map { URL(fileURLWithPath: $0) })
            let findings = try SourceLinter.lint(paths: files, lookupFunctions: functions)
            // The total counts Swift files; swiftgen.yml and project.pbxproj are read besides them.
            let swiftFileCount = files.filter { $0.lastPathComponent.hasSuffix(".swift") }.count
            var shown = findings
            var counts: SourceLintText.BaselineCounts?
            if let file = args.value(Option.writeBaseline) {
                let baseline = SourceLintBaseline(recording: try SourceLintBaseline.keys(of: findings))
                try BaselineFile.write(baseline.encoded(), to: file)
                Output.err("Recorded \(Output.count(baseline.findingCount, "finding")) in \(file).")
                (shown, counts) = ([], SourceLintText.BaselineCounts(matched: findings.count))
            } else if let recorded, let file = args.value(Option.baseline) {
                let match = recorded.match(findings, keys: try SourceLintBaseline.keys(of: findings))
                (shown, counts) = (match.newFindings, SourceLintText.BaselineCounts(matched: match.matchedCount))
                if match.staleCount > 0 { Output.err(SourceLintText.staleNote(match.staleCount, file: file)) }
            }
            Output.out(args.flag(Option.json)
                ? SourceLintText.json(shown) : SourceLintText.text(shown, filesChecked: swiftFileCount, baseline: counts))
            if let warning = StepSummary.append(SourceLintText.markdown(shown, filesChecked: swiftFileCount, baseline: counts)) {
                Output.err("warning: \(warning)")
            }
            return shown.isEmpty ? .success : .failure
        }
    }

    /// The baseline in `file`.
    /// - Throws: ``CommandFailure`` `configuration` when it cannot be read, `baseline-malformed` or
    ///   `baseline-unsupported-version` (``SourceLintBaselineError``'s codes) when it is not a baseline this release reads.
    private static func readBaseline(_ file: String) throws -> SourceLintBaseline {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            let problem = FileManager.default.fileExists(atPath: file)
                ? "cannot be read (\(error.localizedDescription))" : "no such file"
            throw CommandFailure(code: "configuration", message: SourceLintText.unreadable(file, problem: problem))
        }
        do {
            return try SourceLintBaseline(data: data)
        } catch let error as SourceLintBaselineError {
            throw CommandFailure(code: error.code.rawValue, message: SourceLintText.malformed(file, error))
        }
    }

    /// A Swift identifier, or `#` and one (a macro): ASCII letters, digits and `_`, not starting with a digit.
    private static func isLookupName(_ name: String) -> Bool {
        let body = name.hasPrefix("#") ? name.dropFirst() : Substring(name)
        guard let first = body.first, !first.isNumber else { return false }
        return body.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }
}
