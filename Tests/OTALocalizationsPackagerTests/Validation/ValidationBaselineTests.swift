import Foundation
import Testing
@testable import OTALocalizationsPackager

@Suite struct ValidationBaselineTests {
    private func diagnostic(_ code: ValidationDiagnostic.Code, key: String?, value: String?, line: Int = 1) -> ValidationDiagnostic {
        ValidationDiagnostic(severity: .error, code: code, module: "App", table: "Localizable", localization: "fr",
                             key: key, file: "App/fr.lproj/Localizable.strings", line: line, message: "m", value: value)
    }

    @Test func downgradesRecordedFindingsAndKeepsNewOnesErrors() {
        let today = [diagnostic(.duplicateKey, key: "a", value: "A2"), diagnostic(.formatSpecifierMismatch, key: "b", value: "%d")]
        let baseline = ValidationBaseline(recording: today)
        let tomorrow = [
            diagnostic(.duplicateKey, key: "a", value: "A2", line: 40),        // moved: still recorded
            diagnostic(.formatSpecifierMismatch, key: "b", value: "%s"),       // changed value: new
            diagnostic(.formatSpecifierMismatch, key: "c", value: "%d"),       // new key
        ]
        let applied = baseline.apply(to: tomorrow)
        #expect(applied.map(\.severity) == [.warning, .error, .error])
        #expect(applied.map(\.baselined) == [true, false, false])
        #expect(applied[0].line == 40)
    }

    @Test func neverRecordsOrDowngradesUnreadableTables() {
        // A table that does not parse is read as empty on device; the others describe what the app ships today.
        let unreadable = [diagnostic(.parseError, key: "", value: nil), diagnostic(.encoding, key: "", value: nil)]
        #expect(ValidationBaseline(recording: unreadable).findings.isEmpty)
        let forced = ValidationBaseline(findings: unreadable.map(ValidationBaseline.Finding.init))
        #expect(forced.apply(to: unreadable).map(\.severity) == [.error, .error])
    }

    @Test func recordsAndDowngradesEveryOtherError() {
        let today = [diagnostic(.stringsDictMissingOther, key: "k", value: "other"),
                     diagnostic(.stringsDictMalformedEntry, key: "m", value: nil)]
        let baseline = ValidationBaseline(recording: today)
        #expect(Set(baseline.findings.map(\.code)) == ["stringsdict-missing-other", "stringsdict-malformed-entry"])
        #expect(baseline.apply(to: today).map(\.severity) == [.warning, .warning])
    }

    @Test func aMissingKeyFindingStaysBaselinedWhileItListsOnlyRecordedKeys() {
        func missing(_ keys: [String]) -> ValidationDiagnostic {
            diagnostic(.missingKey, key: keys.count == 1 ? keys[0] : nil, value: keys.joined(separator: "\n"))
        }
        let baseline = ValidationBaseline(recording: [missing(["a", "b", "c"])])
        #expect(baseline.apply(to: [missing(["a", "c"])]).map(\.baselined) == [true])     // two fixed
        #expect(baseline.apply(to: [missing(["b"])]).map(\.baselined) == [true])          // one left
        #expect(baseline.apply(to: [missing(["a", "d"])]).map(\.baselined) == [false])    // d is new
    }

    @Test func roundTripsThroughStableJSON() throws {
        let baseline = ValidationBaseline(recording: [diagnostic(.duplicateKey, key: "a/b", value: "x"), diagnostic(.missingKey, key: "z", value: nil)])
        let data = baseline.encoded()
        #expect(try ValidationBaseline(data: data) == baseline)
        // Independent reading of the bytes: Foundation's JSONSerialization.
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.count == 2)
        #expect(findings[0]["code"] as? String == "duplicate-key" && findings[0]["key"] as? String == "a/b")
        #expect(findings[1]["value"] == nil)
        #expect(String(decoding: data, as: UTF8.self).hasSuffix("}\n"))
    }

    @Test func rejectsMalformedFilesAndOtherVersions() {
        #expect(throws: ValidationBaselineError(code: .malformed, reason: "the file is not a JSON object with a \"version\" number")) {
            try ValidationBaseline(data: Data("[]".utf8))
        }
        #expect {
            try ValidationBaseline(data: Data(#"{"version": 2, "findings": []}"#.utf8))
        } throws: { ($0 as? ValidationBaselineError)?.code == .unsupportedVersion }
    }
}
