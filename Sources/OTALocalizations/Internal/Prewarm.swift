import Dispatch
import Foundation

/// Whether this process was started by iOS prewarming, and how a launch is counted then.
///
/// Since iOS 15 the system may prewarm an app: it runs the launch sequence up to, but not including, `main()`'s call
/// of `UIApplicationMain`, then keeps the process paused until the user launches the app, or discards it. Such a
/// process has the environment variable `ActivePrewarm` set to `1` (docs/apple-platform.md D2, K5). A load during
/// prewarming may never become a launch, so it must not count one: two discarded prewarms in a row would quarantine
/// good text. The main queue is served only once `UIApplicationMain` runs the main run loop, so a prewarmed process
/// counts its launch from there: when the app really launches, and never when the prewarmed process is discarded.
struct Prewarm: Sendable {
    /// Whether the process was started by prewarming.
    var isPrewarmed: Bool
    /// Runs a count once the app runs: on the main queue, which prewarming never reaches.
    var afterLaunch: @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void

    /// This process: `ActivePrewarm` from its environment, counts on the main queue.
    static let current = Prewarm(environment: ProcessInfo.processInfo.environment)

    init(environment: [String: String]) {
        isPrewarmed = environment["ActivePrewarm"] == "1"
        afterLaunch = { count in DispatchQueue.main.async { MainActor.assumeIsolated { count() } } }
    }

    init(isPrewarmed: Bool, afterLaunch: @escaping @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void) {
        self.isPrewarmed = isPrewarmed
        self.afterLaunch = afterLaunch
    }
}
