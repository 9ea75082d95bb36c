import Foundation
import OTALocalizationsCore

/// A channel's published manifest as `promote` and `rollout` read it before they sign anything: with trusted keys,
/// only through its envelope, verified (docs/signing.md, "Every command that signs verifies first"); without, the
/// unsigned file.
enum ChannelManifest {
    /// A channel's commit points as read: the newest publish they hold, and whether the others are from it.
    struct State {
        /// The manifest (with trusted keys: its envelope's payload), the commit point every run writes first.
        var manifest: Manifest
        /// Set when the index's root (with trusted keys: its envelope) is not yet `manifest`'s: a run was stopped
        /// between its commit points (docs/hosting.md, "A killed promote or rollout").
        var unfinished: Unfinished?
    }

    /// What the commit points a stopped run did not reach still hold.
    enum Unfinished: Equatable {
        /// The index of an earlier publish, and the manifest it and its parts describe (nil when they cannot be read).
        case olderIndex(previous: Manifest?)
        /// No index root (with trusted keys: no envelope of one): the run stopped before writing it, or an older
        /// packager published the channel.
        case missingIndex
    }

    /// The channel's manifest, or nil when the folder has none of the channel's commit points (neither manifest nor
    /// index, nor an envelope of either), for a channel that is read and not written (`promote --from`): its commit
    /// points must all be from one publish.
    ///
    /// - Throws: as ``state(_:from:listed:trustedKeys:)``, and `refused` when the index is of an earlier publish than
    ///   the manifest (a run stopped between them).
    static func read(
        _ channel: String?, from store: any VersionFolderStore, listed: [String: StoredObject], trustedKeys: [ManifestPublicKey]
    ) throws(PackagerError) -> Manifest? {
        guard let state = try state(channel, from: store, listed: listed, trustedKeys: trustedKeys) else { return nil }
        if case .olderIndex? = state.unfinished {
            throw PackagerError(
                code: .refused,
                reason: "\(store.location.display(ManifestChannel.indexFileName(channel: channel))) is of an earlier publish than "
                    + "\(ManifestChannel.manifestFileName(channel: channel)) beside it: a publish, promote or rollout of that channel was "
                    + "stopped between the two. Run it again (or publish the channel again), then this; nothing was signed or written")
        }
        return state.manifest
    }

    /// The channel's commit points, or nil when the folder has none of them (neither manifest nor index, nor an
    /// envelope of either).
    ///
    /// The commit points are read in one batch. The published index beside the manifest (read through its envelope
    /// with trusted keys) must be the one the manifest gives (``ManifestIndex/build(from:)`` is deterministic), or of
    /// an earlier publish (a run stopped between its writes, ``Unfinished``); a manifest and an index from different
    /// publishes otherwise (one of them put back) are refused.
    ///
    /// - Parameter trustedKeys: the keys whose signature counts; empty reads `manifest.<channel>.json` unsigned.
    /// - Throws: ``PackagerError`` `signature` when trusted keys are given and an envelope is missing, malformed,
    ///   signed by no trusted key, or its signature does not verify; `refused` when the manifest does not decode, is
    ///   for another app version or channel, is missing while the index or an envelope is there, or the index beside
    ///   it is of a later or the same publish but not the one it gives.
    static func state(
        _ channel: String?, from store: any VersionFolderStore, listed: [String: StoredObject], trustedKeys: [ManifestPublicKey]
    ) throws(PackagerError) -> State? {
        let manifestName = ManifestChannel.manifestFileName(channel: channel)
        let envelopeName = ManifestChannel.envelopeFileName(channel: channel)
        let indexName = ManifestChannel.indexFileName(channel: channel)
        let indexEnvelopeName = ManifestChannel.indexEnvelopeFileName(channel: channel)
        let present = [manifestName, envelopeName, indexName, indexEnvelopeName].filter { listed[$0] != nil }
        if present.isEmpty { return nil }
        let signed = !trustedKeys.isEmpty
        guard listed[manifestName] != nil || (signed && listed[envelopeName] != nil) else {
            throw PackagerError(
                code: .refused,
                reason: "\(store.location.display(manifestName)) is missing, but \(present.joined(separator: ", ")) "
                    + "\(present.count == 1 ? "is" : "are") there: the folder was altered (nothing here deletes files). Publish the "
                    + "version again before promote or rollout")
        }
        let files = try store.download(present)
        let manifest: Manifest
        if signed {
            let payload = try verified(
                files[envelopeName], name: envelopeName, in: store, beside: manifestName, type: ManifestEnvelope.payloadType,
                trustedKeys: trustedKeys, channel: channel)
            manifest = try ManifestFiles.decode(payload, shownAs: store.location.display(envelopeName))
            try ManifestFiles.check(manifest, shownAs: store.location.display(envelopeName), appVersion: store.location.lastComponent, channel: channel)
        } else {
            guard let bytes = files[manifestName] else {
                throw PackagerError(code: .publishFailed, reason: "\(store.location.display(manifestName)) could not be read; run again")
            }
            manifest = try ManifestFiles.decode(bytes, shownAs: store.location.display(manifestName))
            try ManifestFiles.check(manifest, shownAs: store.location.display(manifestName), appVersion: store.location.lastComponent, channel: channel)
        }
        let unfinished = try checkIndex(of: manifest, files: files, listed: listed, signed: signed, trustedKeys: trustedKeys, channel: channel, in: store)
        return State(manifest: manifest, unfinished: unfinished)
    }

