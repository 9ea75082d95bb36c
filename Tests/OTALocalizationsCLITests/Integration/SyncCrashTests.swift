import Foundation
import OTATestSupport
import Testing
import OTALocalizationsTooling
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension NginxIntegrationTests {
    /// Crash safety: `sync` processes killed with SIGKILL at pseudo-random moments against changing publishes.
    @Suite struct SyncCrashTests {
        typealias H = SyncHarness

        /// The values edited between publishes: (file, key), one module each.
        static let edits = [
            ("Packages/Features/Sources/Checkout/Resources/de.lproj/Localizable.strings", "cart.title"),
            ("Packages/Features/Sources/Search/Resources/en.lproj/Localizable.strings", "search.title"),
        ]

        @Test func syncKilledAtRandomMomentsAlwaysLeavesCompleteBundlesAndTheNextSyncCompletes() async throws {
            let site = try H.ExampleSite()
            defer { site.remove() }
            let (server, publication, storage) = (site.server, site.publication, site.storage)
            var generator = SplitMix64(seed: 0x0A7_5EED)
            var expectedTrees: [String: [String: String]] = [:]
            var killedWhileRunning = 0
            // Kill moments are drawn from [0, window); the window follows how long a sync that installs something
            // takes on this machine (the last such complete sync), so the kills land inside the process's life.
            var windowMicroseconds: UInt64 = 100_000

            for iteration in 0..<100 {
                // A new publish every time, so each killed sync has a module to download and install.
                let (file, key) = Self.edits[iteration % Self.edits.count]
                try Self.setValue(of: key, in: publication.source.appendingPathComponent(file), to: "Value \(iteration)")
                let minutes = String(format: "%02d", iteration % 60)
                let published = try await publication.package(publishedAt: "2026-01-0\(1 + iteration / 60)T00:\(minutes):00Z")
                try server.publish(publication.output)
                for module in published where expectedTrees[module.sha256] == nil {
                    let extracted = try await H.unzipped(publication.versionFolder.appendingPathComponent(module.path))
                    expectedTrees[module.sha256] = try H.expectedInstall(of: extracted.url)
                    extracted.remove()
                }

                let process = Process()
                process.executableURL = TestPaths.cliExecutable
                process.arguments = ["sync", "--base-url", server.baseURL, "--app-version", H.appVersion,
                                     "--into", storage.path, "--json"]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                let delay = UInt32(generator.next() % windowMicroseconds)
                let running = UncheckedBox(process)
                if await OwnThread.run({ () -> Bool in
                    usleep(delay)
                    return running.value.isRunning
                }) { killedWhileRunning += 1 }
                await OwnThread.kill(process)
                try Self.expectEveryCurrentComplete(storage.url, expectedTrees, iteration: iteration)

                // The next sync completes: everything installed and the state saved (by it, or already by the
                // killed one, in which case the manifest is answered 304).
                let startedAt = Date()
                let (result, report) = try await H.sync(server.baseURL, into: storage.url)
                if report["updated"] as? Int ?? 0 > 0 {
                    windowMicroseconds = max(10_000, UInt64(Date().timeIntervalSince(startedAt) * 1_000_000))
                }
                let saved = report["stateSaved"] as? Bool == true || report["manifest"] as? String == "notModified"
                #expect(result.status == 0 && saved && report["failed"] as? Int == 0,
                        "iteration \(iteration): \(result.stdout) \(result.stderr)")
                try Self.expectEveryCurrentComplete(storage.url, expectedTrees, iteration: iteration)
                for module in published {
                    let pointer = FileManager.default.contents(atPath: H.moduleFolder(storage.url, module.name).appendingPathComponent("current").path)
                    #expect(pointer == Data((module.sha256 + "\n").utf8), "iteration \(iteration): \(module.name)")
                }
                #expect(H.entries(storage.url.appendingPathComponent("\(H.appVersion)/tmp")).isEmpty)
            }
            // Many kills must land while the process runs, or the test proves little. Where they land depends on the
            // machine's load (a busy CI machine stretches process start-up), so the bar is a fifth of the kills,
            // not a timing-sensitive majority.
            #expect(killedWhileRunning >= 20, "only \(killedWhileRunning) kills hit a running sync")
        }

        /// Every `modules/<M>/current` names 64 hex digits of a folder whose files equal that ZIP's entries and seal.
        private static func expectEveryCurrentComplete(
            _ root: URL, _ trees: [String: [String: String]], iteration: Int
        ) throws {
            let modules = root.appendingPathComponent("\(H.appVersion)/modules")
            for module in H.entries(modules) {
                let pointer = modules.appendingPathComponent("\(module)/current")
                guard let data = FileManager.default.contents(atPath: pointer.path) else { continue }
                let text = String(decoding: data, as: UTF8.self)
                let sha = String(text.dropLast())
                #expect(text.count == 65 && text.hasSuffix("\n") && trees[sha] != nil, "iteration \(iteration): \(module)/current = \(text)")
                let installed = H.snapshot(modules.appendingPathComponent("\(module)/\(sha)"))
                #expect(installed == trees[sha], "iteration \(iteration): \(module)/\(sha) is not complete")
            }
        }

        /// Rewrites the line `"key" = "...";` of a UTF-8 `.strings` file.
        private static func setValue(of key: String, in file: URL, to value: String) throws {
            let text = try String(contentsOf: file, encoding: .utf8)
            var lines = text.components(separatedBy: "\n")
            guard let index = lines.firstIndex(where: { $0.hasPrefix("\"\(key)\" = ") }) else {
                throw ToolFailureText("\(key) not in \(file.path)")
            }
            lines[index] = "\"\(key)\" = \"\(value)\";"
            try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        }
    }
}

/// A small seeded generator (SplitMix64), so a failing kill schedule can be replayed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
