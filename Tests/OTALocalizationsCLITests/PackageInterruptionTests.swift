import Foundation
import OTATestSupport
import Testing

/// The built `ota-localizations package` stopped by a real signal while it writes `manifest.json`.
///
/// The run is held at that moment without any hook in the tool: a shell creates the manifest's temporary file name
/// (`.manifest.json.<pid>.tmp`, its own pid) as a FIFO and `exec`s the tool, which keeps the pid; the tool's open of
/// that FIFO for writing blocks until the signal comes (POSIX `open(2)`: a FIFO opened for writing only waits for a
/// reader). The ZIPs are written before it, so their presence says the run reached that point.
@Suite(.serialized) struct PackageInterruptionTests {
    private struct HeldRun {
        var process: Process
        var version: URL
        var fifo: URL
    }

    private func startHeldRun(_ work: TemporaryDirectory) async throws -> HeldRun {
        try work.write("repo/App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try work.write("repo/App/fr.lproj/Localizable.strings", "\"a\" = \"B\";\n")
        let version = work.url.appendingPathComponent("out/1.0")
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"mkfifo "$1/.manifest.json.$$.tmp" && exec "$2" package "$3" --app-version 1.0 --output "$4" --quiet"#,
                             "sh", version.path, TestPaths.cliExecutable.path, work.url.appendingPathComponent("repo").path,
                             work.url.appendingPathComponent("out").path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let fifo = version.appendingPathComponent(".manifest.json.\(process.processIdentifier).tmp")
        // Wait for the ZIP (written just before the manifest), then for the open of the FIFO to block.
        #expect(await Poll.until(upTo: 60) { ((try? names(version)) ?? []).contains { $0.hasSuffix(".zip") } })
        try await Self.waitUntilBlockedOpeningAFIFO(process)
        return HeldRun(process: process, version: version, fifo: fifo)
    }

    /// Waits until a thread of `process` sleeps in the kernel's `wait_for_partner`, where Linux holds an `open(2)` of a
    /// FIFO that has no reader (`/proc/<pid>/task/<tid>/wchan` names the function a task sleeps in). Without `/proc`
    /// (macOS), waits half a second instead.
    private static func waitUntilBlockedOpeningAFIFO(_ process: Process) async throws {
        let tasks = "/proc/\(process.processIdentifier)/task"
        guard FileManager.default.fileExists(atPath: tasks) else {
            try await Task.sleep(nanoseconds: 500_000_000)
            return
        }
        let blocked = await Poll.until(upTo: 60) {
            ((try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []).contains { task in
                (try? String(contentsOfFile: "\(tasks)/\(task)/wchan", encoding: .utf8)) == "wait_for_partner"
            }
        }
        #expect(blocked, "the package run never blocked opening the manifest's FIFO")
    }

    private func names(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalRemovesTheTemporaryFileBeingWritten(_ signalNumber: Int32) async throws {
        let work = try TemporaryDirectory("interrupt")
        defer { work.remove() }
        let run = try await startHeldRun(work)
        #expect(FileManager.default.fileExists(atPath: run.fifo.path))
        #expect(run.process.isRunning)

        kill(run.process.processIdentifier, signalNumber)
        await OwnThread.waitUntilExit(run.process)

        // The process ended by the signal, as without the handler; only complete files are left.
        #expect(run.process.terminationReason == .uncaughtSignal)
        #expect(run.process.terminationStatus == signalNumber)
        let left = try names(run.version)
        #expect(!left.contains { $0.hasSuffix(".tmp") }, "\(left)")
        #expect(!left.contains("manifest.json"))
        // Every ZIP is written before the manifest: the module's full ZIP, its base slice and its fr slice.
        #expect(left.filter { $0.hasSuffix(".zip") }.count == 3)
    }

    @Test func theNextRunRemovesWhatAKilledRunLeft() async throws {
        let work = try TemporaryDirectory("killed")
        defer { work.remove() }
        let run = try await startHeldRun(work)
        kill(run.process.processIdentifier, SIGKILL)
        await OwnThread.waitUntilExit(run.process)
        #expect(run.process.terminationReason == .uncaughtSignal && run.process.terminationStatus == SIGKILL)
        // SIGKILL cannot be handled: the temporary file stays, and `aws s3 sync` would upload it.
        #expect(try names(run.version).contains(run.fifo.lastPathComponent))

        let again = try await ExternalTool.run(TestPaths.cliExecutable.path, [
            "package", work.url.appendingPathComponent("repo").path, "--app-version", "1.0",
            "--output", work.url.appendingPathComponent("out").path,
        ])

        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("Removed 1 temporary file left in the version folder by a run that was killed: \(run.fifo.lastPathComponent)"))
        let left = try names(run.version)
        #expect(!left.contains { $0.hasSuffix(".tmp") }, "\(left)")
        #expect(left.contains("manifest.json"))
    }
}
