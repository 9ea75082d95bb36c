import Foundation

/// GitHub Actions' step summary: Markdown a step appends to the file `$GITHUB_STEP_SUMMARY` names, shown on the run's
/// summary page. Unlike annotations (GitHub shows the first 10 errors and 10 warnings of a step), it can list every
/// finding, up to ``maximumBytes``.
enum StepSummary {
    /// The variable GitHub Actions sets to the file of the running step's summary.
    static let variable = "GITHUB_STEP_SUMMARY"

    /// The most a step's summary may hold: 1 MiB, GitHub's limit ("each step is restricted to a maximum size of
    /// 1MiB", docs.github.com, "Adding a job summary"); a larger one is not shown at all.
    static let maximumBytes = 1_048_576

    /// A summary: a `### ota-localizations <command>` heading, the total line, and a table of `rows` (each cell
    /// escaped for a Markdown table; the first two set as code) in the order given, cut at `maximumBytes` (UTF-8)
    /// with a last line that says how many rows were left out. No table when there are no rows.
    static func table(
        command: String, total: String, columns: [String], rows: [[String]], noun: String,
        maximumBytes: Int = maximumBytes
    ) -> String {
        var text = "### ota-localizations \(command)\n\n\(total)\n\n"
        guard !rows.isEmpty else { return text }
        text += "| " + columns.joined(separator: " | ") + " |\n|" + String(repeating: " --- |", count: columns.count) + "\n"
        // Room for the line that says how many rows were left out.
        let budget = maximumBytes - text.utf8.count - 200
        var used = 0
        for (index, cells) in rows.enumerated() {
            let shown = cells.enumerated().map { $0.offset < 2 ? DiffMarkdown.code($0.element) : DiffMarkdown.escaped($0.element) }
            let row = "| " + shown.joined(separator: " | ") + " |\n"
            guard used + row.utf8.count <= budget else {
                text += "\n\(Output.count(rows.count - index, "more \(noun)")) not shown: a step summary holds at most 1 MiB; "
                    + "the log lists every \(noun).\n"
                return text
            }
            used += row.utf8.count
            text += row
        }
        return text + "\n"
    }

    /// Appends `markdown` to the file `environment[variable]` names (created when missing), when it is set and not
    /// empty.
    /// - Returns: nil when written or not asked for; else a one-line warning naming the variable and the file.
    static func append(_ markdown: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let path = environment[variable], !path.isEmpty else { return nil }
        let data = Data(markdown.utf8)
        if let handle = FileHandle(forWritingAtPath: path) {
            defer { try? handle.close() }
            do {
                try handle.seekToEnd()
                try handle.write(contentsOf: data)
                return nil
            } catch {
                return "\(variable) \(path): cannot be written (\(error.localizedDescription)); the findings are in the log"
            }
        }
        guard FileManager.default.createFile(atPath: path, contents: data) else {
            return "\(variable) \(path): cannot be written; the findings are in the log"
        }
        return nil
    }
}
