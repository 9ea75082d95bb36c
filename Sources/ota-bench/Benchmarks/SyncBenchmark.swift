import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTALocalizationsPublishing
import OTALocalizationsPackager
import OTALocalizationsSync
import OTALocalizationsTooling

/// Benchmark 4: one update cycle of `OTALocalizationService` (default `URLSessionTransport`) against nginx on
/// loopback with 30 modules: the not-modified path and the one-module-changed path, counted from nginx's access log.
/// The device installs full ZIPs (``OTALocalizationSelection/everyLocalization``), the path these figures have always
/// measured; what a device installing slices downloads is the bytes-per-device section.
enum SyncBenchmark {
    static let runs = 7
    /// `304` cycles are cheap: more of them, for a steadier median.
    static let inProcessRuns = 31
    static let appVersion = "1.0.0"

    static func run(monorepo: URL?, scratch: URL) async -> Section {
        var section = Section(key: "sync", title: "One sync cycle against nginx on loopback, 30 modules")
        guard BenchNginx.executable != nil else {
            section.skipped = "nginx is not installed (apt-get install -y nginx; .ci/run installs it)"
            return section
        }
        guard let monorepo else {
            section.skipped = "the generated monorepo could not be packaged (see packaging)"
            return section
        }
        do {
            try await measure(monorepo: monorepo, scratch: scratch, section: &section)
        } catch {
            section.skipped = "failed: \(error)"
        }
        return section
    }

    private static func measure(monorepo: URL, scratch: URL, section: inout Section) async throws {
        let repo = scratch.appendingPathComponent("sync-repo", isDirectory: true)
        try? FileManager.default.removeItem(at: repo)
        try FileManager.default.copyItem(at: monorepo, to: repo)
        let www = scratch.appendingPathComponent("sync-www", isDirectory: true)
        let publisher = Publisher(repo: repo, www: www)
        let published = try publisher.publish()
        let nginx = try BenchNginx(root: www)
        defer { nginx.stop() }
        let storage = scratch.appendingPathComponent("sync-storage", isDirectory: true)

        let full = try await fullInstalls(nginx, storage: storage, modules: published.modules.count)
        // Not modified, the first cycle of a launch (a fresh service: every installed folder gets the full check).
        var firstAfterLaunch: [Double] = []
        for _ in 0..<runs {
            let (seconds, report) = try await cycle(nginx.baseURL, storage: storage)
            guard report.manifest == .notModified else { throw BenchError("not-modified path: \(report.jsonText())") }
            firstAfterLaunch.append(seconds * 1000)
        }
        // Not modified, a cycle after the first in the process: one conditional GET answered 304, the folders'
        // cheap check, nothing written; beside it the same conditional GET through URLSessionTransport alone.
        let inProcess = try await notModifiedInProcess(nginx, storage: storage, selection: .everyLocalization)
        let changed = try await oneModuleChanged(publisher, nginx, storage: storage, published: published)

        section.figures = try figures(full: full, firstAfterLaunch: firstAfterLaunch, inProcess: inProcess, changed: changed, publisher)
        section.figures += try await slicedFigures(scratch: scratch)
        section.figures += try await signedFigures(
            publisher: publisher, nginx: nginx, storage: storage, unsignedChangedMs: changed.durations,
            unsignedNotModifiedMs: firstAfterLaunch)
        section.context = [
            ("server", "nginx on 127.0.0.1:\(nginx.port), etag on, counted from its access log"),
            ("client", "OTALocalizationService + URLSessionTransport, in process"),
            ("runs", "\(runs) per path"),
        ]
    }

    /// Full installs of `modules` modules, each from an empty storage root: their durations, and the bytes the
    /// last one downloaded (nginx's log).
    private static func fullInstalls(_ nginx: BenchNginx, storage: URL, modules: Int) async throws -> (durations: [Double], bytes: Int) {
        var durations: [Double] = []
        var bytes = 0
        for _ in 0..<3 {
            try? FileManager.default.removeItem(at: storage)
            let before = nginx.requests().count
            let (seconds, report) = try await cycle(nginx.baseURL, storage: storage)
            guard report.updated == modules else { throw BenchError("full install: \(report.jsonText())") }
            durations.append(seconds * 1000)
            bytes = nginx.requests(after: before).reduce(0) { $0 + $1.bytes }
        }
        return (durations, bytes)
    }

    /// `runs` cycles that each follow a re-publish with one value of one module edited: what each cost, beside what
    /// it should have downloaded.
    struct OneChanged {
        var durations: [Double] = []
        var bytes: [Double] = []
        /// The root, the index parts whose hash changed and the changed module's ZIP, in bytes.
        var expectedBytes: [Double] = []
        var requests: [Double] = []
        /// Whether every cycle requested exactly the expected files.
        var exact = true
    }

