/// The `Content-Type` and `Cache-Control` an uploaded object gets (docs/hosting.md, "Cache-Control and ETags").
package struct ObjectHeaders: Sendable, Hashable {
    package var contentType: String
    package var cacheControl: String

    package init(contentType: String, cacheControl: String) {
        self.contentType = contentType
        self.cacheControl = cacheControl
    }

    /// ZIPs are content-addressed and never change: cached for a year, never revalidated (RFC 8246 `immutable`).
    package static let archive = ObjectHeaders(contentType: "application/zip", cacheControl: "public, max-age=31536000, immutable")

    /// Manifests and their envelopes: `no-cache` (every cache revalidates with the ETag before each use, RFC 9111
    /// section 5.2.2.4), or `public, max-age=<seconds>` when a short staleness is accepted in exchange for fewer
    /// requests reaching the origin.
    package static func manifest(maxAgeSeconds: Int? = nil) -> ObjectHeaders {
        ObjectHeaders(contentType: "application/json", cacheControl: maxAgeSeconds.map { "public, max-age=\($0)" } ?? "no-cache")
    }
}
