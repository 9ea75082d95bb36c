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
        it needs (manifest.json and its variants instead when the index is 404, a host an older packager
        published), installs every changed module under <storage root>/<version>/ and removes modules the
        publish no longer lists.
        The storage root is locked (<storage root>/.ota-localizations.lock) for the whole run: a second sync or
        a delete on the same root waits. A delete on the same root cancels this run (SIGUSR1) and empties the root.

        OPTIONS:
          --base-url <url>          The hosting base URL (http or https).
          --app-version <version>   The app's marketing version; a plain file name, e.g. 1.0.0.
          --into <storage root>     The storage root (one folder per app version).
          --timeout <seconds>       Request (idle) timeout of each GET, default 30. Foundation on Linux
                                    truncates fractions to whole seconds.
          --request-deadline <seconds>  Total time one GET may take, default 120 (a server that trickles
                                    bytes never trips the idle timeout).
          --cycle-deadline <seconds>    Total time the cycle may take, default 300; then it stops, keeps what
                                    it installed, and reports the rest as failed.
          --channel <name>          Read the release channel <name> (index.<name>.json, e.g. staging) instead
                                    of production (index.json), as an app configured with that channel does.
                                    A manifest naming another channel fails with errorCode "channel".
          --trusted-key <base64>    Require index.dsse.json signed by this Ed25519 public key (base64 of its 32
                                    bytes, as keygen prints), as an app configured with trusted keys does;
                                    repeatable. A refused signature fails the manifest with errorCode "signature".
          --languages <list>        The device's preferred languages, most preferred first, comma-separated
                                    (e.g. fr-CA,en): for a module published with slices, only base and the
                                    slices these choose are installed, as on a device with these languages.
                                    Without it, every localization is installed from the full ZIPs.
          --json                    Print the cycle report as one JSON object on stdout.
          -h, --help                Show this help.

        OUTPUT: one line for the manifest and one line per module (outcome, bytes, duration, reason); with
        --json the object {"manifest","error",["errorCode",]"stateSaved",["rollout":{"id","percent",
        "includesThisDevice"},]["quarantine":{"since","launches","publishedAt","modules"},]"updated","skipped","failed",
        "removed","bytesDownloaded","modules":[{"name","outcome","bytes","durationMs","reason","code"}]}. A manifest
        with a staged rollout adds a line saying whether this storage root (its install ID,
        <storage root>/.ota-install-id) is in it; a quarantine in force (the crash-loop guard) adds a line too.

        EXIT STATUS: 0 the cycle ran (module failures are in the report), 1 the manifest could not be fetched or
        decoded, the storage root could not be locked, or a delete cancelled the run, 2 usage error.
        """

    static func run(_ arguments: [String]) -> Output.Status {
        let configuration: (baseURL: URL, appVersion: String, root: URL, timeout: TimeInterval, json: Bool)
        let trustedKeys: [ManifestPublicKey]
        let selection: OTALocalizationSelection
        var channel: String?
        var deadlines: (request: TimeInterval, cycle: TimeInterval) = (120, 300)
        let wantsJSON = ErrorJSON.isRequested(in: arguments)
        do {
            let args = try ArgumentList(
                arguments, valueOptions: ["base-url", "app-version", "into", "timeout", "request-deadline", "cycle-deadline", "channel", "languages"],
                flagOptions: ["json"], repeatableOptions: ["trusted-key"])
            guard args.positionals.isEmpty else { throw UsageError(message: "unexpected argument '\(args.positionals[0])'") }
            let baseText = try args.required("base-url")
            guard let baseURL = URL(string: baseText), let scheme = baseURL.scheme?.lowercased(),
                  scheme == "http" || scheme == "https", baseURL.host != nil
            else { throw UsageError(message: "--base-url '\(baseText)' is not an http or https URL") }
            let appVersion = try args.required("app-version")
            guard OTAStorageLayout.isPlainFileName(appVersion) else {
                throw UsageError(message: "--app-version '\(appVersion)' is not a plain file name")
            }
            func seconds(_ option: String, default value: TimeInterval) throws -> TimeInterval {
                guard let text = args.value(option) else { return value }
                guard let value = Double(text), value.isFinite, value > 0 else {
                    throw UsageError(message: "--\(option) '\(text)' is not a positive number of seconds")
                }
                return value
            }
            let timeout = try seconds("timeout", default: 30)
            deadlines = (try seconds("request-deadline", default: 120), try seconds("cycle-deadline", default: 300))
            configuration = (baseURL, appVersion, URL(fileURLWithPath: try args.required("into")), timeout, args.flag("json"))
            trustedKeys = try SigningKeyArguments.trustedKeys(args.values("trusted-key"))
            selection = try LanguagesArgument.selection(args.value("languages"), absent: .everyLocalization)
            if let name = args.value("channel") {
                guard name == ManifestChannel.production || ManifestChannel.isValidName(name) else {
                    throw UsageError(message: "--channel '\(name)' is not a channel name: 1 to 32 lowercase ASCII letters, digits or '-', starting with a letter (or 'production')")
                }
                channel = ManifestChannel.recorded(name)
            }
        } catch let error as UsageError {
            return usageError(error.message, json: wantsJSON)
        } catch {
            return usageError("\(error)", json: wantsJSON)
        }

        // Installed before the lock is taken, so a delete that sees this process as the holder can stop it.
        let session = SyncSession()
        signal(SIGUSR1, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: .global())
        source.setEventHandler { session.requestDeletion() }
        source.resume()
        defer { source.cancel() }

        let lock: StorageLock
        do {
            lock = try StorageLock.acquire(storageRoot: configuration.root, holder: .currentProcess(purpose: "sync"))
        } catch {
            Output.err("error: cannot lock the storage root: \(error)")
            return .failure
        }
        defer { lock.release() }

        let reports = OTALocalizationCycleReportRecorder()
        let transport = ManifestETagProbe(URLSessionTransport())
        let service = OTALocalizationService(configuration: OTALocalizationServiceConfiguration(
            baseURL: configuration.baseURL,
            appVersion: configuration.appVersion,
            storageRoot: configuration.root,
            transport: transport,
            requestTimeout: configuration.timeout,
            maximumRequestSeconds: deadlines.request,
            maximumCycleSeconds: deadlines.cycle,
            trustedKeys: trustedKeys,
            localizationSelection: selection,
            channel: channel,
            reportHandler: reports.record
        ))
        let done = DispatchSemaphore(value: 0)
        Task {
            if session.begin(service) { await service.start() }
            await session.deletion()?.value
            done.signal()
        }
        done.wait()

        if session.wasDeletionRequested {
            // A request that arrived after the cycle ended: let its deletion finish before the lock is released.
            let deleted = DispatchSemaphore(value: 0)
            Task {
                await session.deletion()?.value
                deleted.signal()
            }
            deleted.wait()
            Output.err("error: cancelled by 'ota-localizations delete'; the storage root was emptied")
            return .failure
        }
        guard let report = reports.latest else {
            Output.err("error: the cycle ended without a report")
            return .failure
        }
        let requested = transport.lastRootURL?.absoluteString ?? manifestURL(
            base: configuration.baseURL, appVersion: configuration.appVersion,
            fileName: trustedKeys.isEmpty
                ? ManifestChannel.indexFileName(channel: channel) : ManifestChannel.indexEnvelopeFileName(channel: channel))
        Output.out(configuration.json
            ? report.jsonText()
            : summary(report, manifestURL: requested, manifestHadETag: transport.manifestHadETag, manifestStatus: transport.lastRootStatus))
        return report.manifest == .failed ? .failure : .success
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