    /// Whether the published index is the one `manifest` gives (nil), through its envelope with keys, or of an earlier
    /// publish or missing (a run stopped before writing it).
    private static func checkIndex(
        of manifest: Manifest, files: [String: Data], listed: [String: StoredObject], signed: Bool, trustedKeys: [ManifestPublicKey],
        channel: String?, in store: any VersionFolderStore
    ) throws(PackagerError) -> Unfinished? {
        let indexName = ManifestChannel.indexFileName(channel: channel)
        let indexEnvelopeName = ManifestChannel.indexEnvelopeFileName(channel: channel)
        let expected: Data
        do {
            expected = try ManifestIndex.build(from: manifest).index.encoded()
        } catch {
            throw PackagerError(code: .publishFailed, reason: "zlib failed: \(error)")
        }
        let published: (name: String, bytes: Data)
        if signed, listed[indexEnvelopeName] != nil {
            let payload = try verified(
                files[indexEnvelopeName], name: indexEnvelopeName, in: store, beside: indexName, type: ManifestEnvelope.indexPayloadType,
                trustedKeys: trustedKeys, channel: channel)
            published = (indexEnvelopeName, payload)
        } else if !signed, listed[indexName] != nil, let bytes = files[indexName] {
            published = (indexName, bytes)
        } else {
            return .missingIndex
        }
        if published.bytes == expected { return nil }
        if let index = try? ManifestIndex(bytes: published.bytes) {
            if index.publishedAtTimestamp < manifest.publishedAtTimestamp {
                return .olderIndex(previous: try PublishedIndexReading.manifest(of: index, in: store))
            }
            // The same publish with another expires: a refresh-expiry stopped between its commit points.
            var same = manifest
            same.expiresTimestamp = index.expiresTimestamp
            if index.publishedAtTimestamp == manifest.publishedAtTimestamp, index.expiresTimestamp != manifest.expiresTimestamp,
               (try? ManifestIndex.build(from: same).index.encoded()) == published.bytes {
                return .olderIndex(previous: same)
            }
        }
        throw PackagerError(
            code: .refused,
            reason: "\(store.location.display(published.name)) is not the index of \(ManifestChannel.manifestFileName(channel: channel)) beside it: "
                + "the two are from different publishes (one put back). Publish the version again; nothing was signed or written")
    }

    /// The payload of the envelope `name` of `channel` (nil: production), verified with `trustedKeys`.
    ///
    /// A missing envelope is refused with advice for the channel: another channel is published again signed; production,
    /// which only a publish to production or a promote writes, is signed once by publishing the tables its modules came
    /// from, packaged again with a key (the same tables give the same ZIPs, so devices download nothing new).
    private static func verified(
        _ envelope: Data?, name: String, in store: any VersionFolderStore, beside plain: String, type: String,
        trustedKeys: [ManifestPublicKey], channel: String?
    ) throws(PackagerError) -> Data {
        guard let envelope else {
            let problem = "\(store.location.display(plain)) has no signed envelope (\(name)); with a signing or trusted key, only a "
                + "manifest a trusted key signed is read"
            let advice = channel == nil
                ? "Production was published unsigned: to sign it, package the tables its modules came from (the live release's) "
                    + "again with a signing key, publish that to production, then run this again (the same tables give the same ZIPs)"
                : "Publish the channel signed (packaged with a signing key)"
            throw PackagerError(
                code: .signature, reason: "\(problem). \(advice)", field: .signingKeys,
                facts: PackagerError.Facts(
                    value: channel ?? ManifestChannel.production, problem: problem, problemStandsAlone: true, location: "\(store.location)"))
        }
        do {
            return try ManifestEnvelope(bytes: envelope, payloadType: type).verifiedPayload(trustedKeys: trustedKeys).payload
        } catch {
            throw PackagerError(
                code: .signature,
                reason: "\(store.location.display(name)) is refused (\(error.code)): \(error.reason); nothing was signed or written")
        }
    }
}
