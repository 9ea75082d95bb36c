import Foundation

/// What a destination's listing says of one object.
struct StoredObject: Sendable, Equatable {
    /// Bytes.
    var size: Int64
    /// S3: the object's ETag as listed (quoted; the MD5 of the body only for a single-part upload unencrypted or with
    /// SSE-S3, else 32 hex digits or more that are not). A folder: `sha256:<hex>` of the file's bytes.
    var etag: String
    /// S3: when the object was last written (an upload, or a copy, which is the only way to change its headers); nil
    /// for a folder and for an object just written.
    var lastModified: Date? = nil
}

/// One published version folder: a local folder or an S3 prefix. Content-addressed files are uploaded in bulk;
/// each manifest is written alone, as a compare-and-swap against what the destination held when the publish read it.
///
/// Never deletes. Every write replaces the object whole: readers see the old bytes or the new ones, never a mix
/// (a rename for a folder, a single PUT for S3).
protocol VersionFolderStore {
    /// The version folder.
    var location: PublishLocation { get }
    /// Every object directly inside the folder, by file name (one `list-objects-v2` on S3).
    func list() throws(PackagerError) -> [String: StoredObject]
    /// Whether the object listed as `listed` holds exactly `file`'s bytes; nil when the listing cannot tell (an S3
    /// ETag that is not the MD5 of these bytes: other bytes, or a multipart upload, SSE-KMS or SSE-C), so that the
    /// bytes must be read (``download(_:)``).
    func holds(_ file: ReleaseFile, listed: StoredObject) throws(PackagerError) -> Bool?
    /// The bytes of each of `names` that exists (one `aws s3 cp --recursive` on S3).
    func download(_ names: [String]) throws(PackagerError) -> [String: Data]
    /// The object's bytes, nil when there is none.
    func read(_ name: String) throws(PackagerError) -> Data?
    /// Writes content-addressed `files` (S3: one `aws s3 cp --recursive` per set of headers, each body checked by S3
    /// against the SHA-256 the CLI sends). `progress` gets how many of `files` are written so far, each time that grows.
    func upload(_ files: [ReleaseFile], progress: (Int) -> Void) throws(PackagerError)
    /// Writes one manifest only if the object is still `expected` (nil: only if there is none); returns what a listing
    /// shows of it while no one else writes it (S3: the ETag S3 gave this write, after checking the SHA-256 S3 stored).
    /// - Throws: ``PackagerError`` `lostRace` when it is not, `publishFailed`.
    func write(_ file: ReleaseFile, replacing expected: StoredObject?) throws(PackagerError) -> StoredObject
    /// The headers each of `names` is served with (S3: one `head-object` each, several at a time); a name missing from
    /// the result is not there. nil for a folder, whose server sets the headers.
    func headers(_ names: [String]) throws(PackagerError) -> [String: StoredHeaders]?
    /// Whether ``withLock(_:)`` makes writers take turns (a folder), so that no other run writes between two writes
    /// of this one; false on S3, where each write is only a compare-and-swap of its own object.
    var isLockedForWrites: Bool { get }
    /// Runs `body` holding the destination's publish lock: a folder's `flock(2)`, so that two publishes to it run
    /// one after the other; nothing on S3, whose manifest writes are conditional.
    func withLock<Value>(_ body: () throws(PackagerError) -> Value) throws(PackagerError) -> Value
    /// Removes the temporary files a killed run left in the destination (`.<name>.<pid>.tmp` of a process that no
    /// longer runs); returns their names. Only a folder has them: an S3 upload is one request per object (the AWS
    /// CLI's own files are in ``ScratchFolder``s on this machine).
    func removeStaleTemporaries() -> [String]
}

enum VersionFolderStores {
    /// The store for `location`; S3 goes through the AWS CLI found in `environment`.
    static func open(_ location: PublishLocation, environment: [String: String]) throws(PackagerError) -> any VersionFolderStore {
        switch location {
        case .folder(let url): return LocalFolderStore(folder: url)
        case .s3(let bucket, let prefix):
            return S3Store(bucket: bucket, prefix: prefix, cli: try AWSCommandLine(environment: environment))
        }
    }
}
