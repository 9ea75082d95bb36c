import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing

/// What `promote` and `rollout` need besides the change itself.
package struct ReleaseEditOptions: Sendable {
    /// The published version folder (`<base>/<appVersion>`), local or `s3://`.
    package var versionFolder: PublishLocation
    /// Keys that sign the new manifest (one signature each, docs/signing.md); required when the folder already has
    /// the channel's envelope. Their package keys count as trusted keys.
    package var signingKeys: [ManifestSigningKey]
    /// Further package keys whose signature makes a published manifest acceptable as the source of the edit. With
    /// these or ``signingKeys``, every manifest read is read through its envelope and verified first.
    package var trustedKeys: [ManifestPublicKey]
    /// The manifests' `max-age` on S3, nil for `no-cache`.
    package var manifestMaxAgeSeconds: Int?
    /// The environment the AWS CLI is found in and run with.
    package var environment: [String: String]
    /// The clock for the new `publishedAt`.
    package var now: Date
    /// Compute and return the new manifest without writing it.
    package var dryRun: Bool
    /// The `publishedAt` of the manifest the edit starts from (`promote`: the source channel's; `rollout`:
    /// production's), as the run that published it recorded it; nil to take whatever the folder holds. Someone who
    /// can write the folder can put an older, validly signed manifest back: only this tells the signer it is not the
    /// one it meant (docs/signing.md, "What signing does not stop").
    package var expectedPublishedAt: ManifestTimestamp?
    /// Called on the calling thread as each step starts (for progress lines); does nothing by default.
    package var progress: @Sendable (ReleaseEditStep) -> Void

    /// The keys a manifest read as the edit's source must be signed by: ``trustedKeys`` and the signing keys' own.
    var verifyingKeys: [ManifestPublicKey] { trustedKeys + signingKeys.map(\.publicKey) }

    package init(
        versionFolder: PublishLocation, signingKeys: [ManifestSigningKey] = [], trustedKeys: [ManifestPublicKey] = [],
        manifestMaxAgeSeconds: Int? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
        now: Date = Date(), dryRun: Bool = false, expectedPublishedAt: ManifestTimestamp? = nil,
        progress: @escaping @Sendable (ReleaseEditStep) -> Void = { _ in }
    ) {
        self.versionFolder = versionFolder
        self.signingKeys = signingKeys
        self.trustedKeys = trustedKeys
        self.manifestMaxAgeSeconds = manifestMaxAgeSeconds
        self.environment = environment
        self.now = now
        self.dryRun = dryRun
        self.expectedPublishedAt = expectedPublishedAt
        self.progress = progress
    }

    /// Refuses `manifest` (read as `name`) when it is not the one ``expectedPublishedAt`` names.
    func checkExpected(_ manifest: Manifest, shownAs name: String) throws(PackagerError) {
        guard let expected = expectedPublishedAt, manifest.publishedAtTimestamp != expected else { return }
        let problem = "was published at \(manifest.publishedAtTimestamp)"
        throw PackagerError(
            code: .refused,
            reason: "\(name) \(problem), not at \(expected) as expectedPublishedAt says: "
                + "it is not the manifest this edit was meant for (put back, or replaced since). Nothing was signed or written",
            field: .expectedPublishedAt, facts: PackagerError.Facts(value: "\(expected)", problem: problem, location: name))
    }
}

/// What `promote` or `rollout` wrote.
package struct ReleaseEditResult: Sendable, Equatable {
    /// The manifest file replaced (`manifest.json` for production), inside ``ReleaseEditOptions/versionFolder``.
    package var manifestName: String
    /// The envelope written beside it, or nil when unsigned.
    package var envelopeName: String?
    /// The manifest it replaced, nil when there was none.
    package var previous: Manifest?
    /// The manifest written (or, with `dryRun`, that would be).
    package var manifest: Manifest
    /// Whether anything was written (false with `dryRun`).
    package var written: Bool
}
