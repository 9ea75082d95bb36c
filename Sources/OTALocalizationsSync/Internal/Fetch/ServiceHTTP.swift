import Foundation

/// The service's GET: the configured transport, bounded by the request deadline whatever the transport does.
enum ServiceHTTP {
    /// `transport.get` raced against ``OTALocalizationServiceConfiguration/maximumRequestSeconds``.
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled, ``HTTPTransportError`` with code
    ///   `timedOut` when the deadline passes first, or whatever the transport throws.
    static func get(
        _ url: URL, headers: [String: String], maximumBytes: Int64?, configuration: OTALocalizationServiceConfiguration
    ) async throws -> HTTPResponse {
        let transport = configuration.transport
        let idle = configuration.requestTimeout
        let seconds = configuration.maximumRequestSeconds
        return try await Deadline.run(seconds: seconds, timer: configuration.deadlineTimer, timeout: {
            HTTPTransportError(code: .timedOut, reason: "no complete response within \(Self.text(seconds)) s (maximumRequestSeconds)")
        }) {
            try await transport.get(url, headers: headers, timeout: idle, maximumBytes: maximumBytes)
        }
    }

    /// `seconds` without a fraction when it has none.
    static func text(_ seconds: TimeInterval) -> String {
        seconds.rounded() == seconds && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds)
    }
}
