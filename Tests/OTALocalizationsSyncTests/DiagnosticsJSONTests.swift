import Foundation
import Testing
import OTALocalizations
import OTALocalizationsSync

/// `OTALocalizationDiagnostics.exportJSON()`: the documented shape, key for key, and the same values through `Codable`.
@Suite struct DiagnosticsJSONTests {
    private let sha = String(repeating: "ab", count: 32)
    private let folder = String(repeating: "cd", count: 32)

    private var value: OTALocalizationDiagnostics {
        let quarantine = OTALaunchQuarantine(
            modules: ["Checkout": sha], publishedAt: "2026-07-24T10:00:00Z", since: Date(timeIntervalSince1970: 1_785_000_000),
            launches: 2)
        let report = OTALocalizationCycleReport(
            manifest: .updated, stateSaved: true,
            modules: [.init(name: "Checkout", outcome: .updated, bytes: 1473, durationMs: 12)])
        return OTALocalizationDiagnostics(
            formatVersion: 1, generatedAt: "2026-07-25T08:00:00Z", appVersion: "1.0", channel: "staging",
            nextLaunchChannel: "production", servedAsOf: .thisProcess,
            modules: [
                .init(name: "Checkout", source: .overTheAir, embeddedReason: nil, installed: .init(
                    sha256: sha, folderSHA256: folder, rolloutID: "r1", localizations: ["en", "fr"], publishedAt: "2026-07-24T10:00:00Z")),
                .init(name: "Profile", source: .overTheAir, embeddedReason: nil, installed: .init(
                    sha256: folder, folderSHA256: folder, rolloutID: nil, localizations: ["en"], publishedAt: nil,
                    experimentID: "cta", arm: "short", forced: true)),
                .init(name: "Search", source: .embedded, embeddedReason: "notInstalled", installed: nil),
            ],
            antiRollback: [.init(channel: "staging", newestPublishedAt: "2026-07-24T10:00:00Z", pulledThrough: nil)],
            quarantines: [quarantine], quarantineInForce: nil,
            cycleReports: [.init(endedAt: "2026-07-24T10:01:00Z", appVersion: "1.0", channel: "staging", modulesOmitted: 0, report: report)],
            forcedExperimentArm: "short")
    }

    @Test func theExportHasTheDocumentedShapeKeyForKey() {
        let expected = """
            {"formatVersion":1,"generatedAt":"2026-07-25T08:00:00Z","appVersion":"1.0","channel":"staging",\
            "nextLaunchChannel":"production","forcedExperimentArm":"short","servedAsOf":"thisProcess",\
            "modules":[{"name":"Checkout","source":"overTheAir",\
            "embeddedReason":null,"installed":{"sha256":"\(sha)","folderSHA256":"\(folder)","rolloutID":"r1",\
            "experimentID":null,"arm":null,"forced":false,\
            "localizations":["en","fr"],"publishedAt":"2026-07-24T10:00:00Z"}},{"name":"Profile","source":"overTheAir",\
            "embeddedReason":null,"installed":{"sha256":"\(folder)","folderSHA256":"\(folder)","rolloutID":null,\
            "experimentID":"cta","arm":"short","forced":true,"localizations":["en"],"publishedAt":null}},\
            {"name":"Search","source":"embedded",\
            "embeddedReason":"notInstalled","installed":null}],"antiRollback":[{"channel":"staging",\
            "newestPublishedAt":"2026-07-24T10:00:00Z","pulledThrough":null}],"quarantines":[{"since":"2026-07-25T17:20:00Z",\
            "launches":2,"publishedAt":"2026-07-24T10:00:00Z","modules":{"Checkout":"\(sha)"}}],"quarantineInForce":null,\
            "cycleReports":[{"endedAt":"2026-07-24T10:01:00Z","appVersion":"1.0","channel":"staging","modulesOmitted":0,\
            "report":{"manifest":"updated","error":null,"stateSaved":true,"updated":1,"skipped":0,"failed":0,"removed":0,\
            "bytesDownloaded":1473,"modules":[{"name":"Checkout","outcome":"updated","bytes":1473,"durationMs":12,\
            "reason":null,"code":null}]}}]}
            """
        #expect(value.exportJSON() == expected)
    }

    @Test func theExportDecodesToTheSameValue() throws {
        let decoded = try JSONDecoder().decode(OTALocalizationDiagnostics.self, from: Data(value.exportJSON().utf8))
        #expect(decoded == value)
        // And Codable's own encoding has the same keys and values.
        let encoded = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(OTALocalizationDiagnostics.self, from: encoded) == value)
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        let exported = try #require(try JSONSerialization.jsonObject(with: Data(value.exportJSON().utf8)) as? [String: Any])
        #expect(Set(object.keys).union(["quarantineInForce"]) == Set(exported.keys))
    }

    @Test func anEntryWrittenBeforeExperimentsDecodesOutsideAnyExperiment() throws {
        let old = #"{"sha256":"\#(sha)","folderSHA256":"\#(sha)","rolloutID":null,"localizations":["en"],"publishedAt":null}"#
        #expect(try JSONDecoder().decode(OTALocalizationDiagnostics.Installed.self, from: Data(old.utf8))
            == .init(sha256: sha, folderSHA256: sha, rolloutID: nil, localizations: ["en"], publishedAt: nil))
    }
}
