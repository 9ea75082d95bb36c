import Foundation
import OTALocalizationsCore

/// Limits of reading a published version (`diff`'s published side, `--baseline`): what a bucket or host, hostile or
/// broken, can make the reading hold and how long it can make it take.
///
/// Each limit holds while the bytes arrive or the tables are read, and reading stops with a ``PackagerError``
/// naming it (`configuration`). The defaults are sized with a wide margin over the real apps of the test corpus (the
/// largest module: 10.8 MiB of tables in 151 files, about 140,000 keys) and keep a `diff` of any published side
/// under about 400 MiB of memory (docs/operations.md, "Limits of diff and --baseline").
///
/// - Warning: These limits are the defence of a CI job against the bucket it reads; raise them only for a bucket
///   only trusted writers can change.
public struct PublishedReadLimits: Sendable, Equatable {
    /// The longest manifest read, in bytes: 4 MiB by default (``Manifest/maximumBytes``, what devices accept).
    public var maximumManifestBytes: Int64
    /// Each module's ZIP, as a device checks it: 32 MiB, 4 MiB a table, 64 MiB inflated, 10,000 entries
    /// (``ZipLimits/default``). A ZIP the manifest lists as larger is refused before it is downloaded.
    public var archive: ZipLimits
    /// All tables of all modules inflated together, and all their text (keys and values) as parsed: 64 MiB each by
    /// default (six times the largest module of the corpus). A binary property list can name one value from many
    /// keys, so the text is counted as well as the files.
    public var maximumUncompressedBytes: Int64
    /// Keys of all tables together (a `.stringsdict` entry is one key): 500,000 by default. A table of keys as short
    /// as `"k1"="v";` holds about 14 times its size once parsed, so bytes alone do not bound memory.
    public var maximumKeys: Int
    /// Total time of the reading, every download and table included: 300 s by default. A host that trickles a byte
    /// every few seconds never trips ``requestTimeout``.
    public var maximumSeconds: TimeInterval
    /// The idle timeout of each GET: 30 s by default.
    public var requestTimeout: TimeInterval

    /// Creates limits; each default is the value documented on its property.
    public init(
        maximumManifestBytes: Int64 = Manifest.maximumBytes,
        archive: ZipLimits = .default,
        maximumUncompressedBytes: Int64 = 64 * 1024 * 1024,
        maximumKeys: Int = 500_000,
        maximumSeconds: TimeInterval = 300,
        requestTimeout: TimeInterval = 30
    ) {
        self.maximumManifestBytes = maximumManifestBytes
        self.archive = archive
        self.maximumUncompressedBytes = maximumUncompressedBytes
        self.maximumKeys = maximumKeys
        self.maximumSeconds = maximumSeconds
        self.requestTimeout = requestTimeout
    }
}
