import Foundation
import OTATestSupport
import Testing

/// Two `publish` processes started together, an older and a newer packaging of the same version, to one folder
/// (``ConcurrentFolderPublishTests``) and to one bucket (``S3IntegrationTests/ConcurrentPublishTests``, moto through the
/// real AWS CLI): whichever order their steps take, the newer one is live, and `manifest.json` and `index.json` are
/// both its own (docs/hosting.md, "`ota-localizations publish`").
private enum PublishRace {
    typealias H = SyncHarness

    /// The older packaging (a copy of every file) and the newer one (the publication's version folder).
    struct TwoPackagings {
        let publication: H.Publication
        let older: URL
        var newer: URL { publication.versionFolder }

        init() async throws {
            publication = try H.Publication()
            _ = try await publication.package(publishedAt: "2026-01-01T00:00:00Z")
            older = publication.folder.url.appendingPathComponent("older/1.0.0", isDirectory: true)
            try FileManager.default.createDirectory(at: older.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: publication.versionFolder, to: older)
            try publication.edit("Packages/Features/Sources/Checkout/Resources/de.lproj/Localizable.strings",
                                 replacing: "\"Dein Warenkorb\"", with: "\"Ihr Warenkorb\"")
            _ = try await publication.package(publishedAt: "2026-01-02T00:00:00Z")
        }
    }

    /// Starts `publish` of both folders to `destination` at the same moment and waits for both (on a thread of its
    /// own); returns their exit statuses and standard errors, older first.
    static func race(_ packagings: TwoPackagings, to destination: String, environment: [String: String]) async throws -> [(Int32, String)] {
        let folders = [packagings.older, packagings.newer]
        return try await OwnThread.run { try racing(folders, to: destination, environment: environment) }
    }

    private static func racing(_ folders: [URL], to destination: String, environment: [String: String]) throws -> [(Int32, String)] {
        let processes = folders.map { folder -> (Process, Pipe) in
            let process = Process()
            process.executableURL = TestPaths.cliExecutable
            process.arguments = ["publish", folder.path, "--to", destination]
            process.environment = environment
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            return (process, errors)
        }
        for (process, _) in processes { try process.run() }
        return processes.map { process, errors in
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }
    }

    /// The older publish either ran first (exit 0) or was refused as older than the live one (exit 1); the newer
    /// one always succeeded.
    static func checkStatuses(_ statuses: [(Int32, String)]) {
        let (older, newer) = (statuses[0], statuses[1])
        #expect(newer.0 == 0, "\(newer.1)")
        #expect(older.0 == 0 || (older.0 == 1 && older.1.contains("later than this one")), "\(older.1)")
    }
}

/// The race to one folder: no server, so it runs beside every other suite.
@Suite struct ConcurrentFolderPublishTests {
    typealias H = SyncHarness

    @Test func toAFolderTheNewerPublishIsAlwaysLive() async throws {
        let packagings = try await PublishRace.TwoPackagings()
        for round in 0..<4 {
            let destination = packagings.publication.folder.url.appendingPathComponent("www\(round)", isDirectory: true)
            try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
            let statuses = try await PublishRace.race(packagings, to: destination.path, environment: ProcessInfo.processInfo.environment)
            PublishRace.checkStatuses(statuses)
            let live = destination.appendingPathComponent(H.appVersion)
            for name in ["manifest.json", "index.json"] {
                #expect(try Data(contentsOf: live.appendingPathComponent(name)) == Data(contentsOf: packagings.newer.appendingPathComponent(name)),
                        "round \(round): \(name)")
            }
            let verify = try await H.cli(["verify", live.path])
            #expect(verify.status == 0, "round \(round): \(verify.stdout)\(verify.stderr)")
        }
    }
}

extension S3IntegrationTests {
    /// The race to one bucket.
    @Suite struct ConcurrentPublishTests {
        typealias H = SyncHarness

        @Test func toABucketTheNewerPublishIsAlwaysLive() async throws {
            let packagings = try await PublishRace.TwoPackagings()
            let moto = try await MotoServer.session()
            try await moto.createPublicBucket("strings")
            for round in 0..<2 {
                let statuses = try await PublishRace.race(packagings, to: "s3://strings/round\(round)", environment: moto.environment)
                PublishRace.checkStatuses(statuses)
                for name in ["manifest.json", "index.json"] {
                    await #expect(try moto.get("strings", "round\(round)/\(H.appVersion)/\(name)") == Data(contentsOf: packagings.newer.appendingPathComponent(name)),
                            "round \(round): \(name)\n\(statuses.map { "\($0.0): \($0.1)" }.joined(separator: "\n---\n"))")
                }
                let verify = try await ExternalTool.run(
                    TestPaths.cliExecutable.path, ["verify", "s3://strings/round\(round)/\(H.appVersion)"], environment: moto.environment)
                #expect(verify.status == 0, "round \(round): \(verify.stdout)\(verify.stderr)")
            }
        }
    }
}
