import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTALocalizationsPublishing
@testable import OTALocalizationsSync
import OTATestSupport

/// Collects the reports a service hands to its handler.
final class ReportLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [OTALocalizationCycleReport] = []

    func append(_ report: OTALocalizationCycleReport) {
        lock.lock()
        items.append(report)
        lock.unlock()
    }

    var all: [OTALocalizationCycleReport] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }

    /// The last report with every `durationMs` set to 0 (durations are not deterministic).
    var last: OTALocalizationCycleReport? {
        guard var report = all.last else { return nil }
        report.modules = report.modules.map { var module = $0; module.durationMs = 0; return module }
        return report
    }
}

/// One module as published: its ZIP, the ZIP's SHA-256 (from `sha256sum`) and the manifest `path`.
struct PublishedModule {
    var name: String
    var zip: Data
    var sha256: String
    var path: String
    /// The files the ZIP holds, as the test wrote them.
    var files: [String: Data]
}

/// A temporary storage root, a scripted CDN and a report log for one test.
final class SyncFixture: @unchecked Sendable {
    static let base = "https://cdn.test/base"
    /// The install ID's file at the storage root: created by the first cycle that acts on a manifest, kept by the
    /// kill switch (docs/rollouts.md).
    static let installIDFileName = ".ota-install-id"
    /// The anti-rollback record at the storage root: the newest publishedAt installed from, per channel; kept by the
    /// kill switch (docs/signing.md).
    static let antiRollbackFileName = ".ota-anti-rollback.json"
    let root: URL
    let transport = ScriptedTransport()
    let reports = ReportLog()

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("ota-sync-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func makeService(
        appVersion: String = "1.0", parallel: Int = 4, limits: ZipLimits = ZipLimits(),
        requestSeconds: TimeInterval = 120, cycleSeconds: TimeInterval = 300, deletionWaitSeconds: TimeInterval = 5,
        cycleUncompressedBytes: Int64 = 256 * 1024 * 1024, bufferedArchiveBytes: Int64 = 48 * 1024 * 1024,
        manifestModules: Int = 500, deviceClock: (@Sendable () -> Date)? = nil, deadlines: ManualDeadlines? = nil,
        wallClockDeadlines: Bool = false, transport: (any HTTPTransport)? = nil,
        trustedKeys: [ManifestPublicKey] = [], selection: OTALocalizationSelection = .device, debugActions: Bool = false,
        beforeCommitStep: (@Sendable () -> Void)? = nil
    ) -> OTALocalizationService {
        let reports = self.reports
        var configuration = OTALocalizationServiceConfiguration(
            baseURL: URL(string: Self.base)!, appVersion: appVersion, storageRoot: root, transport: transport ?? self.transport,
            maximumParallelDownloads: parallel, requestTimeout: 5, maximumRequestSeconds: requestSeconds,
            maximumCycleSeconds: cycleSeconds, maximumDeletionWaitSeconds: deletionWaitSeconds,
            maximumManifestModules: manifestModules, maximumCycleUncompressedBytes: cycleUncompressedBytes,
            maximumBufferedArchiveBytes: bufferedArchiveBytes, limits: limits, trustedKeys: trustedKeys,
            localizationSelection: selection, allowsDebugActions: debugActions, reportHandler: { reports.append($0) })
        if let deviceClock { configuration.deviceClock = deviceClock }
        configuration.beforeCommitStep = beforeCommitStep
        // Deadlines pass only when the test passes them (ManualDeadlines), unless the test is about real time.
        if !wallClockDeadlines { configuration = configuration.withManualDeadlines(deadlines ?? ManualDeadlines()) }
        return OTALocalizationService(configuration: configuration)
    }

    static func url(_ appVersion: String, _ file: String) -> String { "\(base)/\(appVersion)/\(file)" }

    // MARK: Content

    static let infoPlist = Data(BundleFixtures.infoPlist.utf8)

    static let stringsdict = Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>items</key>
            <dict>
                <key>NSStringLocalizedFormatKey</key>
                <string>%#@count@</string>
                <key>count</key>
                <dict>
                    <key>NSStringFormatSpecTypeKey</key>
                    <string>NSStringPluralRuleType</string>
                    <key>NSStringFormatValueTypeKey</key>
                    <string>d</string>
                    <key>one</key>
                    <string>%d item</string>
                    <key>other</key>
                    <string>%d items</string>
                </dict>
            </dict>
        </dict>
        </plist>

