import Foundation
import OTALocalizationsCore

/// Edits a published version folder's manifests in place: promoting one channel's modules to another and running a
/// staged rollout on production (docs/rollouts.md). Every edit writes a new manifest with a `publishedAt` strictly
/// later than the one it replaces, signs it again when keys are given, and refuses to leave a manifest that lists a
/// ZIP the folder lacks. Nothing is deleted.
///
/// Thread safety: each call is independent and blocks while the AWS CLI runs.
public enum ReleaseEdit {
    /// Gives channel `target` exactly the modules of channel `source`, or, with `rolloutBasisPoints`, makes the
    /// modules of `source` that differ from production's the rollout of production, with a fresh random id.
    ///
    /// - Throws: ``PackagerError``: `refused` when the source manifest is missing or lists a ZIP the folder lacks, a
    ///   rollout is asked for a channel other than production or there is no production manifest to roll out on, the
    ///   source has nothing that differs, or the target is signed and no key is given; `configuration` for a bad
    ///   channel name; `publishFailed`, `toolMissing`.
    public static func promote(
        from source: String, to target: String = ManifestChannel.production, rolloutBasisPoints: Int? = nil,
        _ options: ReleaseEditOptions
    ) throws(PackagerError) -> ReleaseEditResult {
        for name in [source, target] where name != ManifestChannel.production && !ManifestChannel.isValidName(name) {
            throw PackagerError(code: .configuration, reason: "channel '\(name)' is not a channel name: lowercase letters, digits and '-', starting with a letter, or 'production'")
        }
        guard source != target else {
            throw PackagerError(code: .configuration, reason: "--from and --to are both \(source); promote copies one channel's modules to another")
        }
        let store = try VersionFolderStores.open(options.versionFolder, environment: options.environment)
        let sourceName = ManifestChannel.manifestFileName(channel: source)
        guard let (staged, _) = try ManifestFiles.read(sourceName, channel: source, from: store) else {
            throw PackagerError(
                code: .refused,
                reason: "\(options.versionFolder.display(sourceName)): no such manifest; publish the channel first "
                    + "(package --channel \(source), then publish --channel \(source))")
        }
        if staged.rollout != nil {
            throw PackagerError(code: .refused, reason: "\(options.versionFolder.display(sourceName)) carries a rollout; only production's manifest may")
        }
        let missing = ManifestFiles.missing(staged, in: try store.listSizes())
        guard missing.isEmpty else {
            throw PackagerError(
                code: .refused,
                reason: "\(options.versionFolder.display(sourceName)) lists files the folder lacks, so promoting it would break "
                    + "every device that reads it; publish the \(source) channel again (its ZIPs first)",
                details: missing)
        }
        let targetChannel = ManifestChannel.recorded(target)
        let targetName = ManifestChannel.manifestFileName(channel: target)
        let current = try ManifestFiles.read(targetName, channel: target, from: store)?.manifest
        var manifest: Manifest
        if let rolloutBasisPoints {
            guard targetChannel == nil else {
                throw PackagerError(code: .refused, reason: "--rollout runs on production only; promote to production")
            }
            guard let current else {
                throw PackagerError(
                    code: .refused,
                    reason: "\(options.versionFolder.display(targetName)): no production manifest to roll out on; promote without "
                        + "--rollout first")
            }
            let stable = Dictionary(current.modules.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            let changed = staged.modules.filter { stable[$0.name] != $0 }
            guard !changed.isEmpty else {
                throw PackagerError(code: .refused, reason: "every module of \(sourceName) is already production's; there is nothing to roll out")
            }
            manifest = current
            manifest.rollout = ManifestRollout(id: randomRolloutID(), basisPoints: rolloutBasisPoints, modules: changed)
        } else {
            manifest = staged
            manifest.channel = targetChannel
            manifest.rollout = nil
        }
        manifest.publishedAtTimestamp = ManifestFiles.nextPublishedAt(after: current?.publishedAtTimestamp, now: options.now)
        return try write(manifest, replacing: current, as: target, in: store, options)
    }

    /// Checks that every listed file is there, then writes the manifest and, with keys, its envelope.
    static func write(
        _ manifest: Manifest, replacing previous: Manifest?, as channel: String, in store: any VersionFolderStore,
        _ options: ReleaseEditOptions
    ) throws(PackagerError) -> ReleaseEditResult {
        let manifestName = ManifestChannel.manifestFileName(channel: channel)
        let envelopeName = ManifestChannel.envelopeFileName(channel: channel)
        let sizes = try store.listSizes()
        let missing = ManifestFiles.missing(manifest, in: sizes)
        guard missing.isEmpty else {
            throw PackagerError(
                code: .refused,
                reason: "the new \(manifestName) would list files \(options.versionFolder) lacks; nothing was written",
                details: missing)
        }
        if options.signingKeys.isEmpty, sizes[envelopeName] != nil {
            throw PackagerError(
                code: .refused,
                reason: "\(options.versionFolder.display(envelopeName)) exists, so this channel is signed: pass --signing-key "
                    + "(or set OTA_SIGNING_KEY_FILE), or the old signature would keep vouching for the old manifest")
        }
        let result = ReleaseEditResult(
            manifestName: manifestName, envelopeName: options.signingKeys.isEmpty ? nil : envelopeName, previous: previous,
            manifest: manifest, written: !options.dryRun)
        guard !options.dryRun else { return result }
        _ = store.removeStaleTemporaries()
        let bytes = manifest.encoded()
        let headers = ObjectHeaders.manifest(maxAgeSeconds: options.manifestMaxAgeSeconds)
        try store.write(bytes, as: manifestName, headers: headers)
        if !options.signingKeys.isEmpty {
            try store.write(ManifestEnvelope(signing: bytes, with: options.signingKeys).encoded(), as: envelopeName, headers: headers)
        }
        return result
    }
}
