import Foundation
import Testing
import OTATestSupport
@testable import OTALocalizations

extension ReadSideTests {
    /// The crash-loop guard (docs/design.md, "The crash-loop guard"). Each "launch" here forgets what this process
    /// counted first, as a new process would.
    @Suite @MainActor struct LaunchGuardTests {
        /// One launch: what it serves for `Checkout` (the folder name, nil when embedded).
        @discardableResult
        private func launch(_ storage: TestStorage, maximum: Int? = 2) -> String? {
            OTALocalizedString.forgetLaunchesCountedThisProcess()
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0", maximumUnconfirmedLaunches: maximum)
            defer { OTALocalizedString.clearBundleCache() }
            return OTALocalizedString.bundle(for: "Checkout")?.bundleURL.lastPathComponent
        }

        private func count(_ storage: TestStorage) -> Int {
            OTALocalizedString.unconfirmedLaunches(storageRoot: storage.root, appVersion: "1.0")
        }

        /// The newest quarantine recorded.
        private func quarantine(_ storage: TestStorage) -> OTALaunchQuarantine? {
            OTALocalizedString.launchQuarantines(storageRoot: storage.root, appVersion: "1.0").last
        }

        /// The quarantine in force (its content is installed).
        private func inForce(_ storage: TestStorage) -> OTALaunchQuarantine? {
            OTALocalizedString.launchQuarantine(storageRoot: storage.root, appVersion: "1.0")
        }

        private var attemptsFile: (TestStorage) -> URL { { $0.root.appendingPathComponent("1.0/launch-attempts") } }

        private func point(_ storage: TestStorage, to folder: String) throws {
            try Data((folder + "\n").utf8).write(
                to: storage.moduleFolder(version: "1.0", module: "Checkout").appendingPathComponent("current"))
        }

        @Test func twoUnconfirmedLaunchesThenTheThirdServesEmbeddedStrings() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            try storage.install(version: "1.0", module: "Profile", sha: TestHash.b)
            try Data(#"{"formatVersion":2,"publishedAt":"2026-12-01T10:00:00.5Z"}"#.utf8)
                .write(to: storage.root.appendingPathComponent("1.0/state.json"))
            #expect(launch(storage) == TestHash.a)
            #expect(count(storage) == 1)
            #expect(launch(storage) == TestHash.a)
            #expect(count(storage) == 2)
            let before = Date().timeIntervalSince1970.rounded(.down)
            #expect(launch(storage) == nil, "the third launch serves the embedded strings")
            #expect(OTALocalizedString.bundle(for: "Profile") == nil)
            let recorded = try #require(quarantine(storage))
            #expect(recorded.modules == ["Checkout": TestHash.a, "Profile": TestHash.b])
            #expect(recorded.launches == 2)
            #expect(recorded.publishedAt == "2026-12-01T10:00:00.5Z")
            #expect(recorded.since.timeIntervalSince1970 >= before && recorded.since.timeIntervalSince1970 <= before + 60)
            #expect(count(storage) == 0)
            #expect(launch(storage) == nil, "and so does every launch after it while the content is installed")
            #expect(count(storage) == 0, "quarantined content is not counted")
        }

        /// A process started by iOS prewarming (`ActivePrewarm=1`) may be discarded before the user opens the app: its
        /// load serves the content but counts the launch only when the app first becomes active, so discarded prewarms
        /// never quarantine good text, and a prewarmed process the user opens counts as a launch, also when it loaded
        /// uncounted (in the background, where a prewarm runs).
        @Test func aPrewarmedLaunchCountsOnlyOnceTheAppIsActive() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            let saved = LaunchGuard.prewarm
            defer { LaunchGuard.prewarm = saved }

