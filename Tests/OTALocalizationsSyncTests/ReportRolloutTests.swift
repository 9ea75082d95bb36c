import Foundation
import OTALocalizationsSync
import Testing

/// The cycle report's `rollout` entry in the Swift value, its `Codable` form and `jsonText()` (`sync --json`).
@Suite struct ReportRolloutTests {
    private let report = OTALocalizationCycleReport(
        manifest: .updated, stateSaved: true,
        rollout: .init(id: "copy-1", basisPoints: 1250, includesThisDevice: true),
        modules: [.init(name: "Checkout", outcome: .updated, bytes: 42, durationMs: 3)])

    @Test func jsonTextPutsTheRolloutAfterStateSavedWithThePercentAsTheManifestWritesIt() {
        #expect(report.jsonText() == #"{"manifest":"updated","error":null,"stateSaved":true,"rollout":{"id":"copy-1","percent":12.5,"includesThisDevice":true},"updated":1,"skipped":0,"failed":0,"removed":0,"bytesDownloaded":42,"modules":[{"name":"Checkout","outcome":"updated","bytes":42,"durationMs":3,"reason":null,"code":null}]}"#)
    }

    @Test func aReportWithoutARolloutKeepsItsEarlierShape() {
        var plain = report
        plain.rollout = nil
        #expect(plain.jsonText() == #"{"manifest":"updated","error":null,"stateSaved":true,"updated":1,"skipped":0,"failed":0,"removed":0,"bytesDownloaded":42,"modules":[{"name":"Checkout","outcome":"updated","bytes":42,"durationMs":3,"reason":null,"code":null}]}"#)
    }

    @Test(arguments: [0, 1, 10, 1000, 1234, 5000, 9999, 10_000])
    func codableAndJSONTextAgreeAndRoundTrip(_ basisPoints: Int) throws {
        var value = report
        value.rollout = .init(id: "r", basisPoints: basisPoints, includesThisDevice: basisPoints > 5000)
        let decodedText = try JSONDecoder().decode(OTALocalizationCycleReport.self, from: Data(value.jsonText().utf8))
        let decodedCodable = try JSONDecoder().decode(OTALocalizationCycleReport.self, from: JSONEncoder().encode(value))
        #expect(decodedText == value && decodedCodable == value)
        // The percent as a JSON number, read by JSONSerialization.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(value.jsonText().utf8)) as? [String: Any])
        let rollout = try #require(object["rollout"] as? [String: Any])
        #expect((rollout["percent"] as? NSNumber)?.doubleValue == Double(basisPoints) / 100)
    }
}
