import OTALocalizationsCore
import OTALocalizationsSourceLint

/// `lint-sources` output: findings in the form compilers print, as JSON, and as a Markdown table for the GitHub step
/// summary, with the counts a baseline adds.
enum SourceLintText {
    /// What a baseline did to a run's findings, for the total line: how many it absorbed.
    struct BaselineCounts: Sendable, Equatable {
        var matched: Int
    }

    /// One line per finding, then the total: `2 findings in 1 file (38 Swift files checked).`, or
    /// `No findings in 38 Swift files.`; with a baseline, `new findings` and `; 5 findings from the baseline not listed.`
    static func text(_ findings: [SourceLintFinding], filesChecked: Int, baseline: BaselineCounts?) -> String {
        (findings.map(\.description) + [total(findings, filesChecked: filesChecked, baseline: baseline)])
            .joined(separator: "\n")
    }

    /// The total line of ``text(_:filesChecked:baseline:)``.
    static func total(_ findings: [SourceLintFinding], filesChecked: Int, baseline: BaselineCounts?) -> String {
        let checked = Output.count(filesChecked, "Swift file")
        let adjective = baseline == nil ? "" : "new "
        let absorbed = baseline.map { "; \(Output.count($0.matched, "finding")) from the baseline not listed" } ?? ""
        guard !findings.isEmpty else { return "No \(adjective)findings in \(checked)\(absorbed)." }
        let files = Set(findings.map(\.file)).count
        return "\(Output.count(findings.count, adjective + "finding")) in \(Output.count(files, "file")) (\(checked) checked)"
            + "\(absorbed)."
    }

    /// A JSON array of `{file, line, column, rule, message}`, `[]` when there is none.
    static func json(_ findings: [SourceLintFinding]) -> String {
        let items = findings.map {
            "{\"file\":\(JSONText.quoted($0.file)),\"line\":\($0.line),\"column\":\($0.column),"
                + "\"rule\":\(JSONText.quoted($0.rule.rawValue)),\"message\":\(JSONText.quoted($0.message))}"
        }
        return "[" + items.joined(separator: ",") + "]"
    }

    /// A step summary: a heading, the total line, and a table of every finding (`file:line`, rule, message) in the
    /// order given, cut at `maximumBytes` (UTF-8) with a last line that says how many rows were left out.
    static func markdown(
        _ findings: [SourceLintFinding], filesChecked: Int, baseline: BaselineCounts?,
        maximumBytes: Int = StepSummary.maximumBytes
    ) -> String {
        StepSummary.table(
            command: "lint-sources", total: total(findings, filesChecked: filesChecked, baseline: baseline),
            columns: ["file:line", "rule", "message"],
            rows: findings.map { ["\($0.file):\($0.line)", $0.rule.rawValue, $0.message] }, noun: "finding",
            maximumBytes: maximumBytes)
    }

    /// The command that records a baseline into `file`.
    static func writeCommand(_ file: String) -> String {
        "ota-localizations lint-sources <path> ... --write-baseline \(file)"
    }

    /// `--baseline <file>`'s error when the file cannot be read.
    static func unreadable(_ file: String, problem: String) -> String {
        "--baseline \(file): \(problem); record one with '\(writeCommand(file))'"
    }

    /// `--baseline <file>`'s error when the file is not a baseline: the problem, then fix it there (JSON that does not
    /// parse) or record it again.
    static func malformed(_ file: String, _ error: SourceLintBaselineError) -> String {
        "--baseline \(file): \(error.problem); " + (error.isFixableInPlace ? "fix it there, or " : "")
            + "record the baseline again with '\(writeCommand(file))'"
    }

    /// The note for recorded findings that no longer occur: how many, and how to drop them.
    static func staleNote(_ count: Int, file: String) -> String {
        "note: \(count) finding\(count == 1 ? "" : "s") the baseline records no longer occur\(count == 1 ? "s" : "") "
            + "(fixed, or \(count == 1 ? "its" : "their") line edited); drop \(count == 1 ? "it" : "them") from \(file) "
            + "with '\(writeCommand(file))'."
    }
}
