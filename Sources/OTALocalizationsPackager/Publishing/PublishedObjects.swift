import Foundation

/// Reading a published version folder's objects the way `publish` reaches them (a folder, or S3 through the AWS
/// CLI), for `verify`.
package enum PublishedObjects {
    /// The bytes of each of `names` that exists in `location` (S3: one `aws s3 cp --recursive`); a name missing from
    /// the result is not there.
    ///
    /// - Throws: ``PackagerError`` `toolMissing` or `publishFailed` when the destination cannot be read.
    package static func read(
        _ names: [String], from location: PublishLocation, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(PackagerError) -> [String: Data] {
        try VersionFolderStores.open(location, environment: environment).download(names)
    }
}
