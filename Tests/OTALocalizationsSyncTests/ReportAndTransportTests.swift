import Foundation
import Testing
@testable import OTALocalizationsSync

@Suite struct CycleReportTests {
    @Test func encodesTheSyncJSONShapeWithExplicitNulls() throws {
        let report = Report(manifest: .updated, stateSaved: false, modules: [
            ModuleReport(name: "Checkout", outcome: .updated, bytes: 1200, durationMs: 15),
            ModuleReport(name: "Profile", outcome: .failed, bytes: 10, durationMs: 3, reason: "HTTP status 404", code: .transport),
            ModuleReport(name: "Search", outcome: .skipped),
            ModuleReport(name: "Old", outcome: .removed),
        ])
        let data = try JSONEncoder().encode(report)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["manifest", "error", "stateSaved", "updated", "skipped", "failed", "removed",
                                     "bytesDownloaded", "modules"])
        #expect(object["manifest"] as? String == "updated")
        #expect(object["error"] is NSNull)
        #expect(object["stateSaved"] as? Bool == false)
        #expect(object["updated"] as? Int == 1)
        #expect(object["skipped"] as? Int == 1)
        #expect(object["failed"] as? Int == 1)
        #expect(object["removed"] as? Int == 1)
        #expect(object["bytesDownloaded"] as? Int == 1210)
        let modules = try #require(object["modules"] as? [[String: Any]])
        #expect(modules.map { Set($0.keys) } == Array(repeating: ["name", "outcome", "bytes", "durationMs", "reason", "code"], count: 4))
        #expect(modules[0]["reason"] is NSNull)
        #expect(modules[0]["code"] is NSNull)
        #expect(modules[1]["reason"] as? String == "HTTP status 404")
        #expect(modules[1]["code"] as? String == "transport")
        #expect(modules.map { $0["outcome"] as? String } == ["updated", "failed", "skipped", "removed"])
        #expect(modules[0]["durationMs"] as? Int == 15)
        #expect(try JSONDecoder().decode(Report.self, from: data) == report)
    }

    @Test func manifestOutcomesUseTheDocumentedSpelling() throws {
        for (outcome, text) in [(Report.ManifestOutcome.updated, "updated"), (.notModified, "notModified"),
                                (.stale, "stale"), (.failed, "failed")] {
            let data = try JSONEncoder().encode(Report(manifest: outcome, error: "x"))
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            #expect(object?["manifest"] as? String == text)
            #expect(object?["error"] as? String == "x")
        }
    }
}

@Suite struct HTTPTransportTests {
    @Test func headerNamesAreCaseInsensitive() {
        let response = HTTPResponse(statusCode: 200, headers: ["Etag": "\"v1\"", "Content-Type": "application/zip"])
        #expect(response.value(forHeader: "ETag") == "\"v1\"")
        #expect(response.value(forHeader: "etag") == "\"v1\"")
        #expect(response.value(forHeader: "CONTENT-TYPE") == "application/zip")
        #expect(response.value(forHeader: "Missing") == nil)
    }

    @Test func urlSessionTransportReportsARefusedConnection() async throws {
        // Port 1 on loopback: nothing listens there in the test environment.
        let url = try #require(URL(string: "http://127.0.0.1:1/manifest.json"))
        do {
            _ = try await URLSessionTransport().get(url, headers: [:], timeout: 5, maximumBytes: nil)
            Issue.record("expected a connection failure")
        } catch let error as HTTPTransportError {
            #expect(error.code == .cannotConnect)
        }
    }

    @Test func segmentEncodingKeepsOnlyUnreservedCharacters() {
        #expect(URLPath.encodedComponent("Check out+1%/é.zip") == "Check%20out%2B1%25%2F%C3%A9.zip")
        #expect(URLPath.appending("26.7.0", to: URL(string: "https://cdn.test/base/")!).absoluteString
            == "https://cdn.test/base/26.7.0/")
    }
}
