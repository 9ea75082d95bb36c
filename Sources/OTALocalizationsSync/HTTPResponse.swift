import Foundation

/// A complete HTTP response: status code, headers (names compared case-insensitively) and body.
public struct HTTPResponse: Sendable, Equatable {
    /// The HTTP status code, for example 200 or 304.
    public var statusCode: Int
    /// Header fields keyed by lowercased name (RFC 9110 section 5.1: field names are case-insensitive).
    public private(set) var headers: [String: String]
    /// The body bytes; empty for a 304.
    public var body: Data

    /// Creates a response; header names are lowercased, and of two names differing only in case, one value is kept.
    public init(statusCode: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.statusCode = statusCode
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// Returns the value of the header `name`, compared case-insensitively (`ETag`, `etag`, `Etag`).
    public func value(forHeader name: String) -> String? {
        headers[name.lowercased()]
    }
}
