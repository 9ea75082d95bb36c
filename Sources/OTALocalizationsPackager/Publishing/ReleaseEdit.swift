import Foundation
import OTALocalizationsNames
import OTALocalizationsCore
import OTALocalizationsPublishing

/// Edits a published version folder's manifests in place: promoting one channel's modules to another and running a
/// staged rollout on production (docs/rollouts.md).
///
/// Every edit reads what it changes the way a device with the same keys would: with signing or trusted keys, only
/// through verified envelopes, so nothing is signed that a trusted key did not sign before. It checks that every file
/// the new manifest lists is there with its size, and by SHA-256 each file the manifest it replaces did not already
/// list; writes the new manifest (a `publishedAt` strictly later than the one it replaces), its published index and,
/// with keys, their envelopes, each a compare-and-swap against what it read. Nothing is deleted. A run stopped between
/// those writes is finished by the next one (``apply(to:in:listed:_:newRolloutID:vouchers:_:)``).
///
/// Thread safety: each call is independent and blocks while the AWS CLI runs.
package enum ReleaseEdit {
    /// Gives channel `target` exactly the modules of channel `source`, or, with `rolloutBasisPoints`, makes the
    /// modules of `source` that differ from production's (and the removal of those it no longer has) the rollout of
    /// production, with a fresh random id. Without a production manifest, the rollout starts on one with no stable
    /// modules (devices outside it keep their embedded strings).
    ///
    /// - Throws: ``PackagerError``: `signature` when a manifest read is not signed by a trusted key (with keys);
    ///   `refused` when the source manifest is missing or lists a file the folder lacks or holds with other bytes, a
    ///   rollout is asked for a channel other than production or for a production that carries an experiment
    ///   (``PackagerError/Field/experimentInProgress``), the source has nothing that differs, or the target is signed
    ///   and no key is given; `lostRace` when another run changed the target meanwhile; `configuration` for a
    ///   bad channel name; `publishFailed`, `toolMissing`.
    package static func promote(
        from source: String, to target: String = ManifestChannel.production, rolloutBasisPoints: Int? = nil,
        _ options: ReleaseEditOptions
    ) throws(PackagerError) -> ReleaseEditResult {
        for name in [source, target] where name != ManifestChannel.production && !ManifestChannel.isValidName(name) {
            throw PackagerError(code: .configuration, reason: "channel '\(name)' is not a channel name: lowercase letters, digits and '-', starting with a letter, or 'production'")
        }
        guard source != target else {
            throw PackagerError(
                code: .configuration, reason: "from and to are both \(source); promote copies one channel's modules to another",
                field: .promotionTarget, facts: PackagerError.Facts(value: source))
        }
        let targetChannel = ManifestChannel.recorded(target)
        if rolloutBasisPoints != nil, targetChannel != nil {
            throw PackagerError(
                code: .refused, reason: "a rollout runs on production only; promote to production", field: .rolloutBasisPoints)
        }
        let store = try VersionFolderStores.open(options.versionFolder, environment: options.environment)
        return try store.withLock { () throws(PackagerError) -> ReleaseEditResult in
            options.progress(.read)
            let listed = try store.list()
            let sourceName = ManifestChannel.manifestFileName(channel: source)
            guard let staged = try ChannelManifest.read(ManifestChannel.recorded(source), from: store, listed: listed, trustedKeys: options.verifyingKeys) else {
                throw PackagerError(
                    code: .refused,
                    reason: "\(options.versionFolder.display(sourceName)): no such manifest; publish the channel first (package and "
                        + "publish channel \(source)), and check that \(options.versionFolder) is the version folder publish wrote: "
                        + "<base>/<app version>, e.g. s3://strings/ios/1.0.0",
                    field: .promotionSource,
                    facts: PackagerError.Facts(
                        value: source, problem: "\(options.versionFolder.display(sourceName)): no such manifest",
                        location: "\(options.versionFolder)"))
            }
            try options.checkExpected(staged, shownAs: options.versionFolder.display(sourceName))
            if staged.rollout != nil || staged.experiment != nil {
                throw PackagerError(code: .refused, reason: "\(options.versionFolder.display(sourceName)) carries a rollout or an experiment; only production's manifest may")
            }
            let sourceVoucher = try HeaderCheck.voucher(for: staged, channel: ManifestChannel.recorded(source), listed: listed, in: store)
            return try apply(to: targetChannel, in: store, listed: listed, options, newRolloutID: rolloutBasisPoints != nil,
                             vouchers: sourceVoucher.map { [$0] } ?? []) { current throws(PackagerError) -> Manifest in
                var manifest: Manifest
                if let rolloutBasisPoints {
                    if let running = current?.experiment {
                        throw experimentInProgress(running, at: options.versionFolder.display(ManifestChannel.manifestFileName(channel: nil)))
                    }
                    manifest = try rollout(of: staged, onto: current, sourceName: sourceName, basisPoints: rolloutBasisPoints)
                } else {
                    manifest = staged
                    manifest.channel = targetChannel
                    manifest.rollout = nil
                    manifest.experiment = nil
                }
                manifest.publishedAtTimestamp = ManifestFiles.nextPublishedAt(after: current?.publishedAtTimestamp, now: options.now)
                manifest.expiresTimestamp = movedExpiry(of: current?.expiresTimestamp != nil ? current : staged, to: manifest.publishedAtTimestamp)
                return manifest
            }
        }
    }

    /// Production with `staged`'s differences as a rollout: the changed and added modules, and the removal of those
    /// `staged` no longer lists.
    private static func rollout(
        of staged: Manifest, onto current: Manifest?, sourceName: String, basisPoints: Int
    ) throws(PackagerError) -> Manifest {
        var base = current ?? staged
        if current == nil { base.modules = [] }
        base.channel = nil
        let (changed, removed) = differences(of: staged, from: base.modules)
        guard !changed.isEmpty || !removed.isEmpty else {
            throw PackagerError(code: .refused, reason: "every module of \(sourceName) is already production's; there is nothing to roll out")
        }
        base.rollout = ManifestRollout(id: randomRolloutID(), basisPoints: basisPoints, modules: changed, removedModules: removed)
        return base
    }

    /// Checks every file the new manifest lists, then writes its files: the index parts it needs, then its manifests.
    ///
    /// - Parameter vouchers: the commit points whose files need no `head-object` (``HeaderCheck``).
    static func write(
        _ manifest: Manifest, replacing previous: Manifest?, in store: any VersionFolderStore,
        listed: [String: StoredObject], _ options: ReleaseEditOptions, vouchers: [HeaderCheck.Voucher]
    ) throws(PackagerError) -> ReleaseEditResult {
        let channel = manifest.channel
        let manifestName = ManifestChannel.manifestFileName(channel: channel)
        let reading = ManifestFiles.toRead(manifest, in: store, known: previous)
        options.progress(.check(files: ManifestFiles.listed(by: manifest).count, reading: reading.count))
        var problems = ManifestFiles.missing(manifest, in: listed)
        if problems.isEmpty { problems = try ManifestFiles.damaged(reading, in: store) }
        guard problems.isEmpty else {
            throw PackagerError(
                code: .refused,
                reason: "the new \(manifestName) would list files \(options.versionFolder) lacks or holds with other bytes; nothing was written. "
                    + "Publish the channel again (its files first)",
                details: problems)
        }
        let zips = ManifestFiles.listed(by: manifest).map(\.path)
        let unvouched = HeaderCheck.unvouched(zips, listed: listed, by: vouchers)
        if store.location.isS3, !unvouched.isEmpty { options.progress(.checkHeaders(files: unvouched.count)) }
        let misheaded = try HeaderCheck.differing(zips.filter(unvouched.contains).map { ($0, ObjectHeaders.archive) }, in: store)
        guard misheaded.isEmpty else {
            throw PackagerError(
                code: .refused,
                reason: "the new \(manifestName) would list files \(options.versionFolder) serves with other headers than publish sets, which "
                    + "devices would act on; nothing was written. Publish the channel again: it writes them again with its headers",
                details: misheaded)
        }
        let signed = [ManifestChannel.envelopeFileName(channel: channel), ManifestChannel.indexEnvelopeFileName(channel: channel)]
        if options.signingKeys.isEmpty, let envelope = signed.first(where: { listed[$0] != nil }) {
            let location = options.versionFolder.display(envelope)
            throw PackagerError(
                code: .refused,
                reason: "\(location) exists, so this channel is signed: give a signing key, or the old signature would keep "
                    + "vouching for the old manifest",
                field: .releaseEditSigningKeys, facts: PackagerError.Facts(location: location))
        }
        let files = try ReleaseFiles.make(
            manifest, signingKeys: options.signingKeys, manifestHeaders: .manifest(maxAgeSeconds: options.manifestMaxAgeSeconds))
        let result = ReleaseEditResult(
            manifestName: manifestName,
            envelopeName: options.signingKeys.isEmpty ? nil : ManifestChannel.envelopeFileName(channel: channel),
            previous: previous, manifest: manifest, written: !options.dryRun)
        guard !options.dryRun else { return result }
        _ = store.removeStaleTemporaries()
        var actions = try DestinationCheck.actions(for: files.contentAddressed, listed: listed, in: store)
        actions = try HeaderCheck.repairing(
            actions, reading: HeaderCheck.unvouched(actions.filter { $0.action == .skip }.map(\.name), listed: listed, by: vouchers), in: store)
        let parts = files.contentAddressed.filter { file in actions.contains { $0.name == file.name && $0.upload } }
        if !parts.isEmpty {
            options.progress(.upload(files: parts.count))
            try store.upload(parts) { _ in }
            _ = try DestinationCheck.confirm(files.contentAddressed, uploaded: Set(parts.map(\.name)), in: store)
        }
        var written: [String: StoredObject] = [:]
        for file in files.manifests {
            options.progress(.write(name: file.name))
            written[file.name] = try store.write(file, replacing: listed[file.name])
        }
        if !store.isLockedForWrites { try Publisher.confirmCommitPoints(files.manifests, expected: written, in: store) }
        return result
    }
}
