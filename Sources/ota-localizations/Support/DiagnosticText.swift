import OTALocalizationsCore
import OTALocalizationsPackager
import OTALocalizationsValidation

/// Renders validation findings as text for people, JSON for tools, or GitHub Actions annotations.
enum DiagnosticText {
    /// Grouped per module and file, errors first, then warnings and notes; a one-line total last.
    ///
    /// Findings downgraded by the validation baseline, and notes, are one count line each unless `showBaselined` /
    /// `showNotes`. A message's explanation (``ValidationDiagnostic/explanation``) is printed with the first finding
    /// that has it; later ones end in a short reference instead. A `missing-key` finding names its first keys; with
    /// `verbose` every missing key follows it, one per line.
    static func human(
        _ diagnostics: [ValidationDiagnostic], moduleCount: Int, verbose: Bool, showBaselined: Bool = false,
        showNotes: Bool = false
    ) -> String {
        var lines: [String] = []
        let shown = diagnostics.filter { (showBaselined || !$0.baselined) && (showNotes || $0.severity != .note) }
        var explained: Set<String> = []
        let modules = Dictionary(grouping: shown, by: \.module)
        for module in modules.keys.sorted() {
            lines.append(module)
            let files = Dictionary(grouping: modules[module] ?? [], by: \.file)
            let ordered = files.keys.sorted { a, b in
                let aErrors = files[a]?.contains { $0.severity == .error } ?? false
                let bErrors = files[b]?.contains { $0.severity == .error } ?? false
                return aErrors != bErrors ? aErrors : a < b
            }
            for file in ordered {
                lines.append("  \(file)")
                let findings = (files[file] ?? []).sorted { ($0.severity.rank, $0.line ?? 0) < ($1.severity.rank, $1.line ?? 0) }
                for finding in findings {
                    var place = ""
                    if let line = finding.line { place = "\(line)" + (finding.column.map { ":\($0)" } ?? "") + ": " }
                    let mark = finding.baselined ? " (baseline)" : ""
                    var message = finding.message
                    var code = finding.code.rawValue
                    if let explanation = finding.explanation, !explained.insert(explanation).inserted {
                        message = finding.messageWithoutExplanation
                        code += ", explained above"
                    }
                    lines.append("    \(place)\(finding.severity.rawValue)\(mark): \(message) [\(code)]")
                    if verbose, finding.code == .missingKey || finding.code == .developmentValueMissing, finding.key == nil,
                       let keys = finding.value {
                        lines += keys.split(separator: "\n", omittingEmptySubsequences: false).map { "      \($0)" }
                    }
                }
            }
        }
        let notes = diagnostics.filter { $0.severity == .note }.count
        let hiddenBaselined = showBaselined ? 0 : diagnostics.filter { $0.baselined && (showNotes || $0.severity != .note) }.count
        if hiddenBaselined > 0 {
            lines.append("\(hiddenBaselined) finding\(hiddenBaselined == 1 ? "" : "s") from the validation baseline not listed (--show-baselined lists them).")
        }
        if notes > 0, !showNotes {
            lines.append("\(notes) note\(notes == 1 ? "" : "s") not listed (--show-notes lists them; notes never block).")
        }
        lines.append(total(diagnostics, moduleCount: moduleCount))
        return lines.joined(separator: "\n")
    }

