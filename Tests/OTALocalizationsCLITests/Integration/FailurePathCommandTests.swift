import Foundation
import OTATestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension NginxIntegrationTests {
    /// The built CLI against nginx on the failure paths: a trickling server, and `delete` (or a `sync` running the
    /// kill switch) killed with SIGKILL in the middle.
    @Suite struct FailurePathCommandTests {
        typealias H = SyncHarness

        @Test(HangLimit.tenMinutes)
        func aSyncAgainstATricklingServerEndsAtTheRequestDeadline() async throws {
            let site = try H.ExampleSite()
            defer { site.remove() }
            try await site.publish(at: "2026-01-01T00:00:00Z")
            let started = Date()
            let (result, report) = try await H.sync(site.server.trickleBaseURL, into: site.storage.url, timeout: "30",
                                              extraArguments: ["--request-deadline", "2"])
            let seconds = Date().timeIntervalSince(started)
            #expect(result.status == 1)
            #expect(report["manifest"] as? String == "failed")
            #expect(report["error"] as? String == "manifest download failed: timed-out: no complete response within 2 s (maximumRequestSeconds)")
            #expect(seconds >= 2 && seconds < 25, "ended by the deadline, not by the 30 s idle timeout (\(seconds) s)")
            // The failed cycle's report, kept for the QA snapshot, is the one thing it writes.
            #expect(H.entries(site.storage.url).filter { $0 != ".ota-localizations.lock" } == [".ota-cycle-reports.json"])
        }

        @Test(HangLimit.tenMinutes)
        func deleteStopsASyncStuckOnATricklingServer() async throws {
            let site = try H.ExampleSite()
            defer { site.remove() }
            let published = try await site.publish(at: "2026-01-01T00:00:00Z")
            #expect(try await H.sync(site.server.baseURL, into: site.storage.url).result.status == 0)
            try site.publication.edit("Packages/Features/Sources/Checkout/Resources/de.lproj/Localizable.strings",
                                      replacing: "Warenkorb", with: "Einkaufswagen")
            try await site.publish(at: "2026-01-02T00:00:00Z")

            // A sync whose manifest request trickles for ever (deadlines far away) holds the lock.
            let sync = try Self.start(["sync", "--base-url", site.server.trickleBaseURL, "--app-version", H.appVersion,
                                       "--into", site.storage.path, "--request-deadline", "600", "--cycle-deadline", "600"])
            defer { if sync.isRunning { kill(sync.processIdentifier, SIGKILL) } }
            #expect(await Poll.until(upTo: 30) {
                StorageLockHolder.pid(site.storage.url) == sync.processIdentifier && site.server.responsesInProgress() > 0
            })

            let delete = try await H.cli(["delete", "--into", site.storage.path])

            #expect(delete.status == 0, "\(delete.stderr)")
            // What the kill switch keeps: the first sync made them.
            #expect(H.entries(site.storage.url) == [".ota-anti-rollback.json", ".ota-install-id"])
            await OwnThread.waitUntilExit(sync)
            #expect(sync.terminationStatus == 1)
            #expect(try await H.sync(site.server.baseURL, into: site.storage.url).result.status == 0)
            #expect(published.count == 4)
        }

        /// `delete` (even iterations) or a `sync` running the kill switch for a `delete` (odd ones) is killed with
        /// SIGKILL at a random moment; whatever is left, every `current` names a complete folder, and the next
        /// `sync` installs everything and removes the leftovers.
        @Test(HangLimit.tenMinutes)
        func aKilledDeleteOrKillSwitchNeverLeavesAHalfBundle() async throws {
            let repository = try Self.largeRepository(modules: 24)
            defer { repository.remove() }
            let server = try NginxServer(slowBytesPerSecond: 40_000)
            defer { server.stop() }
            let publication = try H.Publication(copying: repository.url)
            let storage = try TemporaryDirectory("root")
            defer { storage.remove() }
            let published = try await publication.package(publishedAt: "2026-01-01T00:00:00Z")
            try server.publish(publication.output)
            var expected: [String: [String: String]] = [:]
            for module in published {
                let extracted = try await H.unzipped(publication.versionFolder.appendingPathComponent(module.path))
                expected[module.sha256] = try H.expectedInstall(of: extracted.url)
                extracted.remove()
            }

            var generator = SplitMix64(seed: 0xDE1E7E)
            var killedMidDelete = 0
            for iteration in 0..<20 {
                let (synced, report) = try await H.sync(server.baseURL, into: storage.url)
                try #require(synced.status == 0 && report["failed"] as? Int == 0, "iteration \(iteration): \(synced.stdout) \(synced.stderr)")
                try Self.expectEveryCurrentComplete(storage.url, expected, iteration: iteration)
                #expect(H.entries(storage.url.appendingPathComponent("\(H.appVersion)/modules")).count == published.count)
                #expect(!H.entries(storage.url).contains { $0.hasPrefix(".ota-trash-") }, "iteration \(iteration): trash left")

                if iteration % 2 == 0 {
                    // Killed by an event, not a time: once the delete has begun (the first entry renamed to trash),
                    // after a further 0 to 2 ms, so that kills land at different steps of the delete however busy the
                    // machine is.
                    let delete = try Self.start(["delete", "--into", storage.path])
                    let root = storage.url
                    await OwnThread.kill(delete, when: { H.entries(root).contains { $0.hasPrefix(".ota-trash-") } },
                                         after: UInt32(generator.next() % 2_000))
                    // What the delete pulled stays pulled: the same content published again, later, installs.
                    try await publication.package(publishedAt: Self.publishDate(2 * iteration + 2))
                    try server.publish(publication.output)
                } else {
                    // The kill switch inside a sync: a delete asks the syncing process to stop and delete; both are
                    // killed shortly after.
                    try publication.edit(Self.tablePath(iteration % 24, "de"), replacing: "Wert", with: "Wert \(iteration)")
                    let edited = try await publication.package(publishedAt: Self.publishDate(2 * iteration + 1))
                    try server.publish(publication.output)
                    // The sync may install the edited module before it is killed: that complete folder is allowed too.
                    for module in edited where expected[module.sha256] == nil {
                        let extracted = try await H.unzipped(publication.versionFolder.appendingPathComponent(module.path))
                        expected[module.sha256] = try H.expectedInstall(of: extracted.url)
                        extracted.remove()
                    }
                    let sync = try Self.start(["sync", "--base-url", server.slowBaseURL, "--app-version", H.appVersion,
                                               "--into", storage.path])
                    _ = await Poll.until(upTo: 10) { StorageLockHolder.pid(storage.url) == sync.processIdentifier }
                    let delete = try Self.start(["delete", "--into", storage.path])
                    await OwnThread.kill(sync, after: UInt32(generator.next() % 200_000))
                    await OwnThread.kill(delete)
                    try publication.edit(Self.tablePath(iteration % 24, "de"), replacing: "Wert \(iteration)", with: "Wert")
                    try await publication.package(publishedAt: Self.publishDate(2 * iteration + 2))
                    try server.publish(publication.output)
                }
                if H.entries(storage.url).contains(where: { $0.hasPrefix(".ota-trash-") }) { killedMidDelete += 1 }
                try Self.expectEveryCurrentComplete(storage.url, expected, iteration: iteration)
            }
            let (final, _) = try await H.sync(server.baseURL, into: storage.url)
            #expect(final.status == 0)
            try await H.expectInstalled(published, from: publication.versionFolder, into: storage.url)
            #expect(!H.entries(storage.url).contains { $0.hasPrefix(".ota-trash-") })
            // Kills must land while something was being deleted, or the test proves little: the even iterations kill
            // a delete that has begun, so most of their ten kills leave trash.
            #expect(killedMidDelete >= 3, "only \(killedMidDelete) kills landed while a delete was removing files")
            print("aKilledDeleteOrKillSwitchNeverLeavesAHalfBundle: \(killedMidDelete) of 20 kills left trash")
        }

        // MARK: Helpers

        private static func start(_ arguments: [String]) throws -> Process {
            let process = Process()
            process.executableURL = TestPaths.cliExecutable
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }

        /// `2026-01-01T01:MM:SSZ`, `seconds` after 01:00.
        private static func publishDate(_ seconds: Int) -> String {
            let minutes = String(repeating: "0", count: seconds / 60 < 10 ? 1 : 0) + String(seconds / 60)
            let rest = String(repeating: "0", count: seconds % 60 < 10 ? 1 : 0) + String(seconds % 60)
            return "2026-01-01T01:\(minutes):\(rest)Z"
        }

        private static func tablePath(_ module: Int, _ localization: String) -> String {
            "Packages/Features/Sources/Feature\(module)/Resources/\(localization).lproj/Localizable.strings"
        }

        /// A repository of `modules` feature modules, six localizations each, two tables per localization.
        private static func largeRepository(modules: Int) throws -> TemporaryDirectory {
            let repository = try TemporaryDirectory("large")
            for module in 0..<modules {
                for localization in ["en", "de", "fr", "es", "it", "ja"] {
                    let folder = "Packages/Features/Sources/Feature\(module)/Resources/\(localization).lproj"
                    var lines = ""
                    for key in 0..<40 { lines += "\"feature\(module).key\(key)\" = \"\(localization) Wert \(key)\";\n" }
                    try repository.write("\(folder)/Localizable.strings", lines)
                    try repository.write("\(folder)/Settings.strings", "\"settings.title\" = \"\(localization) Wert\";\n")
                }
            }
            return repository
        }

        /// Every `current` that names a folder names a complete one (its ZIP's files and seal, byte for byte), and
        /// the storage root holds only the documented entries and trash.
        private static func expectEveryCurrentComplete(
            _ root: URL, _ trees: [String: [String: String]], iteration: Int
        ) throws {
            let allowed: Set<String> = [
                ".ota-localizations.lock", ".ota-localizations-root.json", ".ota-install-id", ".ota-anti-rollback.json",
                ".ota-cycle-reports.json", H.appVersion,
            ]
            for entry in H.entries(root) {
                #expect(allowed.contains(entry) || entry.hasPrefix(".ota-trash-"), "iteration \(iteration): \(entry) at the root")
            }
            let modules = root.appendingPathComponent("\(H.appVersion)/modules")
            for module in H.entries(modules) {
                let pointer = modules.appendingPathComponent("\(module)/current")
                guard let data = FileManager.default.contents(atPath: pointer.path) else { continue }
                let name = String(decoding: data.dropLast(), as: UTF8.self)
                let installed = H.snapshot(modules.appendingPathComponent("\(module)/\(name)"))
                guard !installed.isEmpty else { continue }   // a pointer to nothing loads nothing
                #expect(installed == trees[String(name.prefix(64))], "iteration \(iteration): \(module)/\(name) is not complete")
            }
        }
    }
}

/// The pid in a storage root's lock file (`<pid> <purpose>`), read without the code under test.
enum StorageLockHolder {
    static func pid(_ root: URL) -> Int32? {
        guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(".ota-localizations.lock").path)
        else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: " ").first.flatMap { Int32($0) }
    }
}
