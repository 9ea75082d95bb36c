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
