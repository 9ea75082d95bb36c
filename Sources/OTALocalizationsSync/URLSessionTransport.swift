import Foundation
import OTALocalizationsCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default ``HTTPTransport``: `URLSession` with an ephemeral configuration and no `URLCache`.
///
/// - No cache: a `304` reaches the service as a `304` (the service sends `If-None-Match` itself), and nothing
///   is written to the shared cache folder (on Linux the default `URLCache` creates
///   `~/.cache/org.swift.foundation.URLCache/<executable>/` at the default session's first use).
/// - `maximumBytes` is enforced while the body arrives, on the bytes the delegate receives (after `URLSession` undid
///   any `Content-Encoding`, so a gzip bomb is counted decoded): past the limit nothing more is kept, the call fails
///   with ``HTTPTransportError/Code/bodyTooLarge`` at once and the task is cancelled; a `Content-Length` over the
///   limit fails before the body. On Linux the delegate runs as each chunk is decoded, so no chunk waits in a queue
///   (docs/apple-platform.md X9).
/// - Requests ask for `Accept-Encoding: gzip` (unless `headers` name an `Accept-Encoding`), and a response whose
///   `Content-Encoding` is anything but none or `gzip` fails with ``HTTPTransportError/Code/encodingRefused`` before
///   its body is read: the published files never use another coding (docs/hosting.md).
/// - Redirects are followed only to the same scheme; any other redirect fails with
///   ``HTTPTransportError/Code/redirectRefused``.
/// - The timeout is the request (idle) timeout, rounded up to whole seconds (at least 1): Foundation on Linux
///   truncates fractions, which would turn 0.5 s into an immediate timeout. It is capped at
///   ``maximumTimeout``: Foundation on Linux converts it to milliseconds in an `Int` and traps on overflow (an
///   infinite timeout, or one over about 9.2 × 10¹⁵ s).
/// - Cancelling the calling task cancels the request, and the call throws `CancellationError` at once, whatever
///   the order in which the cancellation, the task's completion and the wait begin.
/// - The timeout is per request, not a total deadline (Foundation on Linux does not enforce
///   `timeoutIntervalForResource`, docs/apple-platform.md X5); ``OTALocalizationService`` bounds every GET with its
///   own deadline whatever the transport does.
public struct URLSessionTransport: HTTPTransport {
    /// The `User-Agent` of every request, or nil for the system's (an app's name and version on Apple platforms;
    /// `<process> (unknown version) curl/…` from Foundation on Linux). A `User-Agent` in a call's `headers` wins.
    public var userAgent: String?

    /// Creates the transport; each request uses its own short-lived ephemeral session, with `userAgent` (nil: the
    /// system's).
    public init(userAgent: String? = nil) {
        self.userAgent = userAgent
    }

    /// `OTALocalizations/<OTALocalizationsVersion.current>` (RFC 9110 section 10.1.5's product/version), for tools
    /// built from this package.
    public static let packageUserAgent = "OTALocalizations/" + OTALocalizationsVersion.current

    /// The longest request timeout passed to Foundation, in seconds: 2³¹ − 1 (about 68 years).
    public static let maximumTimeout = TimeInterval(Int32.max)

    public func get(
        _ url: URL, headers: [String: String], timeout: TimeInterval, maximumBytes: Int64?
    ) async throws -> HTTPResponse {
        try Task.checkCancellation()
        // Foundation on Linux truncates a fractional timeout to whole seconds, so 0.5 s would fire at once:
        // round up to a whole second, at least one (docs/apple-platform.md X5); infinity would trap there.
        let timeout = min(max(1, timeout.rounded(.up)), Self.maximumTimeout)
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        request.setValue("gzip", forHTTPHeaderField: "Accept-Encoding")
        if let userAgent { request.setValue(userAgent, forHTTPHeaderField: "User-Agent") }
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = timeout
        let delegate = URLSessionTransportDelegate(maximumBytes: maximumBytes, scheme: url.scheme?.lowercased())
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: TransportDelegateQueue.make())
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                delegate.completion.store(continuation)
                // A cancellation that came first has already resumed the call: the task is never started then.
                if !delegate.completion.hasResult { task.resume() }
            }
        } onCancel: {
            delegate.cancel()
            // From another thread: FoundationNetworking 6.3's cancel() waits for the session's work queue, which may be
            // busy for ever (reading a redirect's body that never ends, docs/apple-platform.md X9), and the canceller
            // (a deadline, a command's wait) must never be held by it.
            let cancelled = UncheckedTask(task)
            DispatchQueue.global().async { cancelled.value.cancel() }
        }
    }
}
