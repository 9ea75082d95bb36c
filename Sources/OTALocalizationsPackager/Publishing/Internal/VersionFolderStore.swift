import Foundation

/// One published version folder, read and written object by object: a local folder or an S3 prefix.
///
/// Never deletes. Every write replaces the object whole: readers see the old bytes or the new ones, never a mix
/// (a rename for a folder, a single PUT for S3).
protocol VersionFolderStore {
    /// The version folder.
    var location: PublishLocation { get }
    /// The size of every object directly inside the folder, by file name.
    func listSizes() throws(PackagerError) -> [String: Int64]
    /// The object's size as the store reports it now (an S3 `HEAD`), nil when there is none.
    func size(of name: String) throws(PackagerError) -> Int64?
    /// The object's bytes, nil when there is none.
    func read(_ name: String) throws(PackagerError) -> Data?
    /// Writes `data` as `name`, replacing any object of that name.
    func write(_ data: Data, as name: String, headers: ObjectHeaders) throws(PackagerError)
    /// Writes the local file `file` as `name`, replacing any object of that name.
    func upload(_ file: URL, as name: String, headers: ObjectHeaders) throws(PackagerError)
    /// Removes the temporary files a killed run left (`.<name>.<pid>.tmp` of a process that no longer runs); returns
    /// their names. Only a folder has them: an S3 upload is one request.
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
