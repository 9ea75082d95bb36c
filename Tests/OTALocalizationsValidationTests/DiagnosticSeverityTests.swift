import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizationsValidation

/// Every known code (``ValidationDiagnostic/Code/known``, the one list) is a row of the table of docs/validation.md, in
/// its order, with the severity and baselining the row states; every code declared in the source is in the list.
@Suite struct DiagnosticSeverityTests {
    typealias Code = ValidationDiagnostic.Code

    /// `(code, severity column, baselined column)` of every row of the codes table.
    private func documentedRows() throws -> [(code: String, severity: String, baselined: String)] {
        let doc = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/validation.md"), encoding: .utf8)
        return doc.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 5, cells[1].hasPrefix("`"), cells[1].hasSuffix("`") else { return nil }
            let severity = cells[2]
            guard ["error", "warning", "note"].contains(where: { severity.hasPrefix($0) }) else { return nil }
            return (String(cells[1].dropFirst().dropLast()), severity, cells[4])
        }
    }

    @Test func theDocumentedCodesAreTheKnownCodesWithTheirSeverities() throws {
        let rows = try documentedRows()
        #expect(rows.map(\.code) == Code.known.map(\.rawValue))
        for (row, code) in zip(rows, Code.known) {
            if row.severity == "note (warning with `pluralCountsOfMillions`)" {
                #expect(code.severity() == .note, "\(row.code)")
                #expect(code.severity(pluralCountsOfMillions: true) == .warning, "\(row.code)")
            } else {
                #expect(code.severity().rawValue == row.severity, "\(row.code)")
                #expect(code.severity(pluralCountsOfMillions: true).rawValue == row.severity, "\(row.code)")
            }
            #expect(code.canBeBaselined == (row.baselined != "never"), "\(row.code): \(row.baselined)")
        }
        #expect(Code.neverBaselined == Set(rows.filter { $0.baselined == "never" }.map { Code(rawValue: $0.code) }))
    }

    /// Every `public static let name = Self("raw-value", …)` of the declarations file is listed in ``Code/known``,
    /// once: a code declared and not listed would lose its severity when read back from a file.
    @Test func everyDeclaredCodeIsKnownOnce() throws {
        let file = TestPaths.packageRoot.appendingPathComponent("Sources/OTALocalizationsValidation/ValidationDiagnostic+Codes.swift")
        let source = try String(contentsOf: file, encoding: .utf8)
        // NSRegularExpression, not Regex: the tests build on macOS 12, and Regex needs macOS 13.
        let declaration = try NSRegularExpression(pattern: #"public static let \w+ = Self\(\s*"([a-z0-9-]+)""#)
        let declared = declaration.matches(in: source, range: NSRange(source.startIndex..., in: source)).compactMap {
            Range($0.range(at: 1), in: source).map { String(source[$0]) }
        }
        // The pattern found every declaration.
        #expect(declared.count == source.components(separatedBy: "= Self(").count - 1)
        #expect(declared.sorted() == Code.known.map(\.rawValue).sorted())
        #expect(Set(Code.known).count == Code.known.count)
    }

    @Test func aCodeReadFromItsRawValueIsTheDeclaredCode() throws {
        for code in Code.known {
            let read = Code(rawValue: code.rawValue)
            let decoded = try JSONDecoder().decode(Code.self, from: Data("\"\(code.rawValue)\"".utf8))
            for copy in [read, decoded] {
                #expect(copy == code && copy.hashValue == code.hashValue)
                #expect(copy.severity() == code.severity() && copy.canBeBaselined == code.canBeBaselined, "\(code)")
                #expect(copy.severity(pluralCountsOfMillions: true) == code.severity(pluralCountsOfMillions: true), "\(code)")
            }
        }
        #expect(String(decoding: try JSONEncoder().encode(Code.missingKey), as: UTF8.self) == "\"missing-key\"")
    }

    @Test func anUnknownCodeIsAnErrorThatCanBeBaselined() throws {
        let unknown = try JSONDecoder().decode(Code.self, from: Data("\"from-a-later-release\"".utf8))
        #expect(unknown.rawValue == "from-a-later-release")
        #expect(unknown.severity() == .error && unknown.severity(pluralCountsOfMillions: true) == .error)
        #expect(unknown.canBeBaselined && unknown != .parseError)
    }

    @Test func aDiagnosticWithoutASeverityTakesItsCodes() {
        let missing = ValidationDiagnostic(code: .missingKey, module: "App", table: "T", localization: "fr", file: "f", message: "m")
        let duplicate = ValidationDiagnostic(code: .duplicateKey, module: "App", table: "T", localization: "fr", file: "f", message: "m")
        #expect(missing.severity == .warning)
        #expect(duplicate.severity == .error)
        #expect(ValidationDiagnostic.Code(rawValue: "from-a-later-release").severity() == .error)
    }
}
