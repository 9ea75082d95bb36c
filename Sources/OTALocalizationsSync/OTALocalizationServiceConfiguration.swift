import Foundation
import OTALocalizations
import OTALocalizationsCore

/// The immutable settings of an ``OTALocalizationService``, passed once at creation.
///
/// The deadlines and limits have defaults sized for a phone on a bad network with a wide margin over real apps
/// (docs/operations.md, "Limits and deadlines", lists them with what a device does when one is reached).
public struct OTALocalizationServiceConfiguration: Sendable {
    /// The default ``requestTimeout``: 30 seconds.
    public static let defaultRequestTimeout: TimeInterval = 30
    /// The default ``maximumRequestSeconds``: 120 seconds.
    public static let defaultMaximumRequestSeconds: TimeInterval = 120
    /// The default ``maximumCycleSeconds``: 300 seconds.
    public static let defaultMaximumCycleSeconds: TimeInterval = 300

    /// The hosting base URL; the publish's root is `<baseURL>/<appVersion>/index.json` (`index.dsse.json` with
    /// ``trustedKeys``; `index.<channel>.json` for another ``channel``).
    public let baseURL: URL
    /// The running app's marketing version (`CFBundleShortVersionString`); must be a plain file name.
    public let appVersion: String
    /// The folder holding one folder per app version; default `Application Support/<bundle identifier>/OTALocalizations` (``OTAStorageLayout/defaultStorageRoot``).
    public let storageRoot: URL
    /// The HTTP seam; default ``URLSessionTransport``.
    public let transport: any HTTPTransport
    /// The most module downloads in flight at once; default 4, at least 1.
    public let maximumParallelDownloads: Int
    /// The request (idle) timeout the transport applies to each GET, in seconds; default 30.
    public let requestTimeout: TimeInterval
    /// The total time one GET may take, in seconds, enforced by the service whatever the transport does (a server
    /// that trickles a byte every few seconds never trips an idle timeout); default 120. Then the manifest or
    /// the module fails with a timeout.
    public let maximumRequestSeconds: TimeInterval
    /// The total time one cycle may take, in seconds; default 300. Then the cycle ends: what it committed stays,
    /// nothing more lands, the unfinished modules fail (`cancelled`) and are retried by the next cycle.
    public let maximumCycleSeconds: TimeInterval
    /// How long ``OTALocalizationService/deleteAllBundles()`` waits for a cancelled cycle to end, in seconds,
    /// before it deletes anyway; default 5. A cycle that ends later can no longer change anything on disk.
    public let maximumDeletionWaitSeconds: TimeInterval
    /// How much later than the server's `Date` (or, without one, the device clock) a manifest's `publishedAt` may
    /// be, in seconds; default 3,600. A later manifest is refused, and an installed state dated later than both the
    /// server's `Date` and the device clock plus this never makes a new manifest stale, so no publish can freeze a
    /// device whose clock is right for longer than this.
    public let publishedAtToleranceSeconds: TimeInterval
    /// The most module entries a manifest may list, counting those a staged rollout adds; default 500. A longer
    /// manifest is refused as a whole (report code `limit`).
    public let maximumManifestModules: Int
    /// The most slices one module entry may have; default 500. A module with more fails (`limit`).
    public let maximumSlicesPerModule: Int
    /// The most localizations one module entry may list; default 500, which keeps the record of a folder assembled
    /// from slices (`.ota-slices`, at most 64 KiB for the read side) within bounds. A module with more fails (`limit`).
    public let maximumLocalizationsPerModule: Int
    /// The most signatures a signed manifest's envelope may carry; default 16 (a key rotation signs with two or three
    /// keys, and each signature naming a trusted key costs one Ed25519 verification). A longer one is refused
    /// (`signature`, `too-many-signatures`).
    public let maximumEnvelopeSignatures: Int
    /// The most bytes the ZIPs of one cycle may inflate to together (declared sizes of the entries installed);
    /// default 256 MiB. A module that would pass it fails with the limit named.
    public let maximumCycleUncompressedBytes: Int64
    /// The most ZIP bytes held in memory at once by the downloads in flight; default 48 MiB. A download waits for
    /// room, and a ZIP larger than this fails with the limit named.
    public let maximumBufferedArchiveBytes: Int64
    /// Per-module ZIP limits; default 32 MiB archive, 64 MiB uncompressed, 4 MiB per table, 10,000 entries. The
    /// per-table limit also bounds the tables being parsed at once, across the whole cycle.
    /// - Warning: These limits are the defence against ZIP bombs; raise them only for hosting you control.
    public let limits: ZipLimits
    /// The Ed25519 public keys whose signatures the app accepts (docs/signing.md); default none.
    ///
    /// Empty: the service reads the unsigned index. One or more: it reads only the envelope,
    /// `<baseURL>/<appVersion>/index.dsse.json`, verifies a signature by one of these keys before decoding anything inside, and refuses anything else with the report code
    /// `signature`; a stored state vouched for by a key no longer listed is treated as absent. Pass the same keys to
    /// `OTALocalizedString.loadBundlesFromDisk(configuration:)`, so that only folders one of them vouched for are
    /// served. Ship two keys (the CI key and an offline backup) to rotate.
    public let trustedKeys: [ManifestPublicKey]
    /// Which localizations this device uses (default: the device's languages): for a module the manifest cuts into
    /// slices, only base and the slices of these are downloaded (docs/design.md, "Slices"). Pass the same selection to
    /// `OTALocalizedString.loadBundlesFromDisk` so that the read side hands out only bundles that cover it.
    public let localizationSelection: OTALocalizationSelection
    /// The release channel whose manifest the service reads (docs/rollouts.md); nil, the default, for production.
    ///
    /// `"production"` is stored as nil. Another name must pass `ManifestChannel.isValidName(_:)` (1 to 32 lowercase
    /// ASCII letters, digits or `-`, starting with a letter): otherwise every cycle fails with the report code
    /// `channel` and changes nothing. A manifest that names another channel than this one is refused the same way,
    /// so a staging manifest copied over production's never installs. The stored state and its ETag belong to the
    /// channel they came from: after a change of channel, the first cycle fetches the new channel's manifest in
    /// full.
    public let channel: String?
    /// The unconfirmed launches in a row after which the read side stops serving the content they were handed
    /// (docs/design.md, "The crash-loop guard"); default 2
    /// (`OTALocalizedString.defaultMaximumUnconfirmedLaunches`), nil to turn the guard off. At least 1.
    /// `OTALocalizedString.loadBundlesFromDisk(configuration:)` passes it; the service never installs quarantined content
    /// again, whatever this is.
    public let maximumUnconfirmedLaunches: Int?
    /// The oldest, in seconds, the last fresh signed index may be for the read side to serve installed text: when the
    /// device clock at `OTALocalizedString.loadBundlesFromDisk(configuration:)` is more than this after the
    /// ``OTALocalizationCycleReport/lastFreshAt`` recorded for this app version and channel (or none is recorded),
    /// every module serves its embedded strings (`contentTooOld`) until a cycle sees a fresh signed index again and
    /// the app launches again (docs/signing.md, "Freeze"). Default nil: no limit. Needs ``trustedKeys`` (freshness is
    /// recorded for signed indexes only: an unsigned `expires` proves nothing); ignored without them. Values that are
    /// not positive finite numbers mean no limit.
    public let maximumContentAgeSeconds: TimeInterval?
    /// Whether the service's debug actions run (``OTALocalizationService/runCycleNow()``,
    /// ``OTALocalizationService/chooseChannelForNextLaunch(_:)``, ``OTALocalizationService/clearLaunchQuarantines()``);
    /// default false: each then throws ``OTALocalizationDebugActionError/Code/notAllowed`` and changes nothing.
    ///
    /// The app decides what a release build is and passes it: the library is built in release by SwiftPM whatever the
    /// app's configuration, so its own `#if DEBUG` says nothing about the app. Pass `true` from a `#if DEBUG` branch
    /// (or an internal-build flag) in the app target (docs/integration.md, "A QA view").
    /// - Warning: Never pass true in a build users get: the actions change the channel and lift quarantines.
    public let allowsDebugActions: Bool
    /// Receives one report per cycle, on an arbitrary executor, after the cycle has ended.
    public let reportHandler: @Sendable (OTALocalizationCycleReport) -> Void
    /// The device clock, used for `publishedAt` when the manifest response has no `Date` header, for `expires` and for
    /// ``OTALocalizationCycleReport/lastFreshAt`` (tests set it).
    var deviceClock: @Sendable () -> Date = { Date() }
    /// Where the deadlines come from: the wall clock (tests pass deadlines when they choose).
    var deadlineTimer: DeadlineTimer = .wallClock
    /// Tests only: runs before each commit step of a cycle (``CommitGate``), the seam between install steps.
    var beforeCommitStep: (@Sendable () -> Void)?

