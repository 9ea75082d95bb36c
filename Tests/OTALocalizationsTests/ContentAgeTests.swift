import Foundation
import OTATestSupport
import Testing
import OTALocalizations

extension ReadSideTests {
    /// The opt-in maximum content age (docs/signing.md, "Freeze"): a load serves embedded strings when the freshness
    /// record, written here by hand, says the last fresh signed index is older than the limit, or says nothing.
    @Suite @MainActor struct ContentAgeTests {
        private let sha = String(repeating: "ab", count: 32)

        private func load(_ storage: TestStorage, maximum: TimeInterval?, channel: String? = nil) {
            OTALocalizedString.forgetLaunchesCountedThisProcess()
            OTALocalizedString.loadBundlesFromDisk(
                storageRoot: storage.root, appVersion: "1.0", maximumUnconfirmedLaunches: nil,
                maximumContentAgeSeconds: maximum, channel: channel)
        }

        /// The record as docs/operations.md gives it, for `entries` (channel, seconds before now).
        private func writeRecord(_ storage: TestStorage, appVersion: String = "1.0", _ entries: [(String, TimeInterval)]) throws {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime]
            let fields = entries.map { "\"\($0.0)\":\"\(formatter.string(from: Date().addingTimeInterval(-$0.1)))\"" }
            let text = "{\"formatVersion\":1,\"appVersion\":\"\(appVersion)\",\"lastFreshAt\":{\(fields.joined(separator: ","))}}\n"
            try Data(text.utf8).write(to: storage.root.appendingPathComponent(".ota-freshness.json"))
        }

        @Test func contentWhoseLastFreshIndexIsOlderThanTheLimitServesEmbeddedStrings() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: sha)
            defer { OTALocalizedString.clearBundleCache() }

            // Fresh 10 minutes ago, a limit of one hour: served.
            try writeRecord(storage, [("production", 600)])
            load(storage, maximum: 3600)
            #expect(OTALocalizedString.bundle(for: "Checkout")?.bundleURL.lastPathComponent == sha)

            // Fresh two hours ago: every module serves its embedded strings, and says why.
            try writeRecord(storage, [("production", 7200)])
            load(storage, maximum: 3600)
            #expect(OTALocalizedString.bundle(for: "Checkout") == nil)
            #expect(OTALocalizedString.servedContent(for: "Checkout") == .embedded(.contentTooOld))
            #expect(OTALocalizedString.EmbeddedReason.contentTooOld.rawValue == "contentTooOld")

            // Without a limit the record is not read.
            load(storage, maximum: nil)
            #expect(OTALocalizedString.bundle(for: "Checkout")?.bundleURL.lastPathComponent == sha)
        }

        @Test func noRecordAnotherAppVersionsOrAnotherChannelsCountsAsTooOld() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: sha)
            defer { OTALocalizedString.clearBundleCache() }

            load(storage, maximum: 3600)
            #expect(OTALocalizedString.servedContent(for: "Checkout") == .embedded(.contentTooOld))

            try writeRecord(storage, appVersion: "0.9", [("production", 60)])
            load(storage, maximum: 3600)
            #expect(OTALocalizedString.servedContent(for: "Checkout") == .embedded(.contentTooOld))

            try writeRecord(storage, [("staging", 60)])
            load(storage, maximum: 3600)
            #expect(OTALocalizedString.servedContent(for: "Checkout") == .embedded(.contentTooOld))
            load(storage, maximum: 3600, channel: "staging")
            #expect(OTALocalizedString.bundle(for: "Checkout")?.bundleURL.lastPathComponent == sha)
        }
    }
}