    /// "2 errors, 3 warnings, 1 note (2 from the validation baseline) in 4 modules."
    static func total(_ diagnostics: [ValidationDiagnostic], moduleCount: Int) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let notes = diagnostics.filter { $0.severity == .note }.count
        let warnings = diagnostics.count - errors - notes
        let baselined = diagnostics.filter(\.baselined).count
        var total = "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        if notes > 0 { total += ", \(notes) note\(notes == 1 ? "" : "s")" }
        if baselined > 0 { total += " (\(baselined) from the validation baseline)" }
        return total + " in \(moduleCount) module\(moduleCount == 1 ? "" : "s")."
    }

    /// A step summary (``StepSummary``): the total line and a table of every finding the annotations list
    /// (`file:line`, `severity code`, message), errors first; GitHub shows only the first 10 error and 10 warning
    /// annotations of a step.
    static func markdown(
        _ diagnostics: [ValidationDiagnostic], moduleCount: Int, pathPrefix: String, showBaselined: Bool = false,
        showNotes: Bool = false, maximumBytes: Int = StepSummary.maximumBytes
    ) -> String {
        let listed = diagnostics.filter { (showBaselined || !$0.baselined) && (showNotes || $0.severity != .note) }
            .enumerated().sorted { ($0.element.severity.rank, $0.offset) < ($1.element.severity.rank, $1.offset) }
            .map(\.element)
        let rows = listed.map { d in
            ["\(pathPrefix)\(d.file)" + (d.line.map { ":\($0)" } ?? ""),
             "\(d.severity.rawValue) \(d.code.rawValue)" + (d.baselined ? " (baseline)" : ""), d.messageWithoutExplanation]
        }
        return StepSummary.table(
            command: "validate", total: total(diagnostics, moduleCount: moduleCount),
            columns: ["file:line", "finding", "message"], rows: rows, noun: "finding", maximumBytes: maximumBytes)
    }

    /// An array of `{severity, code, module, localization, table, key, keyPath, file, line, column, message, value,
    /// baselined}` (`docs/validation.md`), nulls explicit.
    static func json(_ diagnostics: [ValidationDiagnostic]) -> String {
        func text(_ value: String?) -> String { value.map(JSONText.quoted) ?? "null" }
        func number(_ value: Int?) -> String { value.map(String.init) ?? "null" }
        let items = diagnostics.map { d in
            "{\"severity\":\(text(d.severity.rawValue)),\"code\":\(text(d.code.rawValue)),\"module\":\(text(d.module)),"
                + "\"localization\":\(text(d.localization)),\"table\":\(text(d.table)),\"key\":\(text(d.key)),"
                + "\"keyPath\":\(text(d.keyPath)),\"file\":\(text(d.file)),\"line\":\(number(d.line)),"
                + "\"column\":\(number(d.column)),\"message\":\(text(d.message)),\"value\":\(text(d.value)),"
                + "\"baselined\":\(d.baselined)}"
        }
        return "[" + items.joined(separator: ",\n") + "]"
    }

    /// GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::message`), one per finding.
    ///
    /// - Parameter pathPrefix: prepended to each repository-relative path so annotations name files relative to
    ///   the working directory (the checkout's root on GitHub Actions).
    ///   Findings from the validation baseline, and notes, are left out unless `showBaselined` / `showNotes`; a
    ///   notice then says how many.
    static func github(
        _ diagnostics: [ValidationDiagnostic], pathPrefix: String, showBaselined: Bool = false, showNotes: Bool = false
    ) -> String {
        func escapeData(_ text: String) -> String {
            text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A")
        }
        func escapeProperty(_ text: String) -> String {
            escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        }
        let listed = diagnostics.filter { showNotes || $0.severity != .note }
        let hidden = showBaselined ? 0 : listed.filter(\.baselined).count
        let hiddenNotes = showNotes ? 0 : diagnostics.count - listed.count
        var annotations = listed.filter { showBaselined || !$0.baselined }.map { d in
            var properties = ["file=\(escapeProperty(pathPrefix + d.file))"]
            if let line = d.line { properties.append("line=\(line)") }
            if let column = d.column { properties.append("col=\(column)") }
            properties.append("title=\(escapeProperty(d.code.rawValue + (d.baselined ? " (baseline)" : "")))")
            let level = d.severity == .error ? "error" : d.severity == .warning ? "warning" : "notice"
            return "::\(level) \(properties.joined(separator: ","))::\(escapeData(d.message))"
        }
        if hidden > 0 {
            annotations.append("::notice title=validation baseline::\(hidden) finding\(hidden == 1 ? "" : "s") from the validation baseline not annotated (--show-baselined annotates them)")
        }
        if hiddenNotes > 0 {
            annotations.append("::notice title=notes::\(hiddenNotes) note\(hiddenNotes == 1 ? "" : "s") not annotated (--show-notes annotates them; notes never block)")
        }
        return annotations.joined(separator: "\n")
    }
}
