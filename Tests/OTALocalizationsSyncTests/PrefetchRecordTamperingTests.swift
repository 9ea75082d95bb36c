import Foundation
import OTALocalizations
import Testing
@testable import OTALocalizationsSync

/// Hostile input for the prefetched languages' record (`.ota-prefetched-languages`, docs/integration.md, "A
/// Change-language screen"): a record out of shape must read as absent (PrefetchedLanguages says so), never stop the
/// process. Each runs in a child process (an exit test), so that a crash fails the test and not the whole run.
@Suite struct PrefetchRecordTamperingTests {
    /// A planted 24-byte record whose time is far before 1970 (`-9223372036000000000 fr\n`) parses (an `Int64` and one
    /// valid language); its age cannot be represented, and the record is simply not in force (it used to trap on
    /// `now - since`, crashing every update cycle, `ota-localizations sync` with SIGILL).
    @Test func aRecordWithATimeFarBefore1970ReadsAsOutOfForceInsteadOfCrashing() async {
        await #expect(processExitsWith: .success) {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("adv-prefetch-\(UUID().uuidString)")
            try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: root) }
            try? Data("-9223372036000000000 fr\n".utf8)
                .write(to: root.appendingPathComponent(OTAStorageLayout.prefetchedLanguagesFileName))
            let record = PrefetchedLanguages.load(storageRoot: root)
            precondition(record?.languages == ["fr"])
            precondition(record?.isInForce(at: Date(timeIntervalSince1970: 1_800_000_000)) == false)
        }
    }

    /// The same with `Int64.min`, whose distance from now cannot be represented either.
    @Test func aRecordWithTheSmallestTimeReadsAsOutOfForceInsteadOfCrashing() async {
        await #expect(processExitsWith: .success) {
            precondition(!PrefetchedLanguages(languages: ["fr"], since: Int64.min).isInForce(at: Date(timeIntervalSince1970: 1_800_000_000)))
        }
    }

    /// The newest languages are kept (``PrefetchedLanguages/maximumLanguages``): a language given again at the end takes
    /// the place of its last mention, so with more than sixteen the language given last is never the one dropped.
    @Test func aLanguageGivenAgainLastIsKeptAsTheNewest() {
        let others = (1...16).map { "l\($0)" }
        let kept = PrefetchedLanguages.valid(["fr"] + others + ["fr"])
        #expect(kept.count == 16)
        #expect(kept.last == "fr", "kept: \(kept)")
    }

    /// Hostile prefetch lists through the service (path separators, `..`, empty, 10,000 entries): the record
    /// holds identifiers only, nothing appears beside the storage root.
    @Test func hostileListsRecordIdentifiersOnly() async throws {
        let fixture = try SyncFixture()
        fixture.publish([try SyncFixture.module("Checkout")], publishedAt: "2026-07-24T10:00:00Z")
        let parent = fixture.root.deletingLastPathComponent()
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: parent.path))
        let service = fixture.makeService(deviceClock: { Date(timeIntervalSince1970: 1_800_000_000) })
        let many = (0..<10_000).map { "x\($0)" }
        _ = await service.prefetch(localizations: ["..", "", "../fr", "fr/..", "/", "fr\n", "fr de"] + many)
        // The cycle removes the record at once here (a full-ZIP module: the languages add no slice), so the kept list
        // is checked on the rule the service applies.
        #expect(PrefetchedLanguages.valid(["..", "", "../fr", "fr/..", "/", "fr\n", "fr de"] + many) == Array(many.suffix(16)))
        _ = await service.prefetch(localizations: ["..", "", "../fr"])
        #expect(!FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent(".ota-prefetched-languages").path))
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: parent.path))
        #expect(after.subtracting(before).filter { $0 == "fr" || $0 == "x0" || $0.hasPrefix("fr") } == [], "other tests share this folder")
    }
}
