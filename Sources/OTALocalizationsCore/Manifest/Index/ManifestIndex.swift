import Foundation
import OTALocalizationsNames

/// The published index's root, `index.json` (format 2): the small commit point a device revalidates with its ETag,
/// which names, by SHA-256, the parts that describe the modules (docs/design.md, "The published index").
///
/// A device downloads the root, the base part and the parts of the localizations it shows, and only when their
/// hashes changed; the root grows with the number of localizations, never with the number of modules. The index says
/// exactly what `manifest.json` (format 1) beside it says: ``init(building:)`` derives it from that manifest.
public struct ManifestIndex: Sendable, Equatable {
    /// The root's `formatVersion`.
    public static let formatVersion = 2

    /// The app marketing version, as in the manifest.
    public var appVersion: String
    /// When it was published: the manifest's `publishedAt`.
    public var publishedAtTimestamp: ManifestTimestamp
    /// The bundles' `CFBundleDevelopmentRegion`.
    public var developmentRegion: String
    /// The release channel; nil for production.
    public var channel: String?
    /// The parts of the stable modules.
    public var parts: IndexParts
    /// The staged rollout, when one is running.
    public var rollout: Rollout?
    /// The copy experiment, when one runs (never with a rollout): each named arm's parts are read only by the devices
    /// in that arm.
    public var experiment: Experiment?
    /// The manifest's `expires`: when a device stops accepting this root; nil without one (docs/signing.md, "Freeze").
    public var expiresTimestamp: ManifestTimestamp? = nil

    /// A staged rollout in the index: the parts of the rollout's module entries and the modules it drops.
    public struct Rollout: Sendable, Equatable {
        public var id: String
        /// 0 to 10,000 hundredths of a percent (``ManifestRollout/basisPoints``).
        public var basisPoints: Int
        /// The parts describing the rollout's module entries alone.
        public var parts: IndexParts
        /// ``ManifestRollout/removedModules``.
        public var removedModules: [String]

        public init(id: String, basisPoints: Int, parts: IndexParts, removedModules: [String] = []) {
            self.id = id
            self.basisPoints = basisPoints
            self.parts = parts
            self.removedModules = removedModules
        }
    }

    public init(
        appVersion: String, publishedAtTimestamp: ManifestTimestamp, developmentRegion: String, channel: String? = nil,
        parts: IndexParts, rollout: Rollout? = nil, experiment: Experiment? = nil
    ) {
        self.appVersion = appVersion
        self.publishedAtTimestamp = publishedAtTimestamp
        self.developmentRegion = developmentRegion
        self.channel = channel
        self.parts = parts
        self.rollout = rollout
        self.experiment = experiment
    }

    /// Every part the root names (stable, then the rollout's, then each arm's in file order), each once, in the order
    /// they are written.
    public var referencedParts: [PublishedFile] {
        var seen: Set<String> = []
        let sets = [parts] + (rollout.map { [$0.parts] } ?? []) + (experiment?.arms.map(\.parts) ?? [])
        return sets.flatMap(\.all).filter { seen.insert($0.path).inserted }
    }
}

/// The parts of one set of module entries: the base part (every module's name, localizations and base slice), the
/// full part (every module's full ZIP) and one part per localization (every module's slice of it).
public struct IndexParts: Sendable, Equatable {
    /// The largest part document accepted once inflated, in bytes: the limit of a `manifest.json`
    /// (``Manifest/maximumBytes``, 4 MiB).
    public static let maximumInflatedBytes: Int64 = Manifest.maximumBytes
    /// The largest part file a root may name, in bytes: a gzip member of at most ``maximumInflatedBytes`` never
    /// exceeds that by more than zlib's bound (`deflateBound`: about 0.03% and a few bytes), so 64 KiB above it is
    /// a wide margin. A root naming a larger part is refused before anything is downloaded.
    public static let maximumPartSize: Int64 = maximumInflatedBytes + 64 * 1024

    public var base: PublishedFile
    public var full: PublishedFile
    /// By localization name (`.lproj` name without the extension), for every localization a module has a slice of.
    public var localizations: [String: PublishedFile]

    public init(base: PublishedFile, full: PublishedFile, localizations: [String: PublishedFile]) {
        self.base = base
        self.full = full
        self.localizations = localizations
    }

    /// Base, full, then the localizations in byte order of their names.
    public var all: [PublishedFile] {
        [base, full] + UTF8ByteOrder.sorted(Array(localizations.keys)).map { localizations[$0]! }
    }
}
