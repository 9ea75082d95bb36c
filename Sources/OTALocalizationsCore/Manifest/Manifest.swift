import Foundation
import OTALocalizationsNames

/// The published description of one app marketing version's localization modules (`manifest.json`).
///
/// Shape (docs/design.md, "The manifest", which defines every field): `formatVersion` (1), `appVersion`, `publishedAt`
/// (an RFC 3339 date-time, see ``ManifestDate``), `developmentRegion`, `channel` (only for a channel other than
/// production, see ``ManifestChannel``), `modules` sorted by name, and `rollout` or `experiment` (optional, never
/// both). Evolution is additive only: `init(bytes:)` ignores unknown fields at every level, and a module entry that is
/// malformed is set aside in ``rejectedModules`` instead of failing the whole manifest, so one bad entry fails only
/// that module.
///
/// Devices read the published index (``ManifestIndex``), never `manifest.json`, so the model is here and its codec
/// (`init(bytes:)`, `encoded()`) is in OTALocalizationsPublishing, which only CI links.
public struct Manifest: Sendable, Equatable {
    /// The only format version this code writes and reads.
    public static let currentFormatVersion = 1
    /// The largest `manifest.json` a client accepts, in bytes (4 MiB): also the largest `index.json` (the published
    /// index's root), the largest payload of a signed envelope and, through
    /// ``PublishedFile/maximumInflatedBytes``, the most an index part inflates to. A longer body is refused before
    /// it is decoded (docs/operations.md, "Limits and deadlines"; docs/signing.md).
    public static let maximumBytes: Int64 = 4 * 1024 * 1024

    public var formatVersion: Int
    /// The app marketing version (`CFBundleShortVersionString`) these strings are for.
    public var appVersion: String
    /// When the manifest was published, exactly as written; clients compare it to ignore an older manifest from a
    /// stale CDN edge and to refuse one dated in the future.
    public var publishedAtTimestamp: ManifestTimestamp
    /// ``publishedAtTimestamp`` as a `Date` (to the microsecond near the present).
    public var publishedAt: Date {
        get { publishedAtTimestamp.date }
        set { publishedAtTimestamp = ManifestTimestamp(newValue) }
    }
    /// The bundle's development region (`CFBundleDevelopmentRegion`), e.g. `en`.
    public var developmentRegion: String
    /// The release channel; nil for production (see ``ManifestChannel``).
    public var channel: String?
    /// Valid module entries, in file order (the packager writes them sorted by name): the stable modules.
    public var modules: [ManifestModule]
    /// Module entries that could not be accepted, with the reason; empty in a manifest the packager wrote.
    public var rejectedModules: [RejectedModule]
    /// The staged rollout, when one is running (see ``ManifestRollout`` and ``modules(inRollout:)``).
    public var rollout: ManifestRollout?
    /// The copy experiment, when one runs (see ``ManifestExperiment`` and ``modules(inArm:)``); never with a rollout.
    public var experiment: ManifestExperiment?
    /// When the publish stops being fresh (`expires`, an RFC 3339 date-time like `publishedAt`); nil without one. A
    /// device refuses an index past it (docs/signing.md, "Freeze"); the scheduled re-signing moves it forward with the
    /// same `publishedAt` and modules.
    public var expiresTimestamp: ManifestTimestamp? = nil

    /// Creates a manifest published at `publishedAt` (rounded to the microsecond, see ``ManifestTimestamp/init(_:)``).
    public init(
        formatVersion: Int = Manifest.currentFormatVersion,
        appVersion: String,
        publishedAt: Date,
        developmentRegion: String,
        channel: String? = nil,
        modules: [ManifestModule],
        rejectedModules: [RejectedModule] = [],
        rollout: ManifestRollout? = nil,
        experiment: ManifestExperiment? = nil
    ) {
        self.init(
            formatVersion: formatVersion, appVersion: appVersion, publishedAtTimestamp: ManifestTimestamp(publishedAt),
            developmentRegion: developmentRegion, channel: channel, modules: modules, rejectedModules: rejectedModules,
            rollout: rollout, experiment: experiment)
    }

    /// Creates a manifest published at exactly `publishedAtTimestamp`.
    public init(
        formatVersion: Int = Manifest.currentFormatVersion,
        appVersion: String,
        publishedAtTimestamp: ManifestTimestamp,
        developmentRegion: String,
        channel: String? = nil,
        modules: [ManifestModule],
        rejectedModules: [RejectedModule] = [],
        rollout: ManifestRollout? = nil,
        experiment: ManifestExperiment? = nil
    ) {
        self.formatVersion = formatVersion
        self.appVersion = appVersion
        self.publishedAtTimestamp = publishedAtTimestamp
        self.developmentRegion = developmentRegion
        self.channel = channel
        self.modules = modules
        self.rejectedModules = rejectedModules
        self.rollout = rollout
        self.experiment = experiment
    }
}

/// One module entry of a ``Manifest``: where its ZIP lives and how to verify it.
public struct ManifestModule: Sendable, Equatable {
    /// The module's name; a plain file name (see ``ManifestModule/isPlainFileName(_:)``).
    public var name: String
    /// The ZIP's file name relative to the version folder. Opaque to clients: never parsed for meaning.
    public var path: String
    /// SHA-256 of the ZIP, 64 lowercase hex digits.
    public var sha256: String
    /// Size of the ZIP in bytes.
    public var size: Int64
    /// `.lproj` names (without the extension) the module ships, sorted.
    public var localizations: [String]
    /// The module cut into slice ZIPs, so a device can download only the localizations it can show; nil when the
    /// manifest has none for this module (then only the full ZIP exists).
    public var slices: ManifestSlices?

    public init(
        name: String, path: String, sha256: String, size: Int64, localizations: [String], slices: ManifestSlices? = nil
    ) {
        self.name = name
        self.path = path
        self.sha256 = sha256
        self.size = size
        self.localizations = localizations
        self.slices = slices
    }

    /// Whether `name` can be used as one path component: non-empty, not `.` or `..`, no `/`, `\` or NUL.
    public static func isPlainFileName(_ name: String) -> Bool {
        PlainFileName.isValid(name)
    }

    /// Whether `value` is 64 lowercase hexadecimal digits.
    public static func isSHA256Hex(_ value: String) -> Bool {
        LowercaseHex.isSHA256(value)
    }
}

/// A module entry a client set aside while decoding a ``Manifest``.
public struct RejectedModule: Error, Sendable, Equatable {
    /// The entry's `name` when it had a string one, else nil.
    public var name: String?
    /// Why the entry was rejected, in one sentence.
    public var reason: String

    public init(name: String?, reason: String) {
        self.name = name
        self.reason = reason
    }
}
