import Foundation
import OTALocalizationsSync

/// Keeps the latest ``OTALocalizationCycleReport`` a service handed to its report handler.
///
/// Pass ``record(_:)`` as the configuration's `reportHandler` and read ``latest`` afterwards (a debug menu, a
/// command-line tool, a test). Thread safety: both may be called from any thread; a lock guards the value.
package final class OTALocalizationCycleReportRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var report: OTALocalizationCycleReport?

    package init() {}

    /// Stores `report`, replacing the previous one.
    package func record(_ report: OTALocalizationCycleReport) {
        lock.lock()
        self.report = report
        lock.unlock()
    }

    /// The last report recorded, or nil before the first cycle ended.
    package var latest: OTALocalizationCycleReport? {
        lock.lock()
        defer { lock.unlock() }
        return report
    }
}
