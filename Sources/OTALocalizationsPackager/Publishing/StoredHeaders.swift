import Foundation

/// The headers an object at a destination is served with, as the store reports them (S3: `head-object`): the ones a
/// device or a CDN acts on. nil is a header the object does not have.
package struct StoredHeaders: Sendable, Equatable {
    package var contentType: String?
    package var cacheControl: String?
    package var contentEncoding: String?

    package init(contentType: String?, cacheControl: String?, contentEncoding: String?) {
        self.contentType = contentType
        self.cacheControl = cacheControl
        self.contentEncoding = contentEncoding
    }

    /// Whether a `Content-Encoding` tells clients to decode the body: any value but none and `identity` (RFC 9110
    /// section 8.4.1). The published files are stored as they are served, so none of them has one.
    package var hasContentEncoding: Bool {
        guard let value = contentEncoding?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return false }
        return value.lowercased() != "identity"
    }
}