            // Two prewarms in a row, each discarded before the app was opened: served, never counted.
            LaunchGuard.prewarm = Prewarm(isPrewarmed: true) { _ in }
            #expect(launch(storage) == TestHash.a)
            #expect(launch(storage) == TestHash.a)
            #expect(count(storage) == 0)
            // A launch after them is the first attempt, not the third.
            LaunchGuard.prewarm = Prewarm(isPrewarmed: false) { _ in Issue.record("a launch that is not prewarmed counts at once") }
            #expect(launch(storage) == TestHash.a)
            #expect(count(storage) == 1)

            // A prewarmed process the user opens: counted when it becomes active, and its confirmation resets the count.
            let pending = PendingCounts()
            LaunchGuard.prewarm = Prewarm(isPrewarmed: true) { count in pending.add(count) }
            #expect(launch(storage) == TestHash.a)
            #expect(count(storage) == 1, "nothing counted while prewarmed")
            pending.runAll()
            #expect(count(storage) == 2)
            OTALocalizedString.confirmLaunch(storageRoot: storage.root, appVersion: "1.0")
            #expect(count(storage) == 0)

            // A prewarmed load made uncounted (the app saw itself in the background) still counts once active.
            OTALocalizedString.forgetLaunchesCountedThisProcess()
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0", countsLaunch: false)
            OTALocalizedString.clearBundleCache()
            #expect(!pending.isEmpty)
            pending.runAll()
            #expect(count(storage) == 1)
            OTALocalizedString.confirmLaunch(storageRoot: storage.root, appVersion: "1.0")

            // At the limit, a prewarmed load refuses the content as any load does, and schedules no count.
            LaunchGuard.prewarm = Prewarm(isPrewarmed: false) { _ in }
            launch(storage)
            launch(storage)
            LaunchGuard.prewarm = Prewarm(isPrewarmed: true) { count in pending.add(count) }
            #expect(launch(storage) == nil)
            #expect(pending.isEmpty)
        }

        /// The process's own activation: the count runs at the first `UIApplicationDidBecomeActiveNotification` on
        /// the main queue, once.
        @Test func theCountWaitsForTheFirstActivationAndRunsOnce() async throws {
            let counted = PendingCounts()
            Prewarm(environment: ["ActivePrewarm": "1"]).afterActivation { counted.add {} }
            #expect(counted.isEmpty)
            NotificationCenter.default.post(name: Prewarm.didBecomeActive, object: nil)
            NotificationCenter.default.post(name: Prewarm.didBecomeActive, object: nil)
            // Run where it was posted (the main thread in an app), or sent to the main queue.
            for _ in 0..<1_000 where counted.count == 0 { try await Task.sleep(nanoseconds: 10_000_000) }
            #expect(counted.count == 1)
        }

        @Test func activePrewarmIsReadFromTheEnvironment() {
            #expect(Prewarm(environment: ["ActivePrewarm": "1"]).isPrewarmed)
            #expect(!Prewarm(environment: ["ActivePrewarm": "0"]).isPrewarmed)
            #expect(!Prewarm(environment: [:]).isPrewarmed)
        }

