import Foundation
import OTALocalizationsCore
import Testing
@testable import OTALocalizationsValidation

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

    @Test func rejectsMalformedFilesAndOtherVersionsWithTheirPlace() {
        let again = "record the baseline again from today's findings"
        #expect(throws: ValidationBaselineError(code: .malformed, problem: "the file is not a JSON object with a \"version\" number", line: 1, column: 1)) {
            try ValidationBaseline(data: Data("[]".utf8))
        }
        #expect(throws: ValidationBaselineError(code: .unsupportedVersion, problem: "version 2 is not supported (this release reads version 1)", line: 1, column: 13)) {
            try ValidationBaseline(data: Data(#"{"version": 2, "findings": []}"#.utf8))
        }
        // A finding without its code, on line 3: named by its index, placed where it is written; no decoder dump.
        let missing = #expect(throws: ValidationBaselineError.self) {
            try ValidationBaseline(data: Data("{\"version\": 1, \"findings\": [\n{\"module\": \"A\", \"code\": \"x\"},\n{\"module\": \"A\"}\n]}".utf8))
        }
        #expect(missing?.description == "3:1: not in the validation baseline format: findings[1] has no \"code\" (docs/validation.md); \(again)")
        let syntax = #expect(throws: ValidationBaselineError.self) { try ValidationBaseline(data: Data("{\"version\": 1,\n\"findings\": [,]}".utf8)) }
        #expect(syntax?.description == "2:14: not valid JSON (unexpected character, expected a value); fix it there, or \(again)")
        #expect(syntax?.isFixableInPlace == true && missing?.isFixableInPlace == false)
    }

    /// An en `.stringsdict` entry `files` whose rule `COUNT` (value type `d`) has the forms given, parsed from XML.
    private func stringsDict(_ forms: [String: String], rules: [String] = ["COUNT"]) throws -> ValidationInput.File {
        let formXML = forms.sorted { $0.key < $1.key }.map { "<key>\($0.key)</key><string>\($0.value)</string>" }.joined(separator: "\n")
        let rulesXML = rules.map { rule in
            "<key>\(rule)</key><dict>\n<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\n"
                + "<key>NSStringFormatValueTypeKey</key><string>d</string>\n\(formXML)\n</dict>"
        }.joined(separator: "\n")
        let format = rules.map { "%#@\($0)@" }.joined(separator: " ")
        let xml = "<plist><dict>\n<key>files</key><dict>\n<key>NSStringLocalizedFormatKey</key><string>\(format)</string>\n\(rulesXML)\n</dict>\n</dict></plist>"
        let table = try StringsDictParser.parse(Data(xml.utf8))
        return ValidationInput.File(path: "App/en.lproj/Localizable.stringsdict", relativePath: "en.lproj/Localizable.stringsdict",
                                    content: .stringsDict(table))
    }

    @Test func aNewlyBrokenFormOfARecordedEntryIsNew() throws {
        // Recorded: other = "%@ files" reads an object where the value type d is an int. Then one becomes "%s file".
        let today = ValidationFixtures.validate([try stringsDict(["one": "%d file", "other": "%@ files"])])
        #expect(today.map(\.code) == [.stringsDictSpecifierMismatch])
        #expect(today[0].keyPath == "COUNT/other" && today[0].value == "%@ files")
        let baseline = ValidationBaseline(recording: today)
        let tomorrow = baseline.apply(to: ValidationFixtures.validate([try stringsDict(["one": "%s file", "other": "%@ files"])]))
        #expect(tomorrow.map(\.keyPath) == ["COUNT/one", "COUNT/other"])
        #expect(tomorrow.map(\.baselined) == [false, true])
        #expect(tomorrow.map(\.severity) == [.error, .warning])
        #expect(tomorrow.contains { $0.blocksPublish(strict: true) })
        // A recorded form whose text changes but stays wrong is new too.
        let edited = baseline.apply(to: ValidationFixtures.validate([try stringsDict(["one": "%d file", "other": "%@ Files"])]))
        #expect(edited.map(\.baselined) == [false])
    }

    @Test func eachRuleOfAnEntryIsRecordedApart() throws {
        // After ProtonVPN's `_step_of` ("%#@STEP@ %#@STEPS@"), with a zero form added: each rule lacks en's `one`, each
        // its own finding. (A rule whose only form is other is no finding in the development language.)
        let both = ValidationFixtures.validate([try stringsDict(["zero": "none", "other": "%d"], rules: ["STEP", "STEPS"])])
            .filter { $0.code == .stringsDictMissingPluralCategory }
        #expect(both.map(\.keyPath) == ["STEP", "STEPS"])
        #expect(Set(both.map(ValidationBaseline.Finding.init)).count == 2)
        let onlyStep = ValidationBaseline(recording: [both[0]])
        #expect(onlyStep.apply(to: both).map(\.baselined) == [true, false])
    }

    @Test func eachOccurrenceNeedsItsOwnRecord() {
        // Two findings of one identity (a key written three times with one value): one record absorbs one.
        let twice = [diagnostic(.duplicateKeySameValue, key: "a", value: "A", line: 2), diagnostic(.duplicateKeySameValue, key: "a", value: "A", line: 3)]
        let one = ValidationBaseline(recording: [twice[0]])
        #expect(one.apply(to: twice).map(\.baselined) == [true, false])
        let both = ValidationBaseline(recording: twice)
        #expect(both.findings.count == 2)
        #expect(both.apply(to: twice).map(\.baselined) == [true, true])
    }

    @Test func countsFindingsThatARecordWithoutKeyPathNoLongerCovers() throws {
        // A file written before findings carried their rule and form: its record matches no form any more.
        let legacy = ValidationBaseline(findings: [ValidationBaseline.Finding(
            module: "App", table: "Localizable", localization: "en", key: "files", code: "stringsdict-specifier-mismatch", value: nil)])
        let applied = legacy.apply(to: ValidationFixtures.validate([try stringsDict(["one": "%d file", "other": "%@ files"])]))
        #expect(applied.map(\.baselined) == [false])
        #expect(legacy.countCoveredOnlyByOlderRecords(in: applied) == 1)
        #expect(ValidationBaseline(recording: applied).countCoveredOnlyByOlderRecords(in: applied) == 0)
    }
}
