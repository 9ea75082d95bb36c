import Foundation

/// A step of `promote` or `rollout` (``ReleaseEdit``), reported to ``ReleaseEditOptions/progress`` as it starts, so
/// that a run that takes a while on a real bucket says what it is doing.
package enum ReleaseEditStep: Sendable, Equatable {
    /// Listing the version folder and reading the manifests the edit starts from.
    case read
    /// Checking the `files` the new manifest lists: each one's size in the listing, and the SHA-256 of the `reading`
    /// ones, whose bytes are read (a folder: all; a bucket: those the replaced manifest did not list).
    case check(files: Int, reading: Int)
    /// Reading the stored headers of `files` (a bucket: one `head-object` each).
    case checkHeaders(files: Int)
    /// Uploading the `files` of the published index the new manifest needs.
    case upload(files: Int)
    /// Writing one manifest, `name` (a compare-and-swap).
    case write(name: String)
}