    /// Edits, re-publishes and syncs `runs` times, one module at a time, starting from `published`.
    private static func oneModuleChanged(
        _ publisher: Publisher, _ nginx: BenchNginx, storage: URL, published: Manifest
    ) async throws -> OneChanged {
        var published = published
        var result = OneChanged()
        for run in 1...runs {
            let module = Fixtures.moduleName(run)
            try publisher.edit(module: module, revision: run)
            let previous = published
            let previousIndex = try publisher.index()
            published = try publisher.publish()
            let changedModules = published.modules.filter { module in !previous.modules.contains { $0.sha256 == module.sha256 } }
            guard changedModules.map(\.name) == [module] else {
                throw BenchError("expected only \(module) to change, got \(changedModules.map(\.name))")
            }
            let before = nginx.requests().count
            let (seconds, report) = try await cycle(nginx.baseURL, storage: storage)
            guard report.updated == 1, report.failed == 0 else { throw BenchError("one-module-changed path: \(report.jsonText())") }
            let requests = nginx.requests(after: before)
            let index = try publisher.index()
            // A full-ZIP device reads the base and full parts: those of them whose hash changed are new to it.
            let newParts = [index.parts.base, index.parts.full].filter { part in
                ![previousIndex.parts.base, previousIndex.parts.full].contains { $0.sha256 == part.sha256 }
            }
            let expectedURIs = ["/\(appVersion)/index.json"] + newParts.map { "/\(appVersion)/\($0.path)" }
                + ["/\(appVersion)/\(changedModules[0].path)"]
            let manifestBytes = try publisher.size("index.json") + newParts.reduce(0) { $0 + Int($1.size) }
            result.exact = result.exact && requests.map(\.uri).sorted() == expectedURIs.sorted()
            result.durations.append(seconds * 1000)
            result.bytes.append(Double(requests.reduce(0) { $0 + $1.bytes }))
            result.requests.append(Double(requests.count))
            result.expectedBytes.append(Double(manifestBytes) + Double(changedModules[0].size))
        }
        return result
    }

    /// The section's unsigned, full-ZIP figures, in the order the report lists them.
    private static func figures(
        full: (durations: [Double], bytes: Int), firstAfterLaunch: [Double], inProcess: InProcess, changed: OneChanged,
        _ publisher: Publisher
    ) throws -> [Figure] {
        let notModified = inProcess.cycles
        var notModifiedMs = Figure(
            key: "notModifiedMs", label: "not modified, a cycle after the first in the process: duration", unit: "ms",
            samples: notModified, baseline: .init(label: "the conditional GET alone (URLSessionTransport)", samples: inProcess.baseline))
        notModifiedMs.goal = .init(text: "within 1.5× of the conditional GET alone", met: median(notModified) <= 1.5 * median(inProcess.baseline))
        notModifiedMs.note = "one conditional GET of index.json answered 304; the installed folders' lstat check"
        var firstMs = Figure(
            key: "notModifiedFirstMs", label: "not modified, the first cycle after a launch (full ZIPs): duration", unit: "ms",
            samples: firstAfterLaunch)
        firstMs.note = "every installed file read and hashed once (the full check, once per process)"
        let notModifiedCount = Figure(
            key: "notModifiedRequests", label: "not modified: requests", unit: "requests", samples: inProcess.requests)
        let notModifiedBody = Figure(
            key: "notModifiedBytes", label: "not modified: body bytes sent", unit: "bytes", samples: inProcess.bytes)
        let changedMs = Figure(key: "oneChangedMs", label: "one module changed: duration", unit: "ms", samples: changed.durations)
        var changedBody = Figure(
            key: "oneChangedBytes", label: "one module changed: bytes downloaded", unit: "bytes", samples: changed.bytes,
            baseline: .init(label: "index.json + the parts that changed + that module's ZIP", samples: changed.expectedBytes))
        changedBody.goal = .init(
            text: "the root, the parts that changed and that ZIP, nothing more",
            met: changed.exact && zip(changed.bytes, changed.expectedBytes).allSatisfy { $0 == $1 })
        changedBody.note = (changed.exact ? "every run: exactly GET index.json, the base and full parts whose hash changed, GET <module>.zip" : "other requests were made")
            + "; index.json is \(try publisher.size("index.json")) bytes, manifest.json (format 1) \(try publisher.size("manifest.json"))"
        let changedCount = Figure(
            key: "oneChangedRequests", label: "one module changed: requests", unit: "requests", samples: changed.requests)
        var fullMs = Figure(key: "fullInstallMs", label: "first sync (30 modules installed)", unit: "ms", samples: full.durations)
        fullMs.note = "\(full.bytes) bytes downloaded"
        return [notModifiedMs, firstMs, notModifiedCount, notModifiedBody, changedMs, changedBody, changedCount, fullMs]
    }

    /// Runs one cycle of a fresh service (as a launch would) and returns its duration and report.
    static func cycle(
        _ baseURL: URL, storage: URL, trustedKeys: [ManifestPublicKey] = [], selection: OTALocalizationSelection = .everyLocalization
    ) async throws -> (Double, OTALocalizationCycleReport) {
        let box = OTALocalizationCycleReportRecorder()
        let service = OTALocalizationService(configuration: OTALocalizationServiceConfiguration(
            baseURL: baseURL, appVersion: appVersion, storageRoot: storage, trustedKeys: trustedKeys,
            localizationSelection: selection, reportHandler: box.record))
        let seconds = await Stopwatch.seconds { await service.start() }
        guard let report = box.latest else { throw BenchError("the cycle ended without a report") }
        return (seconds, report)
    }

