import Foundation
import OTALocalizations
import OTALocalizationsSync
import OTATestSupport
import Testing

extension NginxIntegrationTests {
    /// The app's kill switch, `deleteAllBundles()`, in process, against nginx sending slowly.
    @Suite struct ServiceKillSwitchTests {
        typealias H = SyncHarness

        @Test func deleteAllBundlesMidDownloadLeavesNothingAlsoAfterTheServerFinishes() async throws {
            let site = try H.ExampleSite(slowBytesPerSecond: 2000)
            defer { site.remove() }
            let (server, storage) = (site.server, site.storage)
            try await site.publish(at: "2026-01-01T00:00:00Z")
            let reports = ReportList()
            let service = OTALocalizationService(configuration: OTALocalizationServiceConfiguration(
                baseURL: try #require(URL(string: server.slowBaseURL)), appVersion: H.appVersion, storageRoot: storage.url,
                transport: URLSessionTransport(), requestTimeout: 30,
                // The full ZIPs (5 to 12 KB, seconds at this rate): a slice of base alone could finish first.
                localizationSelection: .everyLocalization, reportHandler: { reports.append($0) }))

            let cycle = Task { await service.start() }
            var started = false
            for _ in 0..<1500 where !started {
                started = server.requests().contains { $0.uri == "/slow/1.0.0/index.json" && $0.status == 200 }
                    && server.responsesInProgress() > 0
                if !started { try await Task.sleep(nanoseconds: 20_000_000) }
            }
            #expect(started)
            #expect(!server.requests().contains { $0.uri.hasSuffix(".zip") }, "a ZIP finished before the kill switch")

            await service.deleteAllBundles()

            // Only the install ID and the anti-rollback record stay (docs/rollouts.md, "The install ID"; docs/signing.md).
            #expect(H.entries(storage.url) == [".ota-anti-rollback.json", ".ota-install-id"])
            await cycle.value
            #expect(reports.all.count == 1)
            #expect(reports.all.first?.stateSaved == false)
            // Every response nginx started is over (sent or abandoned); nothing has landed since.
            var finished = false
            for _ in 0..<1500 where !finished {
                finished = server.responsesInProgress() == 0
                if !finished { try await Task.sleep(nanoseconds: 20_000_000) }
            }
            #expect(finished)
            #expect(H.entries(storage.url) == [".ota-anti-rollback.json", ".ota-install-id"])
        }
    }
}

private final class ReportList: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [OTALocalizationCycleReport] = []

    func append(_ report: OTALocalizationCycleReport) {
        lock.lock()
        reports.append(report)
        lock.unlock()
    }

    var all: [OTALocalizationCycleReport] {
        lock.lock()
        defer { lock.unlock() }
        return reports
    }
}