        """.utf8)

    /// The standard bundle files of `name` at content version `version`.
    static func files(_ name: String, version: Int) -> [String: Data] {
        [
            "Info.plist": infoPlist,
            "en.lproj/Localizable.strings": Data("\"greeting\" = \"Hello from \(name) v\(version)\";\n".utf8),
            "fr.lproj/Localizable.strings": Data("\"greeting\" = \"Bonjour de \(name) v\(version)\";\n".utf8),
            "en.lproj/Localizable.stringsdict": stringsdict,
        ]
    }

    /// A module whose ZIP is written by the project's `ZipWriter` (or given), hashed with `sha256sum`.
    static func module(_ name: String, version: Int = 1, files: [String: Data]? = nil, zip: Data? = nil,
                       path: String? = nil) throws -> PublishedModule {
        let files = files ?? Self.files(name, version: version)
        let zip = try zip ?? ZipWriter.archive(files.map { ZipWriter.Entry(path: $0.key, data: $0.value) })
        let sha = try IndependentTool.sha256sum(zip)
        return PublishedModule(name: name, zip: zip, sha256: sha, path: path ?? "\(name)-\(sha.prefix(16)).zip",
                               files: files)
    }

    /// Serves the modules' ZIPs (each module a full ZIP with the localizations `en` and `fr`) and what `package`
    /// writes beside them (``serve(_:rawEntries:rawRolloutEntries:signedBy:folder:)``); `extraEntries` are raw JSON
    /// entries spliced into the index's base part.
    func publish(_ modules: [PublishedModule], appVersion: String = "1.0",
                 publishedAt: String = "2026-07-24T10:00:00Z", extraEntries: [String] = [], developmentRegion: String = "en") {
        let manifest = Manifest(
            appVersion: appVersion, publishedAtTimestamp: ManifestDate.parseTimestamp(publishedAt)!,
            developmentRegion: developmentRegion, modules: modules.map(Self.entry))
        for module in modules {
            transport.serve(Self.url(appVersion, URLEncoding.component(module.path)), module.zip)
        }
        try! serve(manifest, rawEntries: extraEntries)
    }

    // MARK: Disk

    /// Every path under the root with its bytes (directories map to nil), but the last cycles' reports the service
    /// keeps for its QA snapshot (`.ota-cycle-reports.json`, written after every cycle, failed ones included: no state,
    /// DiagnosticsServiceTests checks it).
    func snapshot() -> [String: Data?] {
        var result: [String: Data?] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let relative = enumerator?.nextObject() as? String {
            if relative == ".ota-cycle-reports.json" { continue }
            let url = root.appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            result[relative] = isDirectory.boolValue ? nil : (try? Data(contentsOf: url))
        }
        return result
    }

    /// The relative paths under the root, sorted.
    func tree() -> [String] { snapshot().keys.sorted() }

    /// The URL of `relative` under the root; a module name right after `modules/` stands for its storage name
    /// (`InstalledLayout.storageName`), so tests name modules as the manifest does.
    func url(_ relative: String) -> URL {
        root.appendingPathComponent(Self.onDisk(relative))
    }

    /// `relative` with the component after `modules/` replaced by its storage name.
    static func onDisk(_ relative: String) -> String {
        var parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts.count >= 3, parts[1] == "modules" { parts[2] = InstalledLayout.storageName(parts[2]) }
        return parts.joined(separator: "/")
    }

    func read(_ relative: String) -> Data? { try? Data(contentsOf: url(relative)) }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: url(relative).path) }

    /// The paths the installed folder of `module` must hold, relative to the root, folders included, with the
    /// module's storage name: its files, the seal, `current`.
    static func installedTree(_ module: PublishedModule, appVersion: String = "1.0", folderName: String? = nil) -> [String] {
        let moduleFolder = "\(appVersion)/modules/\(InstalledLayout.storageName(module.name))"
        let folder = "\(moduleFolder)/\(folderName ?? module.sha256)"
        var paths: Set<String> = [moduleFolder, "\(moduleFolder)/current", folder, "\(folder)/\(InstalledLayout.sealFileName)"]
        for file in module.files.keys {
            paths.insert("\(folder)/\(file)")
            let parts = file.split(separator: "/")
            if parts.count == 2 { paths.insert("\(folder)/\(parts[0])") }
        }
        return paths.sorted()
    }
}

/// Percent-encoding of one path segment, written independently of the service (RFC 3986 unreserved set).
enum URLEncoding {
    static func component(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                || "-._~".unicodeScalars.contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }
}

/// Independent tools for expected values (through the shared `ProcessRunner`).
enum IndependentTool {
    /// SHA-256 of `data` as `sha256sum` prints it.
    static func sha256sum(_ data: Data) throws -> String {
        String(try ProcessRunner.runBlocking(["sha256sum", "-"], stdin: data).text.prefix(64))
    }

    /// A ZIP written by Python's `zipfile` to a non-seekable stream (data descriptors, as streaming writers do).
    static func pythonStreamedZip(_ files: [String: Data]) throws -> Data {
        let script = """
            import sys, zipfile, json, base64
            class S:
                def __init__(self, f): self.f = f
                def write(self, b): return self.f.write(b)
                def flush(self): self.f.flush()
            files = json.loads(sys.stdin.read())
            with zipfile.ZipFile(S(sys.stdout.buffer), "w", zipfile.ZIP_DEFLATED) as z:
                for name in sorted(files):
                    z.writestr(name, base64.b64decode(files[name]))
            """
        let payload = try JSONSerialization.data(withJSONObject: files.mapValues { $0.base64EncodedString() })
        return try ProcessRunner.runBlocking(["python3", "-c", script], stdin: payload).stdout
    }
}
