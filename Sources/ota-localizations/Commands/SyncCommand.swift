import Dispatch
import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTALocalizationsSync
import OTALocalizationsTooling
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `ota-localizations sync`: one `OTALocalizationService` cycle, the app's own code path, then its report.
enum SyncCommand: Command {
    static let name = "sync"
    static let summary = "Run one update cycle against a published folder and print its report"
    static let help = """
        OVERVIEW: Run exactly one update cycle of the app's OTALocalizationService and print its report.

        USAGE: ota-localizations sync --base-url <url> --app-version <version> --into <storage root> [options]

        Fetches <url>/<version>/index.json, or index.dsse.json with --trusted-key (with If-None-Match when a
        complete state of the same channel is stored; index.<channel>.json with --channel), then the index parts
        it needs, installs every changed module under <storage root>/<version>/ and removes modules the publish
        no longer lists.
        The storage root is locked (<storage root>/.ota-localizations.lock) for the whole run: a second sync or
        a delete on the same root waits. A delete on the same root cancels this run (SIGUSR1) and empties the root.

        OPTIONS:
        \(CommandOption.helpText(options, column: 28))

        OUTPUT: one line for the manifest and one line per module (outcome, bytes, duration, reason); with
        --json the object {"manifest","error",["errorCode",]"stateSaved",["rollout":{"id","percent",
        "includesThisDevice"},]["quarantine":{"since","launches","publishedAt","modules"},]"updated","skipped","failed",
        "removed","bytesDownloaded","modules":[{"name","outcome","bytes","durationMs","reason","code"}]}. A manifest
        with a staged rollout adds a line saying whether this storage root (its install ID,
        <storage root>/.ota-install-id) is in it, one with a copy experiment a line naming its arm; a quarantine in
        force (the crash-loop guard) adds a line too.

        EXIT STATUS: 0 the cycle ran (module failures are in the report), 1 the manifest could not be fetched or
        decoded, the storage root could not be locked, or a delete cancelled the run, 2 usage error.
        """

    static func run(_ arguments: [String]) -> Output.Status {
        run(arguments, reporting: ErrorReporting(json: true, everyErrorIsUsage: true)) { args in
            let request: Request
            request = try Request(try ArgumentList(arguments, options: Self.options))

            // Installed before the lock is taken, so a delete that sees this process as the holder can stop it.
            let session = SyncSession()
            signal(SIGUSR1, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: .global())
            source.setEventHandler { session.requestDeletion() }
            source.resume()
            defer { source.cancel() }

            let lock: StorageLock
            do {
                lock = try StorageLock.acquire(storageRoot: request.storageRoot, holder: .currentProcess(purpose: "sync"))
            } catch {
                Output.err("error: cannot lock the storage root: \(error)")
                return .failure
            }
            defer { lock.release() }

            let transport = ManifestETagProbe(URLSessionTransport(userAgent: URLSessionTransport.packageUserAgent))
            let report = runCycle(request, transport: transport, session: session)
            if session.wasDeletionRequested {
                // A request that arrived after the cycle ended: let its deletion finish before the lock is released.
                wait { await session.deletion()?.value }
                Output.err("error: cancelled by 'ota-localizations delete'; the storage root was emptied")
                return .failure
            }
            guard let report else {
                Output.err("error: the cycle ended without a report")
                return .failure
            }
            Output.out(request.json
                ? report.jsonText()
                : summary(report, manifestURL: transport.lastRootURL?.absoluteString ?? request.rootURL,
                          manifestHadETag: transport.manifestHadETag, manifestStatus: transport.lastRootStatus))
            return report.manifest == .failed ? .failure : .success
        }
    }

    /// Runs one cycle of a service configured as `request` says, unless `session` was asked to delete first, and
    /// waits for it (and for a deletion requested meanwhile); returns its report, nil when none was made.
    private static func runCycle(
        _ request: Request, transport: ManifestETagProbe, session: SyncSession
    ) -> OTALocalizationCycleReport? {
        let reports = OTALocalizationCycleReportRecorder()
        let service = OTALocalizationService(configuration: OTALocalizationServiceConfiguration(
            baseURL: request.baseURL,
            appVersion: request.appVersion,
            storageRoot: request.storageRoot,
            transport: transport,
            requestTimeout: request.requestTimeout,
            maximumRequestSeconds: request.maximumRequestSeconds,
            maximumCycleSeconds: request.maximumCycleSeconds,
            trustedKeys: request.trustedKeys,
            localizationSelection: request.selection,
            channel: request.channel,
            reportHandler: reports.record
        ))
        wait {
            if session.begin(service) { await service.start() }
            await session.deletion()?.value
        }
        return reports.latest
    }

    /// Runs `work` in a task and blocks this (main) thread until it ends.
    private static func wait(_ work: @escaping @Sendable () async -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task {
            await work()
            done.signal()
        }
        done.wait()
    }

    /// `<base>/<version>/<fileName>`, as the service requests it (the version percent-encoded, one `/` between).
    static func manifestURL(base: URL, appVersion: String, fileName: String = "manifest.json") -> String {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return text + "/" + (appVersion.addingPercentEncoding(withAllowedCharacters: unreserved) ?? appVersion) + "/" + fileName
    }

