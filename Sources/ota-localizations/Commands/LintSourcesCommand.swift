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
        static let json = CommandOption.flag("json", help: """
            Print a JSON array of {file, line, column, rule, message} on stdout; when the run
            cannot start or a file cannot be read, {"error": {"code", "message"}} instead.
            """)
    }
    static let options = [Option.lookupFunction, Option.json]
    static let help = """
        OVERVIEW: Flag string lookups in Swift sources that never see an over-the-air update: NSLocalizedString,
        String(localized:) and AttributedString(localized:) without a bundle: argument, SwiftUI Text with a
        literal key and no bundle:, and lookups in .module, .main or Bundle(for:). Pass bundle: .localizationBundle
        instead.
        Silence one finding with '// ota-localizations:disable-next-line' on the line before the call, or
        '// ota-localizations:disable-line' at the end of its line. Rules: docs/source-linting.md.

        USAGE: ota-localizations lint-sources <path> ... [--lookup-function <name>] ... [--json]

        ARGUMENTS:
          <path>            A .swift file, or a folder searched for .swift files (hidden folders, .build, Pods,
                            Carthage and DerivedData are skipped). Other files are ignored.

        OPTIONS:
        \(CommandOption.helpText(options, column: 20))

        EXIT STATUS: 0 no findings, 1 findings (or a file that cannot be read), 2 usage error (or a missing path).
        """

    static func run(_ arguments: [String]) -> Output.Status {
        run(arguments, reporting: ErrorReporting(json: true)) { args in
            guard !args.positionals.isEmpty else { throw UsageError(message: "missing <path>") }
            let functions = Set(args.values(Option.lookupFunction).flatMap { $0.split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
            for name in functions where !Self.isLookupName(name) {
                throw UsageError(message: "--\(Option.lookupFunction.name) '\(name)' is not a Swift function or macro name (letters, digits, _, an optional leading #)")
            }
            let files = try SourceLinter.swiftFiles(at: args.positionals.map { URL(fileURLWithPath: $0) })
            let findings = try SourceLinter.lint(paths: files, lookupFunctions: functions)
            Output.out(args.flag(Option.json) ? json(findings) : text(findings, filesChecked: files.count))
            return findings.isEmpty ? .success : .failure
        }
    }

    /// A Swift identifier, or `#` and one (a macro): ASCII letters, digits and `_`, not starting with a digit.
    private static func isLookupName(_ name: String) -> Bool {
        let body = name.hasPrefix("#") ? name.dropFirst() : Substring(name)
        guard let first = body.first, !first.isNumber else { return false }
        return body.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    static func text(_ findings: [SourceLintFinding], filesChecked: Int) -> String {
        let checked = "\(filesChecked) Swift file\(filesChecked == 1 ? "" : "s")"
        guard !findings.isEmpty else { return "No findings in \(checked)." }
        let files = Set(findings.map(\.file)).count
        let total = "\(findings.count) finding\(findings.count == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s")"
        return (findings.map(\.description) + ["\(total) (\(checked) checked)."]).joined(separator: "\n")
    }

    static func json(_ findings: [SourceLintFinding]) -> String {
        let items = findings.map {
            "{\"file\":\(JSONText.quoted($0.file)),\"line\":\($0.line),\"column\":\($0.column),"
                + "\"rule\":\(JSONText.quoted($0.rule.rawValue)),\"message\":\(JSONText.quoted($0.message))}"
        }
        return "[" + items.joined(separator: ",") + "]"
    }
}
