import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizationsValidation

/// Each code's severity, as `ValidationDiagnostic.Code.severity(pluralCountsOfMillions:)` defines it, is the one
/// the table of docs/validation.md states.
@Suite struct DiagnosticSeverityTests {
    /// `(code, severity column)` of every row of the codes table.
    private func documentedSeverities() throws -> [(code: String, severity: String)] {
        let doc = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/validation.md"), encoding: .utf8)
        return doc.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 3, cells[1].hasPrefix("`"), cells[1].hasSuffix("`") else { return nil }
            let severity = cells[2]
            guard ["error", "warning", "note"].contains(where: { severity.hasPrefix($0) }) else { return nil }
            return (String(cells[1].dropFirst().dropLast()), severity)
        }
    }

    @Test func everyDocumentedCodeHasItsDocumentedSeverity() throws {
        let rows = try documentedSeverities()
        #expect(rows.count == 37)
        for row in rows {
            let code = ValidationDiagnostic.Code(rawValue: row.code)
            if row.severity == "note (warning with `pluralCountsOfMillions`)" {
                #expect(code.severity() == .note, "\(row.code)")
                #expect(code.severity(pluralCountsOfMillions: true) == .warning, "\(row.code)")
            } else {
                #expect(code.severity().rawValue == row.severity, "\(row.code)")
                #expect(code.severity(pluralCountsOfMillions: true).rawValue == row.severity, "\(row.code)")
            }
        }
    }

    @Test func aDiagnosticWithoutASeverityTakesItsCodes() {
        let missing = ValidationDiagnostic(code: .missingKey, module: "App", table: "T", localization: "fr", file: "f", message: "m")
        let duplicate = ValidationDiagnostic(code: .duplicateKey, module: "App", table: "T", localization: "fr", file: "f", message: "m")
        #expect(missing.severity == .warning)
        #expect(duplicate.severity == .error)
        #expect(ValidationDiagnostic.Code(rawValue: "from-a-later-release").severity() == .error)
    }
}
