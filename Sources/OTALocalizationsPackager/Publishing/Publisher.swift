import Foundation
import OTALocalizationsCore

/// What one `publish` needs.
public struct PublishOptions: Sendable {
    /// The packaged version folder, `<output>/<appVersion>`.
    public var versionFolder: URL
    /// The base the app is configured with; the version folder's name is appended.
    public var destination: PublishLocation
    /// The channel whose manifest is published (``ManifestChannel``); nil or `production` is `manifest.json`.
    public var channel: String?
    /// A CloudFront distribution whose cached manifests are invalidated after the upload (S3 destinations only).
    public var cloudFrontDistribution: String?
    /// The manifests' `max-age`, nil for `no-cache` (see ``ObjectHeaders/manifest(maxAgeSeconds:)``).
    public var manifestMaxAgeSeconds: Int?
    /// The environment the AWS CLI is found in and run with.
    public var environment: [String: String]

    public init(
        versionFolder: URL, destination: PublishLocation, channel: String? = nil, cloudFrontDistribution: String? = nil,
        manifestMaxAgeSeconds: Int? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.versionFolder = versionFolder
        self.destination = destination
        self.channel = channel
        self.cloudFrontDistribution = cloudFrontDistribution
        self.manifestMaxAgeSeconds = manifestMaxAgeSeconds
        self.environment = environment
    }
}

/// Uploads a packaged version folder to a local folder or S3 so that no device can ever read a manifest that lists
/// a ZIP which is not there (docs/hosting.md).
///
/// Order: every ZIP the manifest lists (one already there with the same size is skipped: ZIPs are
/// content-addressed), then a size check of each at the destination (an S3 `HEAD`), then the manifest, then its
/// envelope, then the CloudFront invalidation of those paths only. A run killed at any point leaves the previous
/// manifests, whose ZIPs are still there: nothing is ever deleted.
///
/// Thread safety: each call is independent and blocks the calling thread while the AWS CLI runs.
public enum Publisher {
    /// Reads the source folder and the destination and decides what to write; writes nothing.
    ///
    /// - Throws: ``PackagerError``: `refused` when the source manifest is missing, does not decode, is for another
    ///   version or channel, lists a ZIP that is missing or differs from its size or SHA-256, has an envelope that
    ///   signs other bytes, when the destination has a ZIP of the same name and another size, a newer manifest, or a
    ///   signed manifest this unsigned publish would leave vouching for the old one; `configuration` for a
    ///   distribution with a folder destination; `toolMissing`, `publishFailed`.
    public static func plan(_ options: PublishOptions) throws(PackagerError) -> PublishPlan {
        let folder = options.versionFolder.standardizedFileURL
        let appVersion = folder.lastPathComponent
        let channel = ManifestChannel.recorded(options.channel)
        if options.cloudFrontDistribution != nil, !options.destination.isS3 {
            throw PackagerError(code: .configuration, reason: "--cloudfront-distribution needs an s3:// destination (it invalidates the S3 keys' paths)")
        }
        let source = LocalFolderStore(folder: folder)
        let manifestName = ManifestChannel.manifestFileName(channel: channel)
        let envelopeName = ManifestChannel.envelopeFileName(channel: channel)
        guard let (manifest, manifestBytes) = try ManifestFiles.read(manifestName, channel: channel, from: source) else {
            throw PackagerError(
                code: .refused,
                reason: "\(folder.appendingPathComponent(manifestName).path): no such file; give the version folder 'package' wrote "
                    + "(<output>/<version>)" + (channel == nil ? "" : " with --channel \(channel!)"))
        }
        var archives: [PublishPlan.Item] = []
        for file in ManifestFiles.listed(by: manifest) {
            let url = folder.appendingPathComponent(file.path)
            guard let bytes = FileManager.default.contents(atPath: url.path) else {
                throw PackagerError(code: .refused, reason: "\(url.path): listed by \(manifestName) but missing; package the version again")
            }
            guard Int64(bytes.count) == file.size, SHA256Digest.hexString(bytes) == file.sha256 else {
                throw PackagerError(code: .refused, reason: "\(url.path): its size or SHA-256 is not what \(manifestName) lists; package the version again")
            }
            archives.append(PublishPlan.Item(name: file.path, kind: .archive, size: file.size, upload: true, headers: .archive))
        }
        let manifestHeaders = ObjectHeaders.manifest(maxAgeSeconds: options.manifestMaxAgeSeconds)
        var manifests = [PublishPlan.Item(name: manifestName, kind: .manifest, size: Int64(manifestBytes.count), upload: true, headers: manifestHeaders)]
        let envelope = try source.read(envelopeName)
        if let envelope {
            let payload = try? ManifestEnvelope(bytes: envelope).payload
            guard payload == manifestBytes else {
                throw PackagerError(code: .refused, reason: "\(folder.appendingPathComponent(envelopeName).path) does not sign \(manifestName) beside it; package the version again")
            }
            manifests.append(PublishPlan.Item(name: envelopeName, kind: .envelope, size: Int64(envelope.count), upload: true, headers: manifestHeaders))
        }

        let target = options.destination.appending(appVersion)
        let store = try VersionFolderStores.open(target, environment: options.environment)
        let existing = try store.listSizes()
        for index in archives.indices {
            guard let size = existing[archives[index].name] else { continue }
            guard size == archives[index].size else {
                throw PackagerError(
                    code: .refused,
                    reason: "\(target.display(archives[index].name)) exists with \(size) bytes, not \(archives[index].size); published ZIPs "
                        + "are immutable and named by their content, so the destination was altered. Remove that object, then publish again")
            }
            archives[index].upload = false
        }
        if envelope == nil, existing[envelopeName] != nil {
            throw PackagerError(
                code: .refused,
                reason: "\(target.display(envelopeName)) exists but this publish is unsigned: it would keep vouching for the old "
                    + "manifest on every app that trusts a key. Package with --signing-key (publish never deletes)")
        }
        if existing[manifestName] != nil, let (current, _) = try ManifestFiles.read(manifestName, channel: channel, from: store),
           current.publishedAtTimestamp > manifest.publishedAtTimestamp {
            throw PackagerError(
                code: .refused,
                reason: "\(target.display(manifestName)) was published at \(current.publishedAtTimestamp), later than this one "
                    + "(\(manifest.publishedAtTimestamp)): devices that installed it would ignore this publish. Package again "
                    + "(publishedAt defaults to now)")
        }
        var invalidationPaths: [String] = []
        if options.cloudFrontDistribution != nil, case .s3(_, let prefix) = target {
            invalidationPaths = manifests.map { "/" + prefix + "/" + $0.name }
        }
        return PublishPlan(
            appVersion: appVersion, channel: channel, source: folder, destination: target, archives: archives,
            manifests: manifests, distribution: options.cloudFrontDistribution, invalidationPaths: invalidationPaths)
    }

