import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing

/// What `promote` and `rollout` need besides the change itself.
public struct ReleaseEditOptions: Sendable {
    /// The published version folder (`<base>/<appVersion>`), local or `s3://`.
    public var versionFolder: PublishLocation
    /// Keys that sign the new manifest (one signature each, docs/signing.md); required when the folder already has
    /// the channel's envelope. Their public keys count as trusted keys.
    public var signingKeys: [ManifestSigningKey]
    /// Further public keys whose signature makes a published manifest acceptable as the source of the edit. With
    /// these or ``signingKeys``, every manifest read is read through its envelope and verified first.
    public var trustedKeys: [ManifestPublicKey]
    /// The manifests' `max-age` on S3, nil for `no-cache`.
    public var manifestMaxAgeSeconds: Int?
    /// The environment the AWS CLI is found in and run with.
    public var environment: [String: String]
    /// The clock for the new `publishedAt`.
    public var now: Date
    /// Compute and return the new manifest without writing it.
    public var dryRun: Bool
    /// The `publishedAt` of the manifest the edit starts from (`promote`: the source channel's; `rollout`:
    /// production's), as the run that published it recorded it; nil to take whatever the folder holds. Someone who
    /// can write the folder can put an older, validly signed manifest back: only this tells the signer it is not the
    /// one it meant (docs/signing.md, "What signing does not stop").
    public var expectedPublishedAt: ManifestTimestamp?

    /// The keys a manifest read as the edit's source must be signed by: ``trustedKeys`` and the signing keys' own.
    var verifyingKeys: [ManifestPublicKey] { trustedKeys + signingKeys.map(\.publicKey) }

    public init(
        versionFolder: PublishLocation, signingKeys: [ManifestSigningKey] = [], trustedKeys: [ManifestPublicKey] = [],
        manifestMaxAgeSeconds: Int? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
        now: Date = Date(), dryRun: Bool = false, expectedPublishedAt: ManifestTimestamp? = nil
    ) {
        self.versionFolder = versionFolder
        self.signingKeys = signingKeys
        self.trustedKeys = trustedKeys
        self.manifestMaxAgeSeconds = manifestMaxAgeSeconds
        self.environment = environment
        self.now = now
        self.dryRun = dryRun
        self.expectedPublishedAt = expectedPublishedAt
    }

    /// Refuses `manifest` (read as `name`) when it is not the one ``expectedPublishedAt`` names.
    func checkExpected(_ manifest: Manifest, shownAs name: String) throws(PackagerError) {
        guard let expected = expectedPublishedAt, manifest.publishedAtTimestamp != expected else { return }
        throw PackagerError(
            code: .refused,
            reason: "\(name) was published at \(manifest.publishedAtTimestamp), not at \(expected) as --expect-published-at says: "
                + "it is not the manifest this edit was meant for (put back, or replaced since). Nothing was signed or written")
    }
}

/// What `promote` or `rollout` wrote.
public struct ReleaseEditResult: Sendable, Equatable {
    /// The manifest file replaced (`manifest.json` for production), inside ``ReleaseEditOptions/versionFolder``.
    public var manifestName: String
    /// The envelope written beside it, or nil when unsigned.
    public var envelopeName: String?
    /// The manifest it replaced, nil when there was none.
    public var previous: Manifest?
    /// The manifest written (or, with `dryRun`, that would be).
    public var manifest: Manifest
    /// Whether anything was written (false with `dryRun`).
    public var written: Bool
}