    /// `inProcessRuns` `304` cycles of one service after its first (the launch's), each followed by the same
    /// conditional GET through `URLSessionTransport` alone (interleaved, so both see the same machine); request
    /// counts and bytes of the cycles from nginx's log.
    static func notModifiedInProcess(
        _ nginx: BenchNginx, storage: URL, selection: OTALocalizationSelection
    ) async throws -> InProcess {
        let baseURL = nginx.baseURL
        let box = OTALocalizationCycleReportRecorder()
        let service = OTALocalizationService(configuration: OTALocalizationServiceConfiguration(
            baseURL: baseURL, appVersion: appVersion, storageRoot: storage, localizationSelection: selection, reportHandler: box.record))
        await service.start()
        guard box.latest?.manifest == .notModified else { throw BenchError("the launch's cycle: \(box.latest?.jsonText() ?? "none")") }
        let state = try JSONSerialization.jsonObject(with: Data(contentsOf: storage.appendingPathComponent("\(appVersion)/state.json"))) as? [String: Any]
        let etag = state?["etag"] as? String ?? ""
        let transport = URLSessionTransport()
        let url = baseURL.appendingPathComponent(appVersion).appendingPathComponent("index.json")
        var result = InProcess()
        for _ in 0..<inProcessRuns {
            let before = nginx.requests().count
            let seconds = await Stopwatch.seconds { await service.start() }
            guard box.latest?.manifest == .notModified else { throw BenchError("not-modified path: \(box.latest?.jsonText() ?? "none")") }
            result.cycles.append(seconds * 1000)
            let requests = nginx.requests(after: before)
            result.requests.append(Double(requests.count))
            result.bytes.append(Double(requests.reduce(0) { $0 + $1.bytes }))
            result.baseline.append(try await Stopwatch.seconds {
                let response = try await transport.get(
                    url, headers: ["If-None-Match": etag], timeout: OTALocalizationServiceConfiguration.defaultRequestTimeout,
                    maximumBytes: 1 << 20)
                guard response.statusCode == 304 else { throw BenchError("the baseline GET got \(response.statusCode)") }
            } * 1000)
        }
        return result
    }

    /// `304` cycles after the first in one process: each one's duration, requests and body bytes (nginx's log), and
    /// the durations of the bare conditional GETs.
    struct InProcess {
        var cycles: [Double] = []
        var requests: [Double] = []
        var bytes: [Double] = []
        var baseline: [Double] = []
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// Packages the monorepo copy into the served folder, signed by ``signingKey``; every publish gets a newer
    /// `publishedAt` and a manifest (and envelope) modification time one second later (nginx's ETag is
    /// `<mtime>-<size>`).
    final class Publisher {
        let repo: URL
        let www: URL
        let signingKey = ManifestSigningKey.generate()
        private var count = 0

        init(repo: URL, www: URL) {
            self.repo = repo
            self.www = www
        }

        func publish() throws -> Manifest {
            count += 1
            let date = Date(timeIntervalSince1970: 1_780_000_000 + TimeInterval(count))
            let result = try Packager.package(PackageOptions(
                repositoryRoot: repo, appVersion: SyncBenchmark.appVersion, outputDirectory: www, publishedAt: date,
                signingKeys: [signingKey]))
            for name in ["manifest.json", "manifest.dsse.json", "index.json", "index.dsse.json"] {
                try FileManager.default.setAttributes(
                    [.modificationDate: date], ofItemAtPath: www.appendingPathComponent("\(SyncBenchmark.appVersion)/\(name)").path)
            }
            // `package` leaves its ZIPs to the kernel's writeback; flush them here, so that the installer's own
            // `fsync` calls in the measured cycle do not pay for the publish (a server and a device are two disks).
            sync()
            return result.manifest
        }

        func edit(module: String, revision: Int) throws {
            let file = repo.appendingPathComponent("Packages/Features/Sources/\(module)/Resources/en.lproj/Localizable.strings")
            try Data(Fixtures.stringsTable(module: module, language: "en", keys: 60, revision: revision).utf8).write(to: file)
        }

        var envelopeURL: URL { www.appendingPathComponent("\(SyncBenchmark.appVersion)/index.dsse.json") }

        /// The size of `name` in the published version folder.
        func size(_ name: String) throws -> Int {
            let url = www.appendingPathComponent("\(SyncBenchmark.appVersion)/\(name)")
            return (try url.resourceValues(forKeys: [.fileSizeKey])).fileSize ?? 0
        }

        /// The published index's root.
        func index() throws -> ManifestIndex {
            try ManifestIndex(bytes: Data(contentsOf: www.appendingPathComponent("\(SyncBenchmark.appVersion)/index.json")))
        }
    }
}