    /// Carries out `plan` (from ``plan(_:)``, just before).
    ///
    /// - Parameter progress: called on the calling thread as each step starts.
    /// - Throws: ``PackagerError`` `publishFailed` naming the object that could not be written or checked (no
    ///   manifest has been written when a ZIP fails), `refused` when the destination reports another size for a ZIP,
    ///   `toolMissing`.
    public static func publish(
        _ plan: PublishPlan, environment: [String: String] = ProcessInfo.processInfo.environment,
        progress: (PublishStep) -> Void = { _ in }
    ) throws(PackagerError) -> PublishResult {
        let store = try VersionFolderStores.open(plan.destination, environment: environment)
        let removedTemporaries = store.removeStaleTemporaries()
        let writes = plan.uploads + plan.manifests
        var written: [String] = []
        for item in plan.uploads {
            progress(.upload(name: item.name, size: item.size, index: written.count + 1, count: writes.count))
            try store.upload(plan.source.appendingPathComponent(item.name), as: item.name, headers: item.headers)
            written.append(item.name)
        }
        var verified: [String] = []
        for item in plan.archives {
            progress(.verify(name: item.name))
            let size = try store.size(of: item.name)
            guard size == item.size else {
                throw PackagerError(
                    code: .refused,
                    reason: "\(plan.destination.display(item.name)): the destination reports \(size.map { "\($0) bytes" } ?? "no object"), "
                        + "not \(item.size); no manifest was written. Publish again")
            }
            verified.append(item.name)
        }
        for item in plan.manifests {
            progress(.upload(name: item.name, size: item.size, index: written.count + 1, count: writes.count))
            guard let bytes = FileManager.default.contents(atPath: plan.source.appendingPathComponent(item.name).path),
                  Int64(bytes.count) == item.size
            else {
                throw PackagerError(code: .publishFailed, reason: "\(plan.source.appendingPathComponent(item.name).path) changed while publishing; publish again")
            }
            try store.write(bytes, as: item.name, headers: item.headers)
            written.append(item.name)
        }
        var invalidationID: String?
        if let distribution = plan.distribution, let s3 = store as? S3Store {
            progress(.invalidate(paths: plan.invalidationPaths))
            invalidationID = try s3.invalidate(distribution: distribution, paths: plan.invalidationPaths)
        }
        return PublishResult(
            plan: plan, written: written, verified: verified, invalidationID: invalidationID, removedTemporaries: removedTemporaries)
    }
}