        @Test func aConfirmedLaunchResetsTheCount() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            for _ in 0..<5 {
                #expect(launch(storage) == TestHash.a)
                #expect(count(storage) == 1)
                OTALocalizedString.confirmLaunch(storageRoot: storage.root, appVersion: "1.0")
                #expect(count(storage) == 0)
            }
            #expect(launch(storage) == TestHash.a)
            #expect(launch(storage) == TestHash.a)
            #expect(quarantine(storage) == nil)
        }

        @Test func confirmingWithoutACountedLaunchCreatesNothing() throws {
            let storage = try TestStorage()
            try FileManager.default.createDirectory(at: storage.root.appendingPathComponent("1.0"), withIntermediateDirectories: true)
            OTALocalizedString.confirmLaunch(storageRoot: storage.root, appVersion: "1.0")
            #expect(!FileManager.default.fileExists(atPath: storage.root.appendingPathComponent("1.0/launch-attempts").path))
        }

        @Test func loadsInOneProcessCountOneLaunch() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            #expect(launch(storage) == TestHash.a)
            for _ in 0..<4 {
                OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0")
                #expect(OTALocalizedString.bundle(for: "Checkout") != nil)
            }
            OTALocalizedString.clearBundleCache()
            #expect(count(storage) == 1)
        }

        @Test func otherContentIsServedAndCountedAfresh() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            launch(storage)
            launch(storage)
            #expect(launch(storage) == nil)
            // A newer publish (or a rollback) installs other content: it gets its own attempts.
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.b)
            #expect(launch(storage) == TestHash.b)
            #expect(count(storage) == 1)
            #expect(quarantine(storage)?.modules == ["Checkout": TestHash.a], "the quarantine stays recorded")
            #expect(inForce(storage) == nil, "but is not in force: its content is not installed")
            // The same content installed again under a suffixed folder is still the quarantined content.
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a + ".1", pointer: false)
            try point(storage, to: TestHash.a + ".1")
            #expect(launch(storage) == nil)
        }

        @Test func anotherLanguageOrAModuleLeftOutIsTheSameContent() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            try storage.install(version: "1.0", module: "Profile", sha: TestHash.b)
            launch(storage)
            launch(storage)
            #expect(launch(storage) == nil)
            #expect(inForce(storage)?.modules == ["Checkout": TestHash.a, "Profile": TestHash.b])
            // Profile cannot be served now (its Info.plist unreadable): the installed content is the same.
            try FileManager.default.removeItem(at: storage.moduleFolder(version: "1.0", module: "Profile").appendingPathComponent("\(TestHash.b)/Info.plist"))
            #expect(launch(storage) == nil, "Checkout alone is still the quarantined content")
            #expect(count(storage) == 0)
        }

        @Test func everyQuarantineIsKept() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            for _ in 0..<3 { launch(storage) }
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.b)
            for _ in 0..<3 { launch(storage) }
            #expect(OTALocalizedString.launchQuarantines(storageRoot: storage.root, appVersion: "1.0").map(\.modules)
                == [["Checkout": TestHash.a], ["Checkout": TestHash.b]])
            try point(storage, to: TestHash.a)
            #expect(launch(storage) == nil, "the first quarantined content is refused again")
            #expect(inForce(storage)?.modules == ["Checkout": TestHash.a])
        }

        @Test func aQuarantineThatCannotBeWrittenStillRefusesAndAConfirmationDoesNotUndoIt() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            try FileManager.default.createDirectory(at: storage.root.appendingPathComponent("1.0/quarantine.json"), withIntermediateDirectories: true)
            launch(storage)
            launch(storage)
            for _ in 0..<3 {
                #expect(launch(storage) == nil)
                OTALocalizedString.confirmLaunch(storageRoot: storage.root, appVersion: "1.0")
                #expect(count(storage) == 2, "the count stays at the limit")
            }
            try FileManager.default.removeItem(at: storage.root.appendingPathComponent("1.0/quarantine.json"))
            #expect(launch(storage) == nil)
            #expect(quarantine(storage)?.modules == ["Checkout": TestHash.a], "written as soon as it can be")
        }

        @Test func aLockHeldElsewhereNeverServesContentAtTheLimit() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            launch(storage)
            launch(storage)
            let holder = open(attemptsFile(storage).path, O_RDWR)
            defer { close(holder) }
            #expect(flock(holder, LOCK_EX) == 0)
            #expect(launch(storage) == nil, "the record, read without the lock, is at the limit")
            #expect(count(storage) == 2)
            #expect(quarantine(storage) == nil)
            flock(holder, LOCK_UN)
            // This process was refused at the limit, so its confirmation changes nothing; another process's does.
            OTALocalizedString.confirmLaunch(storageRoot: storage.root, appVersion: "1.0")
            #expect(count(storage) == 2)
            OTALocalizedString.forgetLaunchesCountedThisProcess()
            OTALocalizedString.confirmLaunch(storageRoot: storage.root, appVersion: "1.0")
            // Below the limit, a held lock costs the launch its count, not its strings.
            #expect(flock(holder, LOCK_EX) == 0)
            #expect(launch(storage) == TestHash.a)
            #expect(count(storage) == 0)
        }

        @Test func aFIFOWhereAFileShouldBeBlocksNothing() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            #expect(mkfifo(storage.root.appendingPathComponent("1.0/quarantine.json").path, 0o644) == 0)
            #expect(mkfifo(storage.root.appendingPathComponent("1.0/state.json").path, 0o644) == 0)
            #expect(launch(storage) == TestHash.a)
            launch(storage)
            #expect(launch(storage) == nil)
            // The records were renamed over the FIFO; the state could not be read, so no publishedAt.
            #expect(quarantine(storage)?.modules == ["Checkout": TestHash.a])
            #expect(quarantine(storage)?.publishedAt == nil)
        }

        @Test func anUncountedLaunchHonoursAQuarantineAndCountsNothing() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            OTALocalizedString.forgetLaunchesCountedThisProcess()
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0", countsLaunch: false)
            #expect(OTALocalizedString.bundle(for: "Checkout") != nil)
            OTALocalizedString.clearBundleCache()
            #expect(!FileManager.default.fileExists(atPath: attemptsFile(storage).path))
            for _ in 0..<3 { launch(storage) }
            OTALocalizedString.forgetLaunchesCountedThisProcess()
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0", countsLaunch: false)
            #expect(OTALocalizedString.bundle(for: "Checkout") == nil)
        }

        /// A hard link (or a symbolic link, a FIFO, a folder) planted at the count would turn the guard off if launches
        /// were served uncounted through it: the guard fails closed (embedded strings) and writes nothing through it.
        @Test func aRecordThatCannotBeCountedInFailsClosedAndIsNeverWrittenThrough() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            let other = storage.root.appendingPathComponent("1.0/state.json")
            try Data("state".utf8).write(to: other)
            #expect(link(other.path, attemptsFile(storage).path) == 0)
            for _ in 0..<3 { #expect(launch(storage) == nil, "embedded strings, launch after launch") }
            #expect(try Data(contentsOf: other) == Data("state".utf8), "the linked file is untouched")
            OTALocalizedString.confirmLaunch(storageRoot: storage.root, appVersion: "1.0")
            #expect(try Data(contentsOf: other) == Data("state".utf8), "nor touched by a confirmation")
            #expect(quarantine(storage) == nil)

            try FileManager.default.removeItem(at: attemptsFile(storage))
            #expect(symlink(other.path, attemptsFile(storage).path) == 0)
            #expect(launch(storage) == nil)
            try FileManager.default.removeItem(at: attemptsFile(storage))
            #expect(mkfifo(attemptsFile(storage).path, 0o644) == 0)
            #expect(launch(storage) == nil)
            try FileManager.default.removeItem(at: attemptsFile(storage))
            try FileManager.default.createDirectory(at: attemptsFile(storage), withIntermediateDirectories: false)
            #expect(launch(storage) == nil)

            // An uncounted load (an extension) fails closed too: it cannot tell the count.
            try FileManager.default.removeItem(at: attemptsFile(storage))
            #expect(link(other.path, attemptsFile(storage).path) == 0)
            OTALocalizedString.forgetLaunchesCountedThisProcess()
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0", countsLaunch: false)
            #expect(OTALocalizedString.bundle(for: "Checkout") == nil)
            OTALocalizedString.clearBundleCache()

            // Once the link is gone (the next update cycle moves it aside), launches are served and counted again.
            try FileManager.default.removeItem(at: attemptsFile(storage))
            #expect(launch(storage) == TestHash.a)
            #expect(count(storage) == 1)
        }

        @Test func aProcessThatCountedNothingConfirmsNothing() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            launch(storage)
            #expect(count(storage) == 1)
            OTALocalizedString.forgetLaunchesCountedThisProcess()
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.root, appVersion: "1.0", countsLaunch: false)
            OTALocalizedString.clearBundleCache()
            OTALocalizedString.confirmLaunch(storageRoot: storage.root, appVersion: "1.0")
            #expect(count(storage) == 1, "an extension's confirmation cannot hide the app's unconfirmed launch")
        }

        @Test func aModuleAddedMakesOtherContent() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            launch(storage)
            try storage.install(version: "1.0", module: "Profile", sha: TestHash.b)
            #expect(launch(storage) == TestHash.a)
            #expect(count(storage) == 1, "the attempts of {Checkout} do not count for {Checkout, Profile}")
        }

        @Test func theGuardOffNeitherCountsNorHonoursAQuarantine() throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            launch(storage)
            launch(storage)
            #expect(launch(storage) == nil)
            #expect(launch(storage, maximum: nil) == TestHash.a)
            #expect(launch(storage, maximum: 1) == nil)
        }

        @Test func nothingInstalledCountsNothing() throws {
            let storage = try TestStorage()
            try FileManager.default.createDirectory(at: storage.root.appendingPathComponent("1.0/modules"), withIntermediateDirectories: true)
            #expect(launch(storage) == nil)
            #expect(!FileManager.default.fileExists(atPath: storage.root.appendingPathComponent("1.0/launch-attempts").path))
        }

        /// A launch stopped at each step of the counting leaves what a process killed there leaves: the count is right
        /// or one too low, a quarantine once due is never lost, and a confirmed content is never quarantined.
        @Test(arguments: LaunchGuard.Step.allCases)
        func aLaunchKilledAtAnyStepLosesNoQuarantine(_ step: LaunchGuard.Step) throws {
            let storage = try TestStorage()
            try storage.install(version: "1.0", module: "Checkout", sha: TestHash.a)
            defer { LaunchGuard.interruption = nil }
            // Two launches, the second killed at `step`.
            launch(storage)
            LaunchGuard.interruption = step
            launch(storage)
            LaunchGuard.interruption = nil
            #expect((1...2).contains(count(storage)))
            #expect(quarantine(storage) == nil)
            // Launches until the quarantine, each killed at `step` once due.
            let counted = count(storage)
            if counted == 1 { launch(storage) }
            #expect(count(storage) == 2)
            LaunchGuard.interruption = step
            launch(storage)
            LaunchGuard.interruption = nil
            let afterKill = count(storage)
            switch step {
            case .lockRecord, .writeQuarantine, .renameQuarantine:
                #expect(quarantine(storage) == nil)
                #expect(afterKill == 2, "the count stays, so the next launch quarantines")
            case .resetCount, .writeCount:
                #expect(quarantine(storage)?.modules == ["Checkout": TestHash.a])
            }
            #expect(launch(storage) == nil, "the next launch serves embedded strings")
            #expect(quarantine(storage) != nil)
            // A confirmed content is never quarantined, wherever its launches were killed.
            let other = try TestStorage()
            try other.install(version: "1.0", module: "Checkout", sha: TestHash.b)
            for _ in 0..<4 {
                LaunchGuard.interruption = step
                launch(other)
                LaunchGuard.interruption = nil
                #expect(launch(other) == TestHash.b)
                OTALocalizedString.confirmLaunch(storageRoot: other.root, appVersion: "1.0")
            }
            #expect(quarantine(other) == nil)
        }

        @Test func recordsParseOnlyInTheirExactShape() throws {
            let fingerprint = String(repeating: "c", count: 64)
            let record = OTAStorageLayout.launchAttemptsContents(fingerprint: fingerprint, count: 7)
            #expect(String(decoding: record, as: UTF8.self) == fingerprint + " 0007\n")
            #expect(OTAStorageLayout.parseLaunchAttempts(record)?.count == 7)
            for bad in [fingerprint + " 007\n", fingerprint + " 0007", fingerprint.uppercased() + " 0007\n", fingerprint + " 00a7\n", ""] {
                #expect(OTAStorageLayout.parseLaunchAttempts(Data(bad.utf8)) == nil, "\(bad)")
            }
            let quarantine = OTALaunchQuarantine(
                modules: ["Checkout": TestHash.a, "Café": TestHash.b], publishedAt: nil,
                since: Date(timeIntervalSince1970: 1_796_000_000), launches: 2)
            let older = OTALaunchQuarantine(
                modules: ["Checkout": TestHash.b], publishedAt: "2026-01-01T00:00:00Z", since: Date(timeIntervalSince1970: 1_700_000_000),
                launches: 3)
            #expect(OTALaunchQuarantine.parseAll(OTALaunchQuarantine.encoded([older, quarantine])) == [older, quarantine])
            let text = String(decoding: OTALaunchQuarantine.encoded([quarantine]), as: UTF8.self)
            #expect(text.hasPrefix(#"{"formatVersion":1,"quarantines":[{"launches":2,"modules":{"#))
            #expect(text.contains(#""since":"2026-11-30T00:53:20Z""#))
            for (original, replacement) in [
                (#""formatVersion":1"#, #""formatVersion":2"#), (TestHash.a, "aa"), (#""launches":2"#, #""launches":-1"#),
                (#""publishedAt":null"#, #""publishedAt":3"#), (#""since":""#, #""since":"x"#), (#""quarantines":["#, #""quarantines":[1,"#),
            ] {
                let edited = Data(text.replacingOccurrences(of: original, with: replacement).utf8)
                #expect(OTALaunchQuarantine.parseAll(edited) == nil, "\(replacement)")
            }
            // The file never outgrows what is read back: the oldest records go first.
            let longName = String(repeating: "m", count: 250)
            let big = (0..<6).map { index in
                OTALaunchQuarantine(
                    modules: Dictionary(uniqueKeysWithValues: (0..<4_000).map { ("\(longName)\(index)-\($0)", TestHash.a) }),
                    publishedAt: nil, since: Date(timeIntervalSince1970: 0), launches: 2)
            }
            let bounded = OTALaunchQuarantine.encoded(big)
            #expect(bounded.count <= 4 << 20)
            #expect(OTALaunchQuarantine.parseAll(bounded)?.last == big.last)
            // The file keeps the newest records only.
            let many = (0..<40).map { OTALaunchQuarantine(modules: ["M\($0)": TestHash.a], publishedAt: nil, since: Date(timeIntervalSince1970: 0), launches: 2) }
            #expect(OTALaunchQuarantine.parseAll(OTALaunchQuarantine.encoded(many)) == Array(many.suffix(OTALaunchQuarantine.maximumRecords)))
            let a = OTALaunchQuarantine.fingerprint(of: ["A": TestHash.a, "B": TestHash.b])
            #expect(a == OTALaunchQuarantine.fingerprint(of: ["B": TestHash.b, "A": TestHash.a]))
            #expect(a != OTALaunchQuarantine.fingerprint(of: ["A": TestHash.b, "B": TestHash.a]))
            // Python: hashlib.sha256(("A\0" + "a" * 64 + "\nB\0" + "b" * 64 + "\n").encode()).hexdigest()
            #expect(a == "b00f5f8a247ca273f6cccc8e1430a244da8c03cba0c0c37a51863d09397efca3")
        }
    }
}

/// The counts a prewarmed process scheduled, run when a test says the app runs.
private final class PendingCounts: @unchecked Sendable {
    private var counts: [@MainActor @Sendable () -> Void] = []
    var isEmpty: Bool { counts.isEmpty }
    var count: Int { counts.count }
    func add(_ count: @escaping @MainActor @Sendable () -> Void) { counts.append(count) }
    @MainActor func runAll() {
        let scheduled = counts
        counts = []
        scheduled.forEach { $0() }
    }
}
