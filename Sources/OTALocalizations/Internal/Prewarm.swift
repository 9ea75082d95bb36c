import Foundation

/// Whether this process was started by iOS prewarming, and how its launch is counted then.
///
/// Since iOS 15 the system may prewarm an app: it starts the process ahead of time, runs part of its launch sequence,
/// then keeps it in the background until the user opens the app, or discards it. Such a process has the environment
/// variable `ActivePrewarm` set to `1` (docs/apple-platform.md K5). Apple documents prewarming as stopping before
/// `UIApplicationMain`, but developers observe `UIApplicationMain` and `application(_:didFinishLaunchingWithOptions:)`
/// running during it, so nothing here relies on where it stops: a load during prewarming may never become a launch, and
/// two discarded prewarms in a row would quarantine good text. So a prewarmed process counts its launch when the app
/// first becomes active (`UIApplication.didBecomeActiveNotification`), which only a user's opening brings, and never
/// when the prewarmed process is discarded.
struct Prewarm: Sendable {
    /// Whether the process was started by prewarming.
    var isPrewarmed: Bool
    /// Runs a count once the app is first active.
    var afterActivation: @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void

    /// This process: `ActivePrewarm` from its environment, counts at the first activation.
    static let current = Prewarm(environment: ProcessInfo.processInfo.environment)

    /// `UIApplication.didBecomeActiveNotification`, by the name UIKit posts it under (the read side imports no UIKit).
    static let didBecomeActive = Notification.Name("UIApplicationDidBecomeActiveNotification")

    init(environment: [String: String]) {
        isPrewarmed = environment["ActivePrewarm"] == "1"
        afterActivation = { count in
            let observer = OnceObserver()
            // No queue: the block runs on the posting thread, the main thread for UIKit's notification; anywhere else
            // (never seen) it is sent to the main queue.
            observer.token = NotificationCenter.default.addObserver(forName: Self.didBecomeActive, object: nil, queue: nil) { _ in
                if Thread.isMainThread {
                    MainActor.assumeIsolated { if observer.end() { count() } }
                } else {
                    DispatchQueue.main.async { MainActor.assumeIsolated { if observer.end() { count() } } }
                }
            }
        }
    }

    init(isPrewarmed: Bool, afterActivation: @escaping @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void) {
        self.isPrewarmed = isPrewarmed
        self.afterActivation = afterActivation
    }

    /// An observation that acts once: the first ``end()`` removes it and returns true. Used on the main thread only.
    private final class OnceObserver: @unchecked Sendable {
        var token: NSObjectProtocol?

        func end() -> Bool {
            guard let token else { return false }
            NotificationCenter.default.removeObserver(token)
            self.token = nil
            return true
        }
    }
}
