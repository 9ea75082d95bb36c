internal import COTAAtomics
import Foundation

/// Hands each module's exposure to the app's handler (``OTALocalizedString/reportExposures(to:)``): on a private
/// serial queue, in the order of the lookups that caused them, once per module and change of what it serves.
///
/// The lookup path only marks a module's first lookup in a snapshot and enqueues a closure; what was served is worked
/// out on the queue (it may read two small records: ``OTALocalizedString/servedContent(for:)``).
final class ExposureLog: @unchecked Sendable {
    static let shared = ExposureLog()

    /// Non-null while a handler is set.
    private let enabled = cota_atomic_cell_create()
    private let queue = DispatchQueue(label: "OTALocalizations.exposures")
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var handler: (@Sendable (OTALocalizedString.Exposure) -> Void)?
    /// Confined to `queue`: what was last reported per module.
    private var reported: [String: OTALocalizedString.ServedContent] = [:]

    /// Whether a handler is set: one atomic load.
    var isEnabled: Bool { cota_atomic_cell_load(enabled) != nil }

    func setHandler(_ handler: (@Sendable (OTALocalizedString.Exposure) -> Void)?) {
        lock.lock()
        self.handler = handler
        cota_atomic_cell_store(enabled, handler == nil ? nil : UnsafeMutableRawPointer(bitPattern: 1))
        lock.unlock()
    }

    /// Reports `module` with what `served` returns on the queue, unless it is what was last reported for it.
    func record(module: String, served: @escaping @Sendable () -> OTALocalizedString.ServedContent) {
        queue.async {
            let content = served()
            guard self.reported[module] != content else { return }
            self.reported[module] = content
            self.lock.lock()
            let handler = self.handler
            self.lock.unlock()
            handler?(OTALocalizedString.Exposure(module: module, served: content))
        }
    }

    /// Returns once every exposure recorded so far was handed over.
    func waitUntilDelivered() {
        queue.sync {}
    }
}
