import Foundation

/// A step of ``PublishVerifier/run()``, reported to ``PublishVerifier/progress`` (for progress lines).
package enum VerifyStep: Sendable, Equatable {
    /// Reading the `files` (full ZIPs and slices) the verified manifest lists, in one batch.
    case reading(files: Int)
    /// `checked` of the `total` files read are checked (size, SHA-256, a device's archive rules); reported after each.
    case checked(files: Int, total: Int)
    /// Reading the stored headers of up to `files` files (a bucket).
    case readingHeaders(files: Int)
}
