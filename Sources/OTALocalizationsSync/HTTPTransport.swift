import Foundation

/// A capability to perform one HTTP GET: the service's only contact with the network.
///
/// The shipped default is ``URLSessionTransport``; tests inject a scripted transport. Implementations must be
/// safe to call concurrently (the service downloads modules in parallel) and should end promptly with an error
/// when the calling task is cancelled. The service does not depend on that: it bounds every GET with its own
/// deadline and stops waiting for a cancelled one, so a transport that never returns cannot hold a cycle.
public protocol HTTPTransport: Sendable {
    /// Fetches `url` and returns the status, headers and whole body.
    ///
    /// - Parameters:
    ///   - url: The absolute URL to fetch.
    ///   - headers: Request headers to send as given (for example `If-None-Match`).
    ///   - timeout: The request (idle) timeout in seconds.
    ///   - maximumBytes: When not nil, the most body bytes accepted, counted as the caller receives them (after any
    ///     `Content-Encoding` is undone); a longer body must fail while it arrives
    ///     (``HTTPTransportError/Code/bodyTooLarge``), never after it was buffered whole.
    /// - Returns: The response for any status the server sent (a 304 or 404 is a response, not an error).
    /// - Throws: ``HTTPTransportError`` when no complete response was received.
    func get(_ url: URL, headers: [String: String], timeout: TimeInterval, maximumBytes: Int64?) async throws -> HTTPResponse
}
