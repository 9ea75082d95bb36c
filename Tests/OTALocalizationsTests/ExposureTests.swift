import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizations

extension ReadSideTests {
    /// `OTALocalizedString.reportExposures(to:)`: a module's first lookup after a load hands what was served to the
    /// app, once per module and change of what it serves. Module names are this suite's own, since the handler sees
    /// every lookup of the process.
    @Suite @MainActor struct ExposureTests {
        /// Collects exposures of the modules whose name starts with `Exposure`.
        final class Collected: @unchecked Sendable {
            private let lock = NSLock()
            private var items: [OTALocalizedString.Exposure] = []
            func add(_ exposure: OTALocalizedString.Exposure) {
                guard exposure.module.hasPrefix("Exposure") else { return }
                lock.lock(); items.append(exposure); lock.unlock()
            }
            func take() -> [OTALocalizedString.Exposure] {
                ExposureLog.shared.waitUntilDelivered()
                lock.lock(); defer { items = []; lock.unlock() }
                return items
            }
        }

        @Test func eachModuleIsReportedOnceAndAgainWhenWhatItServesChanges() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "ExposureCheckout", sha: TestHash.a)
            let collected = Collected()
            OTALocalizedString.reportExposures(to: { collected.add($0) })
            defer { OTALocalizedString.reportExposures(to: nil); OTALocalizedString.clearBundleCache() }
            OTALocalizedString.forgetLaunchesCountedThisProcess()
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")

            for _ in 0..<3 { _ = OTALocalizedString.bundle(for: "ExposureCheckout") }
            for _ in 0..<2 { _ = OTALocalizedString.bundle(for: "ExposureProfile") }

            let served = OTALocalizedString.ServedContent.overTheAir(.init(sha256: TestHash.a, rolloutID: nil))
            #expect(collected.take() == [
                .init(module: "ExposureCheckout", served: served),
                .init(module: "ExposureProfile", served: .embedded(.notInstalled)),
            ])

            // The same content loaded again: nothing new.
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            _ = OTALocalizedString.bundle(for: "ExposureCheckout")
            _ = OTALocalizedString.bundle(for: "ExposureProfile")
            #expect(collected.take().isEmpty)

            // The kill switch: both serve their embedded strings, reported once more; a load after it serves the
            // install again.
            OTALocalizedString.clearBundleCache()
            for _ in 0..<2 { _ = OTALocalizedString.bundle(for: "ExposureCheckout") }
            _ = OTALocalizedString.bundle(for: "ExposureProfile")
            #expect(collected.take() == [
                .init(module: "ExposureCheckout", served: .embedded(.cleared)),
                .init(module: "ExposureProfile", served: .embedded(.cleared)),
            ])
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            _ = OTALocalizedString.bundle(for: "ExposureCheckout")
            #expect(collected.take() == [.init(module: "ExposureCheckout", served: served)])
        }

        @Test func aModuleLookedUpBeforeTheHandlerIsReportedAfterTheNextLoad() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "ExposureCart", sha: TestHash.b)
            defer { OTALocalizedString.reportExposures(to: nil); OTALocalizedString.clearBundleCache() }
            OTALocalizedString.forgetLaunchesCountedThisProcess()
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            _ = OTALocalizedString.bundle(for: "ExposureCart")
            _ = OTALocalizedString.bundle(for: "ExposureWishlist")

            let collected = Collected()
            OTALocalizedString.reportExposures(to: { collected.add($0) })
            _ = OTALocalizedString.bundle(for: "ExposureCart")
            _ = OTALocalizedString.bundle(for: "ExposureWishlist")
            // Cart's first lookup in this load came before the handler; Wishlist, served embedded, is told at each.
            #expect(collected.take() == [.init(module: "ExposureWishlist", served: .embedded(.notInstalled))])
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
            _ = OTALocalizedString.bundle(for: "ExposureCart")
            _ = OTALocalizedString.bundle(for: "ExposureCart")
            #expect(collected.take() == [.init(module: "ExposureCart", served: .overTheAir(.init(sha256: TestHash.b, rolloutID: nil)))])
            // Stopped: nothing more, even after a clear.
            OTALocalizedString.reportExposures(to: nil)
            OTALocalizedString.clearBundleCache()
            _ = OTALocalizedString.bundle(for: "ExposureCart")
            #expect(collected.take().isEmpty)
        }
    }
}
