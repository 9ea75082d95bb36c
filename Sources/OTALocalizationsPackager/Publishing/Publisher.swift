import Foundation
import OTALocalizationsCore

/// What one `publish` needs.
package struct PublishOptions: Sendable {
    /// Whether `text` has the form of a CloudFront distribution ID: 1 to 64 uppercase ASCII letters and digits (IDs
    /// such as `E2QWRUHEXAMPLE`, as `aws cloudfront list-distributions` prints them).
    package static func isDistributionID(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count) && text.utf8.allSatisfy { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) }
    }

    /// The packaged version folder, `<output>/<appVersion>`.
    package var versionFolder: URL
    /// The base the app is configured with; the version folder's name is appended.
    package var destination: PublishLocation
    /// The channel whose manifest is published (``ManifestChannel``); nil or `production` is `manifest.json`.
    package var channel: String?
    /// A CloudFront distribution whose cached manifests are invalidated after the upload (S3 destinations only).
    package var cloudFrontDistribution: String?
    /// The manifests' `max-age`, nil for `no-cache` (see ``ObjectHeaders/manifest(maxAgeSeconds:)``).
    package var manifestMaxAgeSeconds: Int?
    /// The environment the AWS CLI is found in and run with.
    package var environment: [String: String]

    package init(
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
/// a file which is not there (docs/hosting.md).
///
/// Order: the content-addressed files (ZIPs, slices, the published index's parts) not already there with their bytes,
/// in bulk; then, when anything was uploaded, one listing that confirms every one of them; then the manifests, each a
/// compare-and-swap against what the destination held when the plan read it (so two publishes at once never leave the
/// older one live, nor a manifest and its envelope from different publishes); then the CloudFront invalidation of those paths only. A run
/// killed at any point leaves the previous manifests, whose files are still there: nothing is ever deleted.
///
/// Thread safety: each call is independent and blocks the calling thread while the AWS CLI runs.
package enum Publisher {
    /// Reads the source folder and the destination and decides what to write; writes nothing.
    ///
    /// - Throws: ``PackagerError``: `refused` when the source folder is not a complete packaged version
    ///   (``ReleaseFiles``), when the destination's manifest was published later than this one, or when the destination
    ///   has a signed manifest this unsigned publish would leave vouching for the old one; `configuration` for a
    ///   distribution with a folder destination; `toolMissing`, `publishFailed`.
    package static func plan(_ options: PublishOptions) throws(PackagerError) -> PublishPlan {
        let folder = options.versionFolder.standardizedFileURL
        let appVersion = folder.lastPathComponent
        let channel = ManifestChannel.recorded(options.channel)
        if options.cloudFrontDistribution != nil, !options.destination.isS3 {
            throw PackagerError.cloudFrontDistribution(nil, "needs an s3:// destination (it invalidates the S3 keys' paths)")
        }
        if let distribution = options.cloudFrontDistribution, distribution.trimmingCharacters(in: .whitespaces).isEmpty {
            throw PackagerError.cloudFrontDistribution(distribution, "is empty: give the distribution's id (aws cloudfront list-distributions)")
        }
        if let distribution = options.cloudFrontDistribution, !PublishOptions.isDistributionID(distribution) {
            throw PackagerError.cloudFrontDistribution(
                distribution, "'\(distribution)' is not a CloudFront distribution ID (uppercase letters and digits, such as E2QWRUHEXAMPLE)")
        }
        let files = try ReleaseFiles.local(folder, channel: channel, manifestHeaders: .manifest(maxAgeSeconds: options.manifestMaxAgeSeconds))
        let target = options.destination.appending(appVersion)
        let store = try VersionFolderStores.open(target, environment: options.environment)
        let listed = try store.list()
        let live = try checkReplacing(listed, with: files, in: store)
        // Bytes that are right say nothing of the headers: the commit points' are read, and a skipped file's unless the
        // commit points vouch for them.
        let commitPoints = HeaderCheck.commitPoints(channel: channel, listed: listed)
        let commitHeaders = try store.headers(commitPoints) ?? [:]
        let voucher = HeaderCheck.voucher(for: live, commitPoints: commitPoints, listed: listed, stored: commitHeaders)
        var archives = try DestinationCheck.actions(for: files.contentAddressed, listed: listed, in: store)
        let skipped = archives.filter { $0.action == .skip }.map(\.name)
        archives = try HeaderCheck.repairing(
            archives, reading: HeaderCheck.unvouched(skipped, listed: listed, by: voucher.map { [$0] } ?? []), in: store)
        let held = try DestinationCheck.holding(files.manifests, listed: listed, in: store)
        var manifests = files.manifests.map { file in
            PublishPlan.Item(name: file.name, kind: file.kind, size: file.size, action: held.contains(file.name) ? .skip : .upload, headers: file.headers)
        }
        manifests = HeaderCheck.repairing(manifests, stored: commitHeaders, in: store.location)
        var invalidationPaths: [String] = []
        if options.cloudFrontDistribution != nil, case .s3(_, let prefix) = target {
            // Only the paths written: a manifest written again, and a file written again for its headers (which may be
            // cached at the edges with the old ones). A publish that writes nothing invalidates nothing.
            invalidationPaths = (manifests.filter(\.upload) + archives.filter { $0.action == .replace }).map { "/" + prefix + "/" + $0.name }
        }
        return PublishPlan(
            appVersion: appVersion, channel: channel, source: folder, destination: target, archives: archives,
            manifests: manifests, distribution: options.cloudFrontDistribution, invalidationPaths: invalidationPaths,
            files: files, listed: listed)
    }

    /// Carries out `plan` (from ``plan(_:)``, just before).
    ///
    /// - Parameter progress: called on the calling thread as each step starts.
    /// - Throws: ``PackagerError`` `publishFailed` naming what could not be written or checked (no manifest has been
    ///   written when a content-addressed file fails), `lostRace` when another run changed a manifest since the plan
    ///   read it (nothing more is written), `toolMissing`.
    package static func publish(
        _ plan: PublishPlan, environment: [String: String] = ProcessInfo.processInfo.environment,
        progress: (PublishStep) -> Void = { _ in }
    ) throws(PackagerError) -> PublishResult {
        let store = try VersionFolderStores.open(plan.destination, environment: environment)
        return try store.withLock { () throws(PackagerError) -> PublishResult in
            let removedTemporaries = store.removeStaleTemporaries()
            let uploads = plan.files.contentAddressed.filter { file in plan.archives.contains { $0.name == file.name && $0.upload } }
            if !uploads.isEmpty {
                let bytes = uploads.reduce(Int64(0)) { $0 + $1.size }
                progress(.upload(done: 0, total: uploads.count, bytes: bytes))
                try store.upload(uploads) { progress(.upload(done: $0, total: uploads.count, bytes: bytes)) }
            }
            // With nothing uploaded, the plan's listing already showed every file there with its bytes (each one
            // skipped); nothing ever deletes, so it still holds.
            var verified = plan.files.contentAddressed.map(\.name)
            if !uploads.isEmpty {
                progress(.verify(count: plan.files.contentAddressed.count))
                verified = try DestinationCheck.confirm(plan.files.contentAddressed, uploaded: Set(uploads.map(\.name)), in: store)
            }
            var written = uploads.map(\.name)
            var stored = plan.listed
            for (file, item) in zip(plan.files.manifests, plan.manifests) where item.upload {
                progress(.write(name: file.name, size: file.size))
                stored[file.name] = try store.write(file, replacing: plan.listed[file.name])
                written.append(file.name)
            }
            if written.count > uploads.count, !store.isLockedForWrites {
                try confirmCommitPoints(plan.files.manifests, expected: stored, in: store)
            }
            var invalidationID: String?
            if let distribution = plan.distribution, let s3 = store as? S3Store, !plan.invalidationPaths.isEmpty {
                progress(.invalidate(paths: plan.invalidationPaths))
                do {
                    invalidationID = try s3.invalidate(distribution: distribution, paths: plan.invalidationPaths)
                } catch {
                    let command = "aws cloudfront create-invalidation --distribution-id \(distribution) --paths " + plan.invalidationPaths.joined(separator: " ")
                    throw PackagerError(
                        code: .publishFailed,
                        reason: "the publish succeeded (every manifest is written), but the CloudFront invalidation failed: "
                            + "\((error as? PackagerError)?.reason ?? "\(error)"). Run: " + command)
                }
            }
            return PublishResult(
                plan: plan, written: written, verified: verified, invalidationID: invalidationID, removedTemporaries: removedTemporaries)
        }
    }

    /// After the commit points are written to a store whose writers do not take turns (S3): one listing must show
    /// every one of them still as this run left it: with the ETag S3 gave its write, or, for one it skipped, the one
    /// its plan read (whatever an ETag means, S3 changes it when the object is written with other bytes). Each write was
    /// a compare-and-swap of its own file, so another publish may have replaced some between them; then this run is
    /// reported as overtaken (`lostRace`), and the command plans again: the newer of the two ends up with the whole
    /// set, the older is refused. A store that gave no ETag is settled by the bytes.
    static func confirmCommitPoints(
        _ files: [ReleaseFile], expected: [String: StoredObject], in store: any VersionFolderStore
    ) throws(PackagerError) {
        let listed = try store.list()
        var replaced: [String] = []
        var unknown: [ReleaseFile] = []
        for file in files {
            guard let object = listed[file.name] else {
                replaced.append(file.name)
                continue
            }
            if let known = expected[file.name], !known.etag.isEmpty {
                if object.etag != known.etag || object.size != known.size { replaced.append(file.name) }
                continue
            }
            switch try store.holds(file, listed: object) {
            case true?: continue
            case false?: replaced.append(file.name)
            case nil: unknown.append(file)
            }
        }
        if !unknown.isEmpty {
            let read = try store.download(unknown.map(\.name))
            for file in unknown where try read[file.name] != file.bytes() { replaced.append(file.name) }
        }
        guard replaced.isEmpty else {
            throw PackagerError(
                code: .lostRace,
                reason: "\(replaced.map(store.location.display).joined(separator: ", ")) changed after this run wrote "
                    + "\(replaced.count == 1 ? "it" : "them"): another publish, promote or rollout wrote at the same time. Plan again")
        }
    }

    /// The `publishedAt` of the channel's published index (`index.json`, else the payload of its envelope), or nil
    /// when there is none or it does not decode.
    private static func publishedIndex(
        _ listed: [String: StoredObject], channel: String?, in store: any VersionFolderStore
    ) throws(PackagerError) -> (name: String, publishedAt: ManifestTimestamp)? {
        let indexName = ManifestChannel.indexFileName(channel: channel)
        let envelopeName = ManifestChannel.indexEnvelopeFileName(channel: channel)
        if listed[indexName] != nil, let bytes = try store.read(indexName), let index = try? ManifestIndex(bytes: bytes) {
            return (indexName, index.publishedAtTimestamp)
        }
        if listed[envelopeName] != nil, let bytes = try store.read(envelopeName),
           let payload = try? ManifestEnvelope(bytes: bytes, payloadType: ManifestEnvelope.indexPayloadType).payload,
           let index = try? ManifestIndex(bytes: payload) {
            return (envelopeName, index.publishedAtTimestamp)
        }
        return nil
    }

    /// Refuses a publish devices would ignore (older than the destination's) or that would leave an old signature
    /// vouching for an old manifest (the destination is signed, this publish is not); returns the destination's
    /// manifest of the channel (this publish's when it holds its bytes), nil when it has none.
    private static func checkReplacing(
        _ listed: [String: StoredObject], with files: ReleaseFiles, in store: any VersionFolderStore
    ) throws(PackagerError) -> Manifest? {
        let names = Set(files.manifests.map(\.name))
        let channel = files.manifest.channel
        for envelope in [ManifestChannel.envelopeFileName(channel: channel), ManifestChannel.indexEnvelopeFileName(channel: channel)]
        where listed[envelope] != nil && !names.contains(envelope) {
            let problem = "\(store.location.display(envelope)) exists but this publish is unsigned: it would keep vouching for "
                + "the old manifest on every app that trusts a key"
            throw PackagerError(
                code: .refused, reason: "\(problem). Package with a signing key (publish never deletes)", field: .signingKeys,
                facts: PackagerError.Facts(problem: problem, problemStandsAlone: true))
        }
        let manifestName = ManifestChannel.manifestFileName(channel: channel)
        // A destination manifest with exactly this publish's bytes (the listing tells) has its publishedAt: not read.
        if let object = listed[manifestName], let file = files.manifests.first(where: { $0.name == manifestName }),
           try store.holds(file, listed: object) == true {
            return files.manifest
        }
        var newest: (name: String, publishedAt: ManifestTimestamp)?
        var live: Manifest?
        if listed[manifestName] != nil, let (current, _) = try ManifestFiles.read(manifestName, channel: channel, from: store) {
            newest = (manifestName, current.publishedAtTimestamp)
            live = current
        }
        // Without manifest.json (removed by hand), the index still is what devices read: its date counts.
        if newest == nil { newest = try publishedIndex(listed, channel: channel, in: store) }
        // A destination dated more than the clients' tolerance ahead of this machine's clock is refused by every device
        // (a manifest from the future), so it holds nothing back: this publish replaces it (the way back from a
        // mistyped --published-at, docs/hosting.md).
        let future = ManifestTimestamp(Date().addingTimeInterval(PublishDate.futureToleranceSeconds))
        if let newest, newest.publishedAt > files.manifest.publishedAtTimestamp, newest.publishedAt <= future {
            throw PackagerError(
                code: .refused,
                reason: "\(store.location.display(newest.name)) was published at \(newest.publishedAt), later than this one "
                    + "(\(files.manifest.publishedAtTimestamp)): devices that installed it would ignore this publish. Package again "
                    + "(publishedAt defaults to now)")
        }
        return live
    }
}