    /// One line for the manifest and totals, then one line per module. A manifest that could not be fetched names
    /// the URL requested; a manifest the host sent without an `ETag` (`manifestHadETag` false) gets a hint line.
    ///
    /// What it says depends on codes only: the report's `errorCode` and `signatureCode`, and `manifestStatus`, the HTTP
    /// status of the last root request (nil: no response), never on the report's sentences.
    static func summary(
        _ report: OTALocalizationCycleReport, manifestURL: String? = nil, manifestHadETag: Bool? = nil,
        manifestStatus: Int? = nil
    ) -> String {
        var head = "Manifest: \(report.manifest.rawValue)"
        // The root itself could not be fetched (no response, or a status other than 200): the code is `transport`, as
        // for an index part's download, which a root answered 200 tells apart.
        let rootFailed = report.manifest == .failed && report.errorCode == .transport && manifestStatus != 200
        if let error = report.error {
            let signature = report.errorCode == .signature
            let fetch = rootFailed || (report.manifest == .failed && (signature || report.errorCode == .channel))
            head += " (\(error)\(fetch ? manifestURL.map { "; GET \($0)" } ?? "" : ""))"
            if signature {
                head += report.signatureCode == .untrustedKey
                    ? "; nothing was installed. No --trusted-key signed it: pass the public key of the signing key the publish used (docs/signing.md)"
                    : "; nothing was installed. Upload every file of one signed package run together (publish does), and "
                        + "check that the app trusts a key that signed it (docs/signing.md)"
            }
        }
        if report.stateSaved {
            head += ", state saved"
        } else {
            head += report.manifest == .notModified ? ", state unchanged" : ", state not saved"
        }
        var lines = [head]
        if let rollout = report.rollout {
            lines.append("Rollout \(rollout.id) at \(rollout.percentText)%: this storage root is "
                + (rollout.includesThisDevice ? "in it (it uses the rollout's modules)" : "not in it (it uses the stable modules)"))
        }
        if let experiment = report.experiment {
            let place: String = switch experiment.arm {
            case nil: "in no arm (it uses the stable modules, outside the experiment)"
            case ManifestExperiment.controlArmName?: "in control (it uses the stable modules)"
            case let arm?: "in arm \(arm) (it uses that arm's modules)"
            }
            lines.append("Experiment \(experiment.id): this storage root is \(place)" + (experiment.forced ? ", forced" : ""))
        }
        if let quarantine = report.quarantine {
            lines.append("Quarantined since \(quarantine.sinceText) after \(quarantine.launches) unconfirmed launches: the installed "
                + "content (published \(quarantine.publishedAt ?? "at an unknown time")) is not served; launches use the embedded "
                + "strings until other content is installed (docs/operations.md, \"Crash loops\")")
        }
        lines.append("\(report.updated) updated, \(report.skipped) skipped, \(report.failed) failed, \(report.removed) removed, "
            + "\(Output.grouped(report.bytesDownloaded)) bytes downloaded")
        let width = report.modules.map(\.name.count).max() ?? 0
        for module in report.modules {
            var line = "  " + Output.padded(module.name, width) + "  " + Output.padded(module.outcome.rawValue, 7)
            line += "  \(Output.grouped(module.bytes)) bytes  \(module.durationMs) ms"
            if let reason = module.reason { line += "  \(reason)" }
            lines.append(line)
        }
        if rootFailed, let url = manifestURL.flatMap(URL.init(string:)) {
            let components = url.deletingLastPathComponent().pathComponents
            if manifestStatus == 404, components.count >= 3, components[components.count - 1] == components[components.count - 2] {
                lines.append("hint: the URL has the app version twice: --base-url is the base the app is configured with, "
                    + "without the version folder (sync appends --app-version)")
            } else if manifestStatus == 403 {
                lines.append("hint: the host refuses to serve the file (403): devices read it anonymously, so it must be readable "
                    + "without credentials, through CloudFront or a bucket policy (docs/hosting.md, \"S3 behind CloudFront\")")
            }
        }
        if manifestHadETag == false, report.manifest == .updated {
            let file = manifestURL.flatMap { URL(string: $0)?.lastPathComponent } ?? "index.json"
            lines.append("hint: the host sent \(file) without an ETag, so the client cannot revalidate it: every cycle "
                + "downloads the whole manifest again and reports it updated. Serve it with an ETag (docs/hosting.md, "
                + "\"Cache-Control and ETags\").")
        }
        return lines.joined(separator: "\n")
    }
}


/// The running sync's link to a `delete` request (SIGUSR1): it runs the app's kill switch,
/// `deleteAllBundles()`, which cancels the cycle, waits for it and empties the storage root.
private final class SyncSession: @unchecked Sendable {
    private let lock = NSLock()
    private var service: OTALocalizationService?
    private var deletionTask: Task<Void, Never>?
    private var requested = false

    /// Records the service; false when a deletion was requested before the cycle started.
    func begin(_ service: OTALocalizationService) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        self.service = service
        return !requested
    }

    func requestDeletion() {
        lock.lock()
        defer { lock.unlock() }
        guard !requested else { return }
        requested = true
        if let service {
            deletionTask = Task { await service.deleteAllBundles() }
        }
    }

    func deletion() -> Task<Void, Never>? {
        lock.lock()
        defer { lock.unlock() }
        return deletionTask
    }

    var wasDeletionRequested: Bool {
        lock.lock()
        defer { lock.unlock() }
        return requested
    }
}
