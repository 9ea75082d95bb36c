import Foundation

/// The in-app language override the app set (``OTALocalizedString/setLanguageOverride(_:)``), which the next
/// `loadBundlesFromDisk` puts in force. Safe from any thread.
enum LanguageOverride {
    private static let lock = NSLock()
    // Guarded by `lock`.
    nonisolated(unsafe) private static var pending: String?

    /// The override the next load puts in force.
    static var next: String? {
        get { lock.withLock { pending } }
        set { lock.withLock { pending = newValue } }
    }
}
