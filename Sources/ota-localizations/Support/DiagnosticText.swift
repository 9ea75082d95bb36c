import OTALocalizationsCore
import OTALocalizationsPackager

/// Renders validation findings as text for people, JSON for tools, or GitHub Actions annotations.
enum DiagnosticText {
    /// Grouped per module and file, errors first; `missing-key` warnings as counts per file unless `verbose`;
    /// a one-line total last.
    static func human(_ diagnostics: [ValidationDiagnostic], moduleCount: Int, verbose: Bool) -> String {
        var lines: [String] = []
        let modules = Dictionary(grouping: diagnostics, by: \.module)
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
                let findings = (files[file] ?? []).sorted { ($0.severity == .error ? 0 : 1, $0.line ?? 0) < ($1.severity == .error ? 0 : 1, $1.line ?? 0) }
                let missing = Dictionary(grouping: findings.filter { $0.code == .missingKey && !verbose }) { $0.localization ?? "" }
                for finding in findings where !(finding.code == .missingKey && !verbose) {
                    var place = ""
                    if let line = finding.line { place = "\(line)" + (finding.column.map { ":\($0)" } ?? "") + ": " }
                    let mark = finding.baselined ? " (baseline)" : ""
                    lines.append("    \(place)\(finding.severity.rawValue)\(mark): \(finding.message) [\(finding.code.rawValue)]")
                }
                for localization in missing.keys.sorted() {
                    let count = missing[localization]?.count ?? 0
                    let language = localization.isEmpty ? "" : "\(localization): "
                    lines.append("    warning: \(language)\(count) key\(count == 1 ? "" : "s") of the development region missing; users of this language see the raw key (--verbose lists them) [missing-key]")
                }
            }
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        let baselined = diagnostics.filter(\.baselined).count
        var total = "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        if baselined > 0 { total += " (\(baselined) from the validation baseline)" }
        lines.append(total + " in \(moduleCount) module\(moduleCount == 1 ? "" : "s").")
        return lines.joined(separator: "\n")
    }

    /// An array of `{severity, code, module, localization, table, key, file, line, column, message, baselined}`,
    /// nulls explicit.
    static func json(_ diagnostics: [ValidationDiagnostic]) -> String {
        func text(_ value: String?) -> String { value.map(JSONText.quoted) ?? "null" }
        func number(_ value: Int?) -> String { value.map(String.init) ?? "null" }
        let items = diagnostics.map { d in
            "{\"severity\":\(text(d.severity.rawValue)),\"code\":\(text(d.code.rawValue)),\"module\":\(text(d.module)),"
                + "\"localization\":\(text(d.localization)),\"table\":\(text(d.table)),\"key\":\(text(d.key)),"
                + "\"file\":\(text(d.file)),\"line\":\(number(d.line)),\"column\":\(number(d.column)),"
                + "\"message\":\(text(d.message)),\"baselined\":\(d.baselined)}"
        }
        return "[" + items.joined(separator: ",\n") + "]"
    }

    /// GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::message`), one per finding.
    ///
    /// - Parameter pathPrefix: prepended to each repository-relative path so annotations name files relative to
    ///   the working directory (the checkout's root on GitHub Actions).
    static func github(_ diagnostics: [ValidationDiagnostic], pathPrefix: String) -> String {
        func escapeData(_ text: String) -> String {
            text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A")
        }
        func escapeProperty(_ text: String) -> String {
            escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        }
        return diagnostics.map { d in
            var properties = ["file=\(escapeProperty(pathPrefix + d.file))"]
            if let line = d.line { properties.append("line=\(line)") }
            if let column = d.column { properties.append("col=\(column)") }
            properties.append("title=\(escapeProperty(d.code.rawValue + (d.baselined ? " (baseline)" : "")))")
            let level = d.severity == .error ? "error" : "warning"
            return "::\(level) \(properties.joined(separator: ","))::\(escapeData(d.message))"
        }.joined(separator: "\n")
    }
}
