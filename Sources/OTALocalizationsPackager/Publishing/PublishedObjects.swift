import Foundation
import OTALocalizationsCore

/// Reading a published version folder's objects and their headers the way `publish` reaches them (a folder, or S3
/// through the AWS CLI), for `verify`.
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

    /// The stored headers `verify` reads of `names` in `location`: every commit point of `channel` among them, and each
    /// other name the channel's commit points do not vouch for as publishing `manifest` (``HeaderCheck``; every name
    /// when `manifest` is nil). nil for a folder, whose server sets the headers.
    ///
    /// - Throws: ``PackagerError`` `toolMissing` or `publishFailed` when the destination cannot be read.
    package static func headers(
        _ names: [String], channel: String?, describing manifest: Manifest?, from location: PublishLocation,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(PackagerError) -> HeaderReading? {
        let store = try VersionFolderStores.open(location, environment: environment)
        guard store is S3Store else { return nil }
        let listed = try store.list()
        let commitPoints = HeaderCheck.commitPoints(channel: channel, listed: listed)
        let commitHeaders = try store.headers(commitPoints) ?? [:]
        let voucher = HeaderCheck.voucher(for: manifest, commitPoints: commitPoints, listed: listed, stored: commitHeaders)
        let others = names.filter { !commitPoints.contains($0) }
        let unvouched = HeaderCheck.unvouched(others, listed: listed, by: voucher.map { [$0] } ?? [])
        let read = try store.headers(others.filter(unvouched.contains)) ?? [:]
        return HeaderReading(
            headers: read.merging(commitHeaders.filter { names.contains($0.key) }) { $1 },
            read: Set(names.filter { commitPoints.contains($0) || unvouched.contains($0) }),
            vouched: Set(others.filter { !unvouched.contains($0) }))
    }
}

/// The stored headers ``PublishedObjects/headers(_:channel:describing:from:environment:)`` read.
package struct HeaderReading: Sendable {
    /// The headers of each name read that is there.
    package var headers: [String: StoredHeaders]
    /// The names whose headers were read (those of them missing from ``headers`` are not there).
    package var read: Set<String>
    /// The names not read: last written before every commit point naming them, which have `publish`'s headers.
    package var vouched: Set<String>
}
