import Foundation
import OTALocalizationsCore

/// What `publish` will do, computed before anything is written (``Publisher/plan(_:)``): every content-addressed file
/// to upload, skip or replace, the manifests written last, and the CloudFront paths invalidated after them.
/// `--dry-run` prints it.
package struct PublishPlan: Sendable, Equatable {
    /// What happens to one file.
    package enum Action: String, Sendable {
        /// Not at the destination (or a manifest that differs): written.
        case upload
        /// Already at the destination with these exact bytes.
        case skip
        /// A content-addressed file whose name the destination holds with other bytes (planted, or cut short by a
        /// failed upload): written again, since no reader can use other bytes under a name that says what they are.
        case replace
    }

    /// One file of the version folder.
    package struct Item: Sendable, Equatable {
        /// The file name inside the version folder.
        package var name: String
        package var kind: ReleaseFile.Kind
        /// Bytes.
        package var size: Int64
        package var action: Action
        /// The headers an S3 upload sets; a local folder's server sets its own.
        package var headers: ObjectHeaders
        /// Why the file is replaced, for ``Action/replace``.
        package var note: String?

        /// Whether it is written.
        package var upload: Bool { action != .skip }
    }

    /// The app version (the source folder's name).
    package var appVersion: String
    /// The channel published, nil for production.
    package var channel: String?
    /// The local version folder read.
    package var source: URL
    /// The destination's version folder (`<destination>/<appVersion>`).
    package var destination: PublishLocation
    /// Every content-addressed file (ZIPs, slices, index parts), in manifest order; written first, then each checked.
    package var archives: [Item]
    /// The channel's manifests in the order they are written (`manifest.json`, its envelope, `index.json`, its
    /// envelope), last.
    package var manifests: [Item]
    /// The CloudFront distribution invalidated after the manifests, or nil.
    package var distribution: String?
    /// The invalidated paths (only those of the files written: the manifests', and any file written again for other
    /// headers), empty without a distribution or when nothing is written (then no invalidation is made).
    package var invalidationPaths: [String]

    /// The files and what the destination held when the plan was made (each manifest write is conditional on it).
    var files: ReleaseFiles
    var listed: [String: StoredObject]

    /// The content-addressed files that will be written.
    package var uploads: [Item] { archives.filter(\.upload) }
    /// The published manifest's `publishedAt` (what `promote --expect-published-at` and devices compare).
    package var publishedAt: ManifestTimestamp { files.manifest.publishedAtTimestamp }
}

/// What ``Publisher/publish(_:environment:progress:)`` did.
package struct PublishResult: Sendable, Equatable {
    package var plan: PublishPlan
    /// The names written, in order (content-addressed files, then manifests).
    package var written: [String]
    /// Content-addressed files the destination's listing confirmed after the uploads (all of them).
    package var verified: [String]
    /// The CloudFront invalidation's id, or nil.
    package var invalidationID: String?
    /// Temporary files of killed runs removed from a destination folder before writing (`.<name>.<pid>.tmp`).
    package var removedTemporaries: [String]
}

/// A step of a publish, reported as it starts (for progress lines).
package enum PublishStep: Sendable, Equatable {
    /// Uploading content-addressed files: `done` of `total` are stored so far (reported with 0 first, then as the
    /// destination confirms more: after each file in a folder, after each `aws s3 cp` of at most 250
    /// files on S3, so a run of thousands reports a handful of times); `bytes` is the total size.
    case upload(done: Int, total: Int, bytes: Int64)
    /// Checking every content-addressed file at the destination.
    case verify(count: Int)
    /// Writing one manifest (a compare-and-swap).
    case write(name: String, size: Int64)
    /// Invalidating the manifest paths.
    case invalidate(paths: [String])
}
