import Foundation

/// Makes SIGINT and SIGTERM remove the temporary files a `package` run is writing before the process ends, so an
/// interrupted publish leaves only complete files behind (a run killed by SIGKILL cannot clean up; the next
/// `package` into the same folder removes what it left).
///
/// How: ``install()`` blocks both signals in the calling thread, so every thread started afterwards inherits the
/// block, and one thread waits for them with `sigwait(3)`; it removes the temporary files, restores the default
/// action and raises the signal again, so the process still ends by it (exit status 128 + signal in a shell). The
/// removal runs on that ordinary thread, not in signal context.
/// - Important: Call it once, from the main thread, before anything starts another thread (a thread that exists
///   already and does not block the signals would take the default action instead). Command-line tools only.
public enum PackagingInterruption {
    /// Blocks SIGINT and SIGTERM and starts the thread that handles them.
    public static func install() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let waited = signals
        Thread.detachNewThread {
            var set = waited
            var received: Int32 = 0
            guard sigwait(&set, &received) == 0 else { return }
            TemporaryFiles.removeAllForInterrupt {
                // End as the signal would have: the default action, the signal unblocked on this thread, raised.
                signal(received, SIG_DFL)
                var only = sigset_t()
                sigemptyset(&only)
                sigaddset(&only, received)
                pthread_sigmask(SIG_UNBLOCK, &only, nil)
                raise(received)
            }
        }
    }
}
