import Foundation
import OTALocalizationsTooling
import OTATestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A publish killed with SIGKILL at several moments, to moto (through the real AWS CLI,
/// ``S3IntegrationTests/PublishKillTests``) and to a local folder (``FolderPublishKillTests``): every manifest in the
/// destination must list only ZIPs that are there with their size, and must be the old manifest or the new one, byte
/// for byte.
enum PublishKill {
    typealias H = SyncHarness

    /// A first publish (`old`, a folder holding only its manifest and ZIPs) and the version folder of a second one
    /// in which two modules changed (`new`).
    struct TwoPublishes {
        let publication: H.Publication
        let old: URL
        var new: URL { publication.versionFolder }

        init() async throws {
            publication = try H.Publication()
            let modules = try await publication.package(publishedAt: "2026-01-01T00:00:00Z")
            old = publication.folder.url.appendingPathComponent("old/1.0.0", isDirectory: true)
            try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true)
            for name in try publication.files() + ["manifest.json"] {
                try FileManager.default.copyItem(at: publication.versionFolder.appendingPathComponent(name), to: old.appendingPathComponent(name))
            }
            try publication.edit("Packages/Features/Sources/Checkout/Resources/de.lproj/Localizable.strings",
                                 replacing: "\"Dein Warenkorb\"", with: "\"Ihr Warenkorb\"")
            try publication.edit("Packages/Features/Sources/Profile/Resources/fr.lproj/Localizable.strings",
                                 replacing: "\"Profil\"", with: "\"Mon profil\"")
            let changed = try await publication.package(publishedAt: "2026-01-02T00:00:00Z").filter { !modules.contains($0) }
            guard changed.count == 2 else { throw ToolFailureText("expected two changed modules, got \(changed.map(\.name))") }
        }

        func manifest(_ folder: URL) throws -> Data { try Data(contentsOf: folder.appendingPathComponent("manifest.json")) }
    }

    /// Runs `ota-localizations <arguments>` and sends SIGKILL to it (not to the `aws` it runs) once it has printed
    /// `lines` progress lines on standard error; returns whether it was killed before it finished. The process is
    /// followed on a thread of its own. Its environment also holds ``runVariable``, set to its arguments, so that
    /// ``waitForProcesses(mentioning:)`` finds what it started even where their arguments do not name it (an AWS CLI
    /// session reads its commands from a pipe).
    static func runKilled(after lines: Int, _ arguments: [String], environment: [String: String]) async throws -> Bool {
        try await OwnThread.run { try runKilledBlocking(after: lines, arguments, environment: environment) }
    }

    private static func runKilledBlocking(after lines: Int, _ arguments: [String], environment: [String: String]) throws -> Bool {
        let process = Process()
        process.executableURL = TestPaths.cliExecutable
        process.arguments = arguments
        process.environment = environment.merging([runVariable: arguments.joined(separator: " ")]) { _, run in run }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var seen = 0
        while seen < lines {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += chunk.filter { $0 == UInt8(ascii: "\n") }.count
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? errors.fileHandleForReading.close()
        return process.terminationReason == .uncaughtSignal
    }

    /// Runs `ota-localizations <arguments>` and sends SIGKILL to it once `folder` holds an entry it did not hold when
    /// the run started (an AWS CLI scratch folder: the kill then lands while the AWS CLI runs); returns whether it was
    /// killed before it finished. Polls every millisecond on a thread of its own.
    static func runKilled(whenNewEntryIn folder: URL, _ arguments: [String], environment: [String: String]) async throws -> Bool {
        try await OwnThread.run {
            let before = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            let process = Process()
            process.executableURL = TestPaths.cliExecutable
            process.arguments = arguments
            process.environment = environment.merging([runVariable: arguments.joined(separator: " ")]) { _, run in run }
            process.standardError = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            while process.isRunning {
                let now = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                if !now.subtracting(before).isEmpty {
                    kill(process.processIdentifier, SIGKILL)
                    break
                }
                usleep(1_000)
            }
            process.waitUntilExit()
            return process.terminationReason == .uncaughtSignal
        }
    }

    /// The environment variable ``runKilled(after:_:environment:)`` sets to the arguments of the run it kills.
    static let runVariable = "OTA_TEST_KILLED_RUN"

    /// Waits up to a minute until no other process has `marker` in its arguments or its environment (the orphaned
    /// `aws`, or AWS CLI session, of a killed publish); returns whether none is left.
    @discardableResult
    static func waitForProcesses(mentioning marker: String) async -> Bool {
        let needle = Data(marker.utf8)
        return await Poll.until(upTo: 60) {
            let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return !pids.contains { name in
                guard name.allSatisfy(\.isNumber), Int32(name) != getpid() else { return false }
                return ["cmdline", "environ"].contains { file in
                    FileManager.default.contents(atPath: "/proc/\(name)/\(file)")?.range(of: needle) != nil
                }
            }
        }
    }

    /// Every manifest file among `objects` (name to bytes) lists only files of `sizes` with their size.
    static func expectConsistent(manifests: [String: Data], sizes: [String: Int], oldOrNew: [Data], moment: Int,
                                  sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(manifests["manifest.json"] != nil, "moment \(moment): the old manifest is gone", sourceLocation: sourceLocation)
        for (name, bytes) in manifests {
            #expect(oldOrNew.contains(bytes), "moment \(moment): \(name) is neither the old nor the new manifest", sourceLocation: sourceLocation)
            let object = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any], sourceLocation: sourceLocation)
            for module in object["modules"] as? [[String: Any]] ?? [] {
                let path = module["path"] as? String ?? ""
                #expect(sizes[path] == module["size"] as? Int, "moment \(moment): \(name) lists \(path), which is \(sizes[path].map(String.init) ?? "missing")",
                        sourceLocation: sourceLocation)
            }
        }
    }

    /// After 1 and 2 progress lines: during the two ZIP uploads; 4: during the checks; 7: during the manifest's upload.
    static let moments = [1, 2, 4, 7]
}

