import Foundation
import OTATestSupport
import Testing

/// `ota-localizations launch`: the crash-loop guard as separate processes see it (docs/design.md, "The crash-loop
/// guard"), with real concurrent launches and real SIGKILLs.
@Suite struct LaunchCommandTests {
    private let sha = String(repeating: "a", count: 64)

    /// A storage root with `Checkout` installed by hand (Info.plist, one table, the seal, `current`).
    private func installedRoot() throws -> TemporaryDirectory {
        let work = try TemporaryDirectory("launch")
        let files = ["Info.plist": Data(BundleFixtures.infoPlist.utf8), "en.lproj/Localizable.strings": Data("\"a\" = \"A\";\n".utf8)]
        let module = "root/1.0/modules/\(InstalledLayout.storageName("Checkout"))"
        for (path, data) in files { try work.write("\(module)/\(sha)/\(path)", data) }
        try work.write("\(module)/\(sha)/\(InstalledLayout.sealFileName)", try InstalledLayout.seal(files))
        try work.write("\(module)/current", sha + "\n")
        return work
    }

    private func launch(_ root: URL, _ extra: [String] = []) async throws -> [String: Any] {
        let result = try await ExternalTool.run(
            TestPaths.cliExecutable.path, ["launch", "--into", root.path, "--app-version", "1.0", "--languages", "en", "--json"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    private func overTheAir(_ object: [String: Any]) -> Bool? {
        (object["modules"] as? [[String: Any]])?.first?["overTheAir"] as? Bool
    }

    private func count(_ root: URL) -> Int {
        guard let data = try? Data(contentsOf: root.appendingPathComponent("1.0/launch-attempts")), data.count == 70 else { return 0 }
        return Int(String(decoding: data[65..<69], as: UTF8.self)) ?? -1
    }

    /// The quarantine is renamed into the version folder, then that folder is flushed, and only then is the count
    /// reset: a power cut after the reset cannot lose the rename (seen with strace(1): the `fsync` of a descriptor
    /// opened on `<root>/1.0` after the rename, before the count's `pwrite`).
    @Test func theQuarantineIsFlushedWithItsFolderBeforeTheCountIsReset() async throws {
        let work = try installedRoot()
        defer { work.remove() }
        let root = work.url.appendingPathComponent("root")
        _ = try await launch(root)
        _ = try await launch(root)
        let log = work.url.appendingPathComponent("strace.log")
        let traced = try await ExternalTool.run("strace", [
            "-f", "-qq", "-e", "trace=openat,rename,renameat,renameat2,fsync,pwrite64", "-o", log.path,
            TestPaths.cliExecutable.path, "launch", "--into", root.path, "--app-version", "1.0", "--languages", "en", "--json",
        ])
        #expect(traced.status == 0, "\(traced.stderr)")
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        let version = root.appendingPathComponent("1.0").path
        let renamed = try #require(lines.firstIndex { $0.contains("quarantine.json.tmp") && $0.contains("rename") })
        let folderOpen = try #require(
            lines[renamed...].firstIndex { $0.contains("openat(") && $0.contains("\"\(version)\", O_RDONLY") },
            "the version folder is opened after the rename")
        let descriptor = try #require(lines[folderOpen].split(separator: "=").last?.trimmingCharacters(in: .whitespaces))
        let flushed = try #require(lines[folderOpen...].firstIndex { $0.contains("fsync(\(descriptor))") }, "and flushed")
        let reset = try #require(lines.lastIndex { $0.contains("pwrite64(") })
        #expect(renamed < flushed && flushed < reset, "rename, folder flushed, then the count reset")
        #expect(count(root) == 0)
    }

    @Test func twoUnconfirmedLaunchesThenEmbeddedStringsAndStatusShowsTheQuarantine() async throws {
        let work = try installedRoot()
        defer { work.remove() }
        let root = work.url.appendingPathComponent("root")
        var first = try await launch(root)
        #expect(overTheAir(first) == true)
        #expect(first["unconfirmedLaunches"] as? Int == 1)
        #expect(first["quarantined"] is NSNull)
        first = try await launch(root, ["--confirm"])
        #expect(first["confirmed"] as? Bool == true && first["unconfirmedLaunches"] as? Int == 0)
        await #expect(overTheAir(try launch(root)) == true)
        await #expect(overTheAir(try launch(root)) == true)
        let third = try await launch(root)
        #expect(overTheAir(third) == false)
        let quarantine = try #require(third["quarantined"] as? [String: Any])
        #expect(quarantine["modules"] as? [String: String] == ["Checkout": sha])
        #expect(quarantine["launches"] as? Int == 2)

        let status = try await ExternalTool.run(
            TestPaths.cliExecutable.path, ["status", "--into", root.path, "--app-version", "1.0", "--languages", "en", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        #expect((object["quarantined"] as? [String: Any])?["modules"] as? [String: String] == ["Checkout": sha])
        let text = try await ExternalTool.run(TestPaths.cliExecutable.path, ["launch", "--into", root.path, "--app-version", "1.0", "--languages", "en"])
        #expect(text.stdout.contains("Checkout  embedded"))
        let statusText = try await ExternalTool.run(
            TestPaths.cliExecutable.path, ["status", "--into", root.path, "--app-version", "1.0", "--languages", "en"])
        #expect(statusText.stdout.contains("Checkout  quarantined"))
        #expect(text.stdout.contains("Quarantined since \(quarantine["since"] as? String ?? "?") after 2 unconfirmed launches"))
    }

    /// An app and its extension launching at the same moment: neither count is lost (`flock(2)` on the record).
    @Test func launchesOfTwoProcessesAtOnceAreBothCounted() throws {
        let work = try installedRoot()
        defer { work.remove() }
        let root = work.url.appendingPathComponent("root")
        for _ in 0..<6 {
            // As after a confirmation (a launch with --confirm would itself be the third launch of this content).
            try Data().write(to: root.appendingPathComponent("1.0/launch-attempts"))
            let group = DispatchGroup()
            for _ in 0..<2 {
                group.enter()
                Thread {
                    let result = try? ExternalTool.runBlocking(
                        TestPaths.cliExecutable.path, ["launch", "--into", root.path, "--app-version", "1.0", "--languages", "en"])
                    #expect(result?.status == 0, "\(result?.stdout ?? "") \(result?.stderr ?? "not run")")
                    group.leave()
                }.start()
            }
            group.wait()
            #expect(count(root) == 2)
        }
    }

    /// Launches of several processes at once when the count is at the limit: none serves the content, one record.
    @Test func launchesAtOnceAtTheLimitNeverServeTheContent() async throws {
        let work = try installedRoot()
        defer { work.remove() }
        let root = work.url.appendingPathComponent("root")
        for _ in 0..<4 {
            try? FileManager.default.removeItem(at: root.appendingPathComponent("1.0/quarantine.json"))
            try Data().write(to: root.appendingPathComponent("1.0/launch-attempts"))
            _ = try await launch(root)
            _ = try await launch(root)
            let served = try await withThrowingTaskGroup(of: Bool?.self) { group in
                for _ in 0..<6 { group.addTask { overTheAir(try await launch(root)) } }
                return try await group.reduce(into: [Bool?]()) { $0.append($1) }
            }
            #expect(served == Array(repeating: false, count: 6))
            let file = try Data(contentsOf: root.appendingPathComponent("1.0/quarantine.json"))
            let records = try #require(try JSONSerialization.jsonObject(with: file) as? [String: Any])["quarantines"] as? [Any]
            #expect(records?.count == 1)
        }
    }

    /// Launches SIGKILLed at random moments: the count only ever grows by one per launch or stays, a record once
    /// written is never lost, and the files are always well formed.
    @Test func launchesKilledAtRandomMomentsNeverLoseAQuarantine() async throws {
        let work = try installedRoot()
        defer { work.remove() }
        let root = work.url.appendingPathComponent("root")
        let quarantineFile = root.appendingPathComponent("1.0/quarantine.json")
        var generator = SystemRandomNumberGenerator()
        var killed = 0
        for round in 0..<30 {
            if round % 10 == 0 {
                try? FileManager.default.removeItem(at: quarantineFile)
                _ = try await launch(root, ["--confirm"])
            }
            let before = count(root)
            let quarantined = FileManager.default.fileExists(atPath: quarantineFile.path)
            let process = Process()
            process.executableURL = TestPaths.cliExecutable
            process.arguments = ["launch", "--into", root.path, "--app-version", "1.0", "--languages", "en"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            await OwnThread.kill(process, after: UInt32.random(in: 0...40_000, using: &generator))
            if process.terminationReason == .uncaughtSignal { killed += 1 }
            let after = count(root)
            let data = try? Data(contentsOf: root.appendingPathComponent("1.0/launch-attempts"))
            #expect(data == nil || data?.count == 0 || data?.count == 70, "round \(round): \(data?.count ?? -1) bytes")
            if quarantined {
                #expect(FileManager.default.fileExists(atPath: quarantineFile.path), "round \(round): a quarantine was lost")
                #expect(after == before)
            } else if FileManager.default.fileExists(atPath: quarantineFile.path) {
                #expect(before == 2, "round \(round): quarantined after \(before) launches")
            } else {
                #expect(after == before || after == before + 1, "round \(round): \(before) → \(after)")
            }
        }
        print("launch kills: \(killed) of 30 runs ended by SIGKILL")
    }
}
