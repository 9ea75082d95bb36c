import Foundation
import OTALocalizations
import OTALocalizationsCore

/// The immutable settings of an ``OTALocalizationService``, passed once at creation.
public struct OTALocalizationServiceConfiguration: Sendable {
    /// The hosting base URL; the manifest is `<baseURL>/<appVersion>/manifest.json`.
    public let baseURL: URL
    /// The running app's marketing version (`CFBundleShortVersionString`); must be a plain file name.
    public let appVersion: String
    /// The folder holding one folder per app version; default `Application Support/OTALocalizations`.
    public let storageRoot: URL
    /// The HTTP seam; default ``URLSessionTransport``.
    public let transport: any HTTPTransport
    /// The most module downloads in flight at once; default 4, at least 1.
    public let maximumParallelDownloads: Int
    /// The request (idle) timeout for each GET, in seconds; default 30.
    public let requestTimeout: TimeInterval
    /// Per-module ZIP limits; default 32 MiB archive, 128 MiB uncompressed, 10,000 entries.
    /// - Warning: These limits are the defence against ZIP bombs; raise them only for hosting you control.
    public let limits: ZipLimits
    /// Receives one report per cycle, on an arbitrary executor, after the cycle has ended.
    public let reportHandler: @Sendable (OTALocalizationCycleReport) -> Void

    /// Creates a configuration; every parameter after `baseURL` has the default documented on its property.
    public init(
        baseURL: URL,
        appVersion: String = OTAStorageLayout.mainBundleAppVersion ?? "",
        storageRoot: URL = OTAStorageLayout.defaultStorageRoot,
        transport: any HTTPTransport = URLSessionTransport(),
        maximumParallelDownloads: Int = 4,
        requestTimeout: TimeInterval = 30,
        limits: ZipLimits = ZipLimits(),
        reportHandler: @escaping @Sendable (OTALocalizationCycleReport) -> Void = { _ in }
    ) {
        self.baseURL = baseURL
        self.appVersion = appVersion
        self.storageRoot = storageRoot
        self.transport = transport
        self.maximumParallelDownloads = max(1, maximumParallelDownloads)
        self.requestTimeout = requestTimeout
        self.limits = limits
        self.reportHandler = reportHandler
    }

    /// The storage layout of ``appVersion`` under ``storageRoot``.
    public var layout: OTAStorageLayout { OTAStorageLayout(storageRoot: storageRoot, appVersion: appVersion) }
}