extension S3IntegrationTests {
    @Suite struct PublishKillTests {
        typealias H = SyncHarness

        @Test func killedPublishToS3NeverLeavesAManifestListingAMissingZIP() async throws {
            let moto = try await MotoServer.session()
            let publishes = try await PublishKill.TwoPublishes()
            let (oldManifest, newManifest) = (try publishes.manifest(publishes.old), try publishes.manifest(publishes.new))
            var killedCount = 0
            func state(_ bucket: String) async throws -> (manifests: [String: Data], sizes: [String: Int]) {
                let sizes = try await moto.sizes(bucket, prefix: "ios/1.0.0/")
                var names: [String: Int] = [:]
                for (key, size) in sizes { names[String(key.dropFirst("ios/1.0.0/".count))] = size }
                var manifests: [String: Data] = [:]
                for name in names.keys where name.hasPrefix("manifest") && name.hasSuffix(".json") {
                    manifests[name] = try await moto.get(bucket, "ios/1.0.0/\(name)")
                }
                return (manifests, names)
            }
            for moment in PublishKill.moments {
                let bucket = "ota-kill-\(moment)"
                try await moto.createPublicBucket(bucket)
                try await moto.awsOK(["s3", "cp", publishes.old.path, "s3://\(bucket)/ios/1.0.0/", "--recursive", "--only-show-errors"])
                let killed = try await PublishKill.runKilled(after: moment, ["publish", publishes.new.path, "--to", "s3://\(bucket)/ios"], environment: moto.environment)
                if killed { killedCount += 1 }
                var now = try await state(bucket)
                try PublishKill.expectConsistent(manifests: now.manifests, sizes: now.sizes, oldOrNew: [oldManifest, newManifest], moment: moment)
                await PublishKill.waitForProcesses(mentioning: bucket)
                now = try await state(bucket)
                try PublishKill.expectConsistent(manifests: now.manifests, sizes: now.sizes, oldOrNew: [oldManifest, newManifest], moment: moment)
            }
            // Publishing again completes what a killed run started (once: each run costs a dozen `aws` processes).
            let bucket = "ota-kill-\(PublishKill.moments[1])"
            let again = try await ExternalTool.run(TestPaths.cliExecutable.path, ["publish", publishes.new.path, "--to", "s3://\(bucket)/ios", "--quiet"],
                                             environment: moto.environment)
            #expect(again.status == 0, "\(again.stderr)")
            await #expect(try state(bucket).manifests == ["manifest.json": newManifest])
            #expect(killedCount >= PublishKill.moments.count - 1, "only \(killedCount) of the publishes were killed before they ended")
        }
    }
}

/// The kills of a publish to a folder: no server, so it runs beside every other suite.
@Suite struct FolderPublishKillTests {
    typealias H = SyncHarness

    @Test func killedPublishToAFolderNeverLeavesAManifestListingAMissingZIP() async throws {
        let publishes = try await PublishKill.TwoPublishes()
        let (oldManifest, newManifest) = (try publishes.manifest(publishes.old), try publishes.manifest(publishes.new))
        func state(_ folder: URL) throws -> (manifests: [String: Data], sizes: [String: Int]) {
            var sizes: [String: Int] = [:]
            var manifests: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                let data = try Data(contentsOf: folder.appendingPathComponent(name))
                sizes[name] = data.count
                if name.hasPrefix("manifest"), name.hasSuffix(".json") { manifests[name] = data }
            }
            return (manifests, sizes)
        }
        for moment in 0...7 {
            let destination = publishes.publication.folder.url.appendingPathComponent("www-\(moment)", isDirectory: true)
            try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: publishes.old, to: destination.appendingPathComponent("1.0.0"))
            _ = try await PublishKill.runKilled(after: moment, ["publish", publishes.new.path, "--to", destination.path], environment: ProcessInfo.processInfo.environment)
            let version = destination.appendingPathComponent("1.0.0")
            let now = try state(version)
            try PublishKill.expectConsistent(manifests: now.manifests, sizes: now.sizes, oldOrNew: [oldManifest, newManifest], moment: moment)
            #expect(try await ExternalTool.run(TestPaths.cliExecutable.path, ["publish", publishes.new.path, "--to", destination.path, "--quiet"]).status == 0)
            #expect(try state(version).manifests == ["manifest.json": newManifest])
            // The temporary files of the killed run are gone too.
            #expect(try FileManager.default.contentsOfDirectory(atPath: version.path).filter { $0.hasPrefix(".") } == [])
        }
    }
}
