import Dispatch
import Foundation

/// Makes SIGINT and SIGTERM remove the temporary files a `package` run is writing before the process ends, so an
/// interrupted publish leaves only complete files behind (a run killed by SIGKILL cannot clean up; the next
/// `package` into the same folder removes what it left).
///
/// For command-line tools: call ``install()`` once, early in `main`. The process still ends by the signal (its exit
/// status says so); the handlers run on a dispatch queue, not in signal context.
public enum PackagingInterruption {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// Installs the handlers for SIGINT and SIGTERM; call once, from the main thread.
    public static func install() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                TemporaryFiles.removeAllForInterrupt {
                    // End as the signal would have: default action, then the signal again.
                    signal(signalNumber, SIG_DFL)
                    kill(getpid(), signalNumber)
                }
            }
            source.resume()
            sources.append(source)
        }
    }
}
