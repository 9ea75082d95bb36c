/// An error of an ``HTTPTransport``: no complete response was received.
///
/// Compare errors by ``code``; ``reason`` is for people.
public struct HTTPTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable identifier for the kind of failure.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The request timed out.
        public static let timedOut = Code(rawValue: "timed-out")
        /// The host could not be reached (refused connection, unknown host, no network).
        public static let cannotConnect = Code(rawValue: "cannot-connect")
        /// The body grew past the `maximumBytes` the caller allowed (counted after any `Content-Encoding` is undone).
        public static let bodyTooLarge = Code(rawValue: "body-too-large")
        /// The response's `Content-Encoding` is not one the published files use (none, or `gzip`).
        public static let encodingRefused = Code(rawValue: "encoding-refused")
        /// A redirect to another scheme was refused.
        public static let redirectRefused = Code(rawValue: "redirect-refused")
        /// The calling task was cancelled.
        public static let cancelled = Code(rawValue: "cancelled")
        /// Any other transport failure (connection lost, TLS, malformed response).
        public static let failed = Code(rawValue: "failed")
    }

    /// The kind of failure; compare this.
    public var code: Code
    /// What happened, in one sentence.
    public var reason: String

    public init(code: Code, reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(code): \(reason)" }
}
