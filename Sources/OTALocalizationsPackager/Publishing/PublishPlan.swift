import Foundation

/// What `publish` will do, computed before anything is written (``Publisher/plan(_:)``): every ZIP to upload or
/// skip, the manifest files written last, and the CloudFront paths invalidated after them. `--dry-run` prints it.
public struct PublishPlan: Sendable, Equatable {
    /// What an object is.
    public enum Kind: String, Sendable {
        case archive, manifest, envelope
    }

    /// One object of the version folder.
    public struct Item: Sendable, Equatable {
        /// The file name inside the version folder.
        public var name: String
        public var kind: Kind
        /// Bytes.
        public var size: Int64
        /// False for a ZIP already at the destination with the same size (ZIPs are content-addressed, so it is the
        /// same file); manifests are always written.
        public var upload: Bool
        /// The headers an S3 upload sets; a local folder's server sets its own.
        public var headers: ObjectHeaders
    }

    /// The app version (the source folder's name).
    public var appVersion: String
    /// The channel published, nil for production.
    public var channel: String?
    /// The local version folder read.
    public var source: URL
    /// The destination's version folder (`<destination>/<appVersion>`).
    public var destination: PublishLocation
    /// Every ZIP the manifest lists, in manifest order; written first, then each checked.
    public var archives: [Item]
    /// The manifest, then its envelope when the source folder has one; written last.
    public var manifests: [Item]
    /// The CloudFront distribution invalidated after the manifests, or nil.
    public var distribution: String?
    /// The invalidated paths (only the manifests'), empty without a distribution.
    public var invalidationPaths: [String]

    /// The ZIPs that will be uploaded.
    public var uploads: [Item] { archives.filter(\.upload) }
}

/// What ``Publisher/publish(_:environment:progress:)`` did.
public struct PublishResult: Sendable, Equatable {
    public var plan: PublishPlan
    /// The names written, in order (ZIPs, then manifest files).
    public var written: [String]
    /// ZIPs whose size the destination confirmed after the uploads (all of them).
    public var verified: [String]
    /// The CloudFront invalidation's id, or nil.
    public var invalidationID: String?
    /// Temporary files of killed runs removed from a destination folder before writing (`.<name>.<pid>.tmp`).
    public var removedTemporaries: [String]
}

/// A step of a publish, reported as it starts (for progress lines).
public enum PublishStep: Sendable, Equatable {
    /// Uploading the `index`-th of `count` objects to write.
    case upload(name: String, size: Int64, index: Int, count: Int)
    /// Checking that the destination has the ZIP with its size.
    case verify(name: String)
    /// Invalidating the manifest paths.
    case invalidate(paths: [String])
}
