import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing
@testable import OTALocalizationsSync

/// What a cycle may inflate and hold in memory, and how many modules a manifest may list: each limit reached fails
/// what passes it, with the limit named, and nothing else.
@Suite struct MemoryLimitTests {
    /// A module whose English table is `bytes` long (one short entry repeated: it deflates to a tiny ZIP).
    static func module(_ name: String, tableBytes bytes: Int) throws -> PublishedModule {
        var files = SyncFixture.files(name, version: 1)
        let line = Data("\"a\" = \"b\";\n".utf8)
        var table = Data(capacity: bytes)
        while table.count + line.count <= bytes { table.append(line) }
        files["en.lproj/Localizable.strings"] = table
        return try SyncFixture.module(name, files: files)
    }

    @Test func aTableOverThePerTableLimitFailsBeforeItIsInflated() async throws {
        let fixture = try SyncFixture()
        let bomb = try Self.module("Bomb", tableBytes: 5 * 1024 * 1024)
        let checkout = try SyncFixture.module("Checkout")
        #expect(bomb.zip.count < 200_000)
        fixture.publish([bomb, checkout])
        await fixture.makeService().start()
        let report = try #require(fixture.reports.last)
        #expect(report.modules.first?.code == .limit)
        #expect(report.modules.first?.reason?.hasPrefix("archive rejected (entry-too-large): en.lproj/Localizable.strings: the entry declares") == true)
        #expect(report.modules.first?.reason?.hasSuffix("over the limit of 4194304 per entry (maximumEntryUncompressedBytes)") == true)
        #expect(report.modules.last?.outcome == .updated)
        #expect(!fixture.exists("1.0/modules/Bomb"))
    }

    @Test func whatTheCycleInflatesInTotalIsCapped() async throws {
        let fixture = try SyncFixture()
        let first = try Self.module("First", tableBytes: 40_000)
        let second = try Self.module("Second", tableBytes: 40_000)
        fixture.publish([first, second])
        await fixture.makeService(parallel: 1, cycleUncompressedBytes: 60_000).start()
        let report = try #require(fixture.reports.last)
        #expect(report.modules.map(\.outcome) == [.updated, .failed])
        #expect(report.modules.last?.code == .limit)
        #expect(report.modules.last?.reason?.contains("(maximumCycleUncompressedBytes)") == true)
        #expect(report.stateSaved == false)

        // The next cycle has its own budget: the module left out installs then.
        await fixture.makeService(parallel: 1, cycleUncompressedBytes: 60_000).start()
        #expect(fixture.reports.last?.modules.map(\.outcome) == [.skipped, .updated])
    }

    @Test func aZipLargerThanTheMemoryBudgetFailsAndTheBudgetBoundsDownloadsInFlight() async throws {
        let fixture = try SyncFixture()
        let modules = try (1...4).map { try SyncFixture.module("Module\($0)") }
        fixture.publish(modules)
        let largest = Int64(modules.map(\.zip.count).max()!)

        await fixture.makeService(bufferedArchiveBytes: largest - 1).start()
        let refused = try #require(fixture.reports.last)
        #expect(refused.modules.contains { $0.code == .limit && $0.reason?.hasSuffix("held at once (maximumBufferedArchiveBytes)") == true })
        #expect(fixture.transport.requestedURLs.filter { $0.hasSuffix(".zip") }.count < 4)

        // Room for one ZIP and a half: four parallel slots, but one download at a time.
        fixture.transport.clearLog()
        let budget = largest + largest / 2
        await fixture.makeService(parallel: 4, bufferedArchiveBytes: budget).start()
        #expect(fixture.reports.last?.failed == 0)
        #expect(fixture.transport.maximumConcurrentZipRequests == 1)
    }

    @Test func aManifestListingTooManyModulesIsRefusedWithoutDownloadingAny() async throws {
        let fixture = try SyncFixture()
        fixture.publish(try (1...6).map { try SyncFixture.module("Module\($0)") })
        await fixture.makeService(manifestModules: 5).start()
        #expect(fixture.reports.last == Report(
            manifest: .failed, error: "the index lists 6 module entries, more than the 5 accepted (maximumManifestModules)", errorCode: .limit))
        #expect(fixture.transport.requestedURLs == [SyncFixture.url("1.0", "index.json"), try fixture.basePartURL()])
        // The publish was admitted (storage prepared, its base part kept); no module was.
        #expect(!fixture.tree().contains { $0.hasPrefix("1.0/modules/") })
    }
}

/// The byte budget under contention; run under ThreadSanitizer by CI.
@Suite struct ByteBudgetConcurrencyTests {
    @Test(HangLimit.tenMinutes)
    func reservationsNeverExceedTheCapacityAndCancelledWaitersLeave() async throws {
        final class Meter: @unchecked Sendable {
            private let lock = NSLock()
            private var held: Int64 = 0
            private(set) var peak: Int64 = 0
            func add(_ bytes: Int64) { lock.withLock { held += bytes; peak = max(peak, held) } }
            var maximum: Int64 { lock.withLock { peak } }
        }
        let budget = ByteBudget(capacity: 100)
        let meter = Meter()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let bytes = Int64(10 + index % 50)
                    guard (try? await budget.reserve(bytes)) == true else { return }
                    meter.add(bytes)
                    await Task.yield()
                    meter.add(-bytes)
                    budget.release(bytes)
                }
            }
            // Waiters that are cancelled give up their place without taking bytes.
            let cancelled = Task { try await budget.reserve(100) }
            cancelled.cancel()
            _ = try? await cancelled.value
        }
        #expect(meter.maximum <= 100)
        #expect(try await budget.reserve(100), "everything was given back")
        #expect(try await budget.reserve(101) == false)
    }
}
