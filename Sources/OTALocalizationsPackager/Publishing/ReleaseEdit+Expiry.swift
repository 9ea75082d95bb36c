import Foundation
import OTALocalizationsCore

extension ReleaseEdit {
    /// Signs the live publish of `channel` again with `expires` set to `expiresInSeconds` after now (whole seconds),
    /// keeping its `publishedAt`, modules, rollout and index parts: only the manifest, the index root and their
    /// envelopes are written, each a compare-and-swap, so the ZIPs and parts keep their bytes and ETags and a device
    /// that holds the publish downloads the root alone and installs nothing (docs/signing.md, "Freeze"). Meant for a
    /// scheduled CI job (docs/ci.md). The manifest is read as every edit reads it: with keys, only through its
    /// envelope, verified.
    ///
    /// A publish already past its `expires` is refused unless ``ReleaseEditOptions/expectedPublishedAt`` names it: it
    /// may be an older signed publish someone put back in the bucket, which signing again would revive.
    ///
    /// - Throws: ``PackagerError``: `configuration` for a bad channel name or a duration that is not positive;
    ///   `refused` when the channel has no manifest, it is not the one ``ReleaseEditOptions/expectedPublishedAt``
    ///   names, or it has expired and no expected date is given; otherwise as ``promote(from:to:rolloutBasisPoints:_:)``.
    package static func refreshExpiry(
        channel: String = ManifestChannel.production, expiresInSeconds: Int64, _ options: ReleaseEditOptions
    ) throws(PackagerError) -> ReleaseEditResult {
        if channel != ManifestChannel.production && !ManifestChannel.isValidName(channel) {
            throw PackagerError(code: .configuration, reason: "channel '\(channel)' is not a channel name: lowercase letters, digits and '-', starting with a letter, or 'production'")
        }
        guard expiresInSeconds > 0 else {
            throw PackagerError(code: .configuration, reason: "the expiry must be a positive duration after now")
        }
        let recorded = ManifestChannel.recorded(channel)
        let store = try VersionFolderStores.open(options.versionFolder, environment: options.environment)
        return try store.withLock { () throws(PackagerError) -> ReleaseEditResult in
            options.progress(.read)
            let listed = try store.list()
            let name = ManifestChannel.manifestFileName(channel: recorded)
            return try apply(to: recorded, in: store, listed: listed, options, newRolloutID: false) { current throws(PackagerError) -> Manifest in
                guard let current else {
                    throw PackagerError(code: .refused, reason: "\(options.versionFolder.display(name)): no such manifest; publish the channel first, and check that "
                        + "\(options.versionFolder) is the version folder publish wrote: <base>/<app version>, e.g. s3://strings/ios/1.0.0")
                }
                try options.checkExpected(current, shownAs: options.versionFolder.display(name))
                // An expired publish may be an older one put back in the bucket: signing it again would revive it.
                if options.expectedPublishedAt == nil, let expires = current.expiresTimestamp,
                   expires < ManifestTimestamp(options.now) {
                    let location = options.versionFolder.display(name)
                    throw PackagerError(
                        code: .refused,
                        reason: "\(location) expired at \(expires) (published at \(current.publishedAtTimestamp)): it may be an older "
                            + "publish put back, which signing again would revive. Nothing was signed or written. Publish the channel "
                            + "again, or, when this is the publish meant, name it with expectedPublishedAt",
                        field: .expiredPublish,
                        facts: PackagerError.Facts(
                            value: "\(current.publishedAtTimestamp)", problem: "expired at \(expires)", location: location))
                }
                var manifest = current
                manifest.expiresTimestamp = ManifestTimestamp(
                    secondsSince1970: Int64(options.now.timeIntervalSince1970.rounded(.down)) + expiresInSeconds)
                return manifest
            }
        }
    }

    /// The `expires` of an edit's new manifest published at `publishedAt`: the window (`expires` − `publishedAt`) of
    /// `basis`, the manifest the edit starts from, moved to the new date, so that a promote or rollout never writes an
    /// expiry that has already passed; nil when `basis` has none.
    static func movedExpiry(of basis: Manifest?, to publishedAt: ManifestTimestamp) -> ManifestTimestamp? {
        guard let basis, let expires = basis.expiresTimestamp else { return nil }
        let window = Double(expires.secondsSince1970 - basis.publishedAtTimestamp.secondsSince1970)
            + Double(expires.nanoseconds - basis.publishedAtTimestamp.nanoseconds) / 1_000_000_000
        return publishedAt.adding(seconds: window)
    }

    /// A duration as `--expires-in` takes it: a positive whole number followed by `d` (days), `h` (hours), `m`
    /// (minutes) or `s` (seconds), such as `7d` or `36h`, at most 10 years; nil otherwise.
    package static func durationSeconds(_ text: String) -> Int64? {
        guard let unit = text.last, let multiplier: Int64 = ["d": 86_400, "h": 3_600, "m": 60, "s": 1][unit] else { return nil }
        let digits = text.dropLast()
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int64(digits), value > 0
        else { return nil }
        let seconds = value * multiplier
        return seconds <= 10 * 366 * 86_400 ? seconds : nil
    }
}
