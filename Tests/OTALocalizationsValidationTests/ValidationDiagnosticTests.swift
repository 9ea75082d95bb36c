import Foundation
import Testing
@testable import OTALocalizationsValidation

@Suite struct ValidationDiagnosticTests {
    private let sample = ValidationDiagnostic(
        severity: .error, code: .duplicateKey, module: "App", table: "Localizable", localization: "fr",
        key: "a", file: "App/fr.lproj/Localizable.strings", line: 3, message: "m", value: "x")

    @Test func encodesAbsentFieldsAsNull() throws {
        let data = try JSONEncoder().encode(sample)
        // Independent reader: JSONSerialization keeps explicit nulls as NSNull.
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["severity", "code", "module", "localization", "table", "key", "keyPath", "file", "line", "column", "message", "value", "baselined"])
        #expect(object["column"] is NSNull)
        #expect(object["severity"] as? String == "error" && object["code"] as? String == "duplicate-key")
        #expect(object["line"] as? Int == 3 && object["baselined"] as? Bool == false)
        #expect(try JSONDecoder().decode(ValidationDiagnostic.self, from: data) == sample)
    }

    @Test func formatsLikeACompilerMessage() {
        #expect(sample.formatted == "App/fr.lproj/Localizable.strings:3: error: m [duplicate-key]")
    }
}
