import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager
import OTALocalizationsSync
import OTALocalizationsTooling

/// Benchmark 4: one update cycle of `OTALocalizationService` (default `URLSessionTransport`) against nginx on
/// loopback with 30 modules: the not-modified path and the one-module-changed path, counted from nginx's access log.
/// The device installs full ZIPs (``OTALocalizationSelection/everyLocalization``), the path these figures have always
/// measured; what a device installing slices downloads is the bytes-per-device section.
enum SyncBenchmark {
    static let runs = 7
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
        var published = try publisher.publish()
        let nginx = try BenchNginx(root: www)
        defer { nginx.stop() }
        let storage = scratch.appendingPathComponent("sync-storage", isDirectory: true)

        // Full install, from an empty storage root each time.
        var full: [Double] = []
        var fullBytes = 0
        for _ in 0..<3 {
            try? FileManager.default.removeItem(at: storage)
            let before = nginx.requests().count
            let (seconds, report) = try await cycle(nginx.baseURL, storage: storage)
            guard report.updated == published.modules.count else { throw BenchError("full install: \(report.jsonText())") }
            full.append(seconds * 1000)
            fullBytes = nginx.requests(after: before).reduce(0) { $0 + $1.bytes }
        }

        // Not modified: one conditional GET answered 304.
        var notModified: [Double] = []
        var notModifiedRequests: [Double] = []
        var notModifiedBytes: [Double] = []
        for _ in 0..<runs {
            let before = nginx.requests().count
            let (seconds, report) = try await cycle(nginx.baseURL, storage: storage)
            guard report.manifest == .notModified else { throw BenchError("not-modified path: \(report.jsonText())") }
            let requests = nginx.requests(after: before)
            notModified.append(seconds * 1000)
            notModifiedRequests.append(Double(requests.count))
            notModifiedBytes.append(Double(requests.reduce(0) { $0 + $1.bytes }))
        }

        // One module changed: re-publish with one value of one module edited.
        var changed: [Double] = []
        var changedBytes: [Double] = []
        var expectedBytes: [Double] = []
        var changedRequests: [Double] = []
        var exact = true
        for run in 1...runs {
            let module = Fixtures.moduleName(run)
            try publisher.edit(module: module, revision: run)
            let previous = published
            published = try publisher.publish()
            let changedModules = published.modules.filter { module in !previous.modules.contains { $0.sha256 == module.sha256 } }
            guard changedModules.map(\.name) == [module] else {
                throw BenchError("expected only \(module) to change, got \(changedModules.map(\.name))")
            }
            let before = nginx.requests().count
            let (seconds, report) = try await cycle(nginx.baseURL, storage: storage)
            guard report.updated == 1, report.failed == 0 else { throw BenchError("one-module-changed path: \(report.jsonText())") }
            let requests = nginx.requests(after: before)
            let manifestBytes = try publisher.manifestSize()
            let expectedURIs = ["/\(appVersion)/manifest.json", "/\(appVersion)/\(changedModules[0].path)"]
            exact = exact && requests.map(\.uri) == expectedURIs
            changed.append(seconds * 1000)
            changedBytes.append(Double(requests.reduce(0) { $0 + $1.bytes }))
            changedRequests.append(Double(requests.count))
            expectedBytes.append(Double(manifestBytes) + Double(changedModules[0].size))
        }

        var notModifiedMs = Figure(key: "notModifiedMs", label: "not modified: duration", unit: "ms", samples: notModified)
        notModifiedMs.note = "one conditional GET of manifest.json answered 304"
        let notModifiedCount = Figure(
            key: "notModifiedRequests", label: "not modified: requests", unit: "requests", samples: notModifiedRequests)
        let notModifiedBody = Figure(
            key: "notModifiedBytes", label: "not modified: body bytes sent", unit: "bytes", samples: notModifiedBytes)
        let changedMs = Figure(key: "oneChangedMs", label: "one module changed: duration", unit: "ms", samples: changed)
        var changedBody = Figure(
            key: "oneChangedBytes", label: "one module changed: bytes downloaded", unit: "bytes", samples: changedBytes,
            baseline: .init(label: "manifest.json + that module's ZIP", samples: expectedBytes))
        changedBody.goal = .init(
            text: "manifest + that ZIP and nothing more",
            met: exact && zip(changedBytes, expectedBytes).allSatisfy { $0 == $1 })
        changedBody.note = (exact ? "every run: exactly GET manifest.json, GET <module>.zip" : "other requests were made")
            + "; manifest.json is \(try publisher.manifestSize()) bytes"
        let changedCount = Figure(
            key: "oneChangedRequests", label: "one module changed: requests", unit: "requests", samples: changedRequests)
        var fullMs = Figure(key: "fullInstallMs", label: "first sync (30 modules installed)", unit: "ms", samples: full)
        fullMs.note = "\(fullBytes) bytes downloaded"
        section.figures = [notModifiedMs, notModifiedCount, notModifiedBody, changedMs, changedBody, changedCount, fullMs]
        section.figures += try await signedFigures(
            publisher: publisher, nginx: nginx, storage: storage, unsignedChangedMs: changed, unsignedNotModifiedMs: notModified)
        section.context = [
            ("server", "nginx on 127.0.0.1:\(nginx.port), etag on, counted from its access log"),
            ("client", "OTALocalizationService + URLSessionTransport, in process"),
            ("runs", "\(runs) per path"),
        ]
    }

    /// Runs one cycle of a fresh service (as a launch would) and returns its duration and report.
    static func cycle(
        _ baseURL: URL, storage: URL, trustedKeys: [ManifestPublicKey] = []
    ) async throws -> (Double, OTALocalizationCycleReport) {
        let box = OTALocalizationCycleReportRecorder()
        let service = OTALocalizationService(configuration: OTALocalizationServiceConfiguration(
            baseURL: baseURL, appVersion: appVersion, storageRoot: storage, trustedKeys: trustedKeys,
            localizationSelection: .everyLocalization, reportHandler: box.record))
        let seconds = await Stopwatch.seconds { await service.start() }
        guard let report = box.latest else { throw BenchError("the cycle ended without a report") }
        return (seconds, report)
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
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: result.manifestURL.path)
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: envelopeURL.path)
            // `package` leaves its ZIPs to the kernel's writeback; flush them here, so that the installer's own
            // `fsync` calls in the measured cycle do not pay for the publish (a server and a device are two disks).
            sync()
            return result.manifest
        }

        func edit(module: String, revision: Int) throws {
            let file = repo.appendingPathComponent("Packages/Features/Sources/\(module)/Resources/en.lproj/Localizable.strings")
            try Data(Fixtures.stringsTable(module: module, language: "en", keys: 60, revision: revision).utf8).write(to: file)
        }

        var envelopeURL: URL { www.appendingPathComponent("\(SyncBenchmark.appVersion)/manifest.dsse.json") }

        func manifestSize() throws -> Int {
            let url = www.appendingPathComponent("\(SyncBenchmark.appVersion)/manifest.json")
            return (try url.resourceValues(forKeys: [.fileSizeKey])).fileSize ?? 0
        }
    }
}