    /// Creates a configuration; every parameter after `baseURL` has the default documented on its property.
    /// Deadlines that are not positive numbers fall back to their defaults; counts and sizes below 1 become 1.
    public init(
        baseURL: URL,
        appVersion: String = OTAStorageLayout.mainBundleAppVersion ?? "",
        storageRoot: URL = OTAStorageLayout.defaultStorageRoot,
        transport: any HTTPTransport = URLSessionTransport(),
        maximumParallelDownloads: Int = 4,
        requestTimeout: TimeInterval = defaultRequestTimeout,
        maximumRequestSeconds: TimeInterval = defaultMaximumRequestSeconds,
        maximumCycleSeconds: TimeInterval = defaultMaximumCycleSeconds,
        maximumDeletionWaitSeconds: TimeInterval = 5,
        publishedAtToleranceSeconds: TimeInterval = 3600,
        maximumManifestModules: Int = 500,
        maximumSlicesPerModule: Int = 500,
        maximumLocalizationsPerModule: Int = 500,
        maximumEnvelopeSignatures: Int = 16,
        maximumCycleUncompressedBytes: Int64 = 256 * 1024 * 1024,
        maximumBufferedArchiveBytes: Int64 = 48 * 1024 * 1024,
        limits: ZipLimits = ZipLimits(),
        trustedKeys: [ManifestPublicKey] = [],
        localizationSelection: OTALocalizationSelection = .device,
        channel: String? = nil,
        maximumUnconfirmedLaunches: Int? = OTALocalizedString.defaultMaximumUnconfirmedLaunches,
        maximumContentAgeSeconds: TimeInterval? = nil,
        allowsDebugActions: Bool = false,
        reportHandler: @escaping @Sendable (OTALocalizationCycleReport) -> Void = { _ in }
    ) {
        func positive(_ value: TimeInterval, _ fallback: TimeInterval) -> TimeInterval {
            value.isFinite && value > 0 ? value : fallback
        }
        self.baseURL = baseURL
        self.appVersion = appVersion
        self.storageRoot = storageRoot
        self.transport = transport
        self.maximumParallelDownloads = max(1, maximumParallelDownloads)
        self.requestTimeout = requestTimeout
        self.maximumRequestSeconds = positive(maximumRequestSeconds, Self.defaultMaximumRequestSeconds)
        self.maximumCycleSeconds = positive(maximumCycleSeconds, Self.defaultMaximumCycleSeconds)
        self.maximumDeletionWaitSeconds = max(0, maximumDeletionWaitSeconds.isFinite ? maximumDeletionWaitSeconds : 5)
        self.publishedAtToleranceSeconds = max(0, publishedAtToleranceSeconds.isFinite ? publishedAtToleranceSeconds : 3600)
        self.maximumManifestModules = max(1, maximumManifestModules)
        self.maximumSlicesPerModule = max(1, maximumSlicesPerModule)
        self.maximumLocalizationsPerModule = max(1, maximumLocalizationsPerModule)
        self.maximumEnvelopeSignatures = max(1, maximumEnvelopeSignatures)
        self.maximumCycleUncompressedBytes = max(1, maximumCycleUncompressedBytes)
        self.maximumBufferedArchiveBytes = max(1, maximumBufferedArchiveBytes)
        self.limits = limits
        self.trustedKeys = trustedKeys
        self.localizationSelection = localizationSelection
        self.channel = ManifestChannel.recorded(channel)
        self.maximumUnconfirmedLaunches = maximumUnconfirmedLaunches.map { max(1, $0) }
        self.maximumContentAgeSeconds = maximumContentAgeSeconds.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        self.allowsDebugActions = allowsDebugActions
        self.reportHandler = reportHandler
    }

    /// The storage layout of ``appVersion`` under ``storageRoot``.
    public var layout: OTAStorageLayout { OTAStorageLayout(storageRoot: storageRoot, appVersion: appVersion) }
}
