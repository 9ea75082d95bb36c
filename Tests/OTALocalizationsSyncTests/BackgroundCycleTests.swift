import Foundation
import OTALocalizations
import OTATestSupport
import Testing
@testable import OTALocalizationsSync

/// `OTALocalizationService.runCycle(before:)`: one cycle within a background task's budget, cut short by the task's
/// cancellation (a `BGTask` expiration handler) or by its deadline, at every request and between every two commit
/// steps: what it finished stays, nothing is half installed, and the next cycle completes. Deadlines are manual
/// (``ManualDeadlines``), so no verdict depends on how busy the machine is.
@Suite struct BackgroundCycleTests {
    static let v1At = "2026-07-24T10:00:00Z"
    static let v2At = "2026-07-25T10:00:00Z"
    /// The report's `error` of a cycle cut short, as docs/operations.md spells them.
    static let cancelledByTheTask = "cancelled: the task that ran the cycle was cancelled (runCycle(before:))"
    static let cancelledAtTheDeadline = "cancelled: the cycle reached the deadline it was run before (runCycle(before:))"

    /// Three modules installed at v1 by a complete cycle, and v2 of all three published.
    struct Published {
        let fixture: SyncFixture
        let v1: [PublishedModule]
        let v2: [PublishedModule]

        init() async throws {
            fixture = try SyncFixture()
            v1 = try ["Checkout", "Profile", "Search"].map { try SyncFixture.module($0, version: 1) }
            v2 = try ["Checkout", "Profile", "Search"].map { try SyncFixture.module($0, version: 2) }
            fixture.publish(v1, publishedAt: BackgroundCycleTests.v1At)
            await fixture.makeService().start()
            #expect(fixture.reports.last?.updated == 3)
            fixture.publish(v2, publishedAt: BackgroundCycleTests.v2At)
        }

        /// The `publishedAt` of `state.json`.
        var statePublishedAt: String? {
            guard let data = fixture.read("1.0/state.json"),
                  let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { return nil }
            return root["publishedAt"] as? String
        }

        /// Checks that every module is exactly v1 or v2, complete (its tables byte for byte and its seal), and that
        /// `state.json` names v2 only when every module is v2. Returns how many modules are v2.
        @discardableResult
        func expectNoHalfInstall(_ label: String) -> Int {
            var atV2 = 0
            for (old, new) in zip(v1, v2) {
                let moduleFolder = "1.0/modules/\(old.name)"
                let pointer = fixture.read("\(moduleFolder)/current").map { String(decoding: $0, as: UTF8.self) }
                let module = pointer == new.sha256 + "\n" ? new : old
                #expect(pointer == module.sha256 + "\n", "\(label): \(old.name)'s current is v1's or v2's")
                if module.sha256 == new.sha256 { atV2 += 1 }
                let folder = "\(moduleFolder)/\(module.sha256)"
                #expect(fixture.exists("\(folder)/\(InstalledLayout.sealFileName)"), "\(label): \(old.name) is sealed")
                for (path, data) in module.files where path.hasSuffix(".strings") || path.hasSuffix(".stringsdict") {
                    #expect(fixture.read("\(folder)/\(path)") == data, "\(label): \(old.name)'s \(path)")
                }
            }
            let state = statePublishedAt
            #expect(state == BackgroundCycleTests.v1At || state == BackgroundCycleTests.v2At, "\(label): state.json")
            if state == BackgroundCycleTests.v2At { #expect(atV2 == 3, "\(label): state.json is v2's only when every module is") }
            return atV2
        }

        /// A later cycle completes: every module v2, nothing failed, the state v2's.
        func expectTheNextCycleCompletes(_ label: String) async {
            let report = await fixture.makeService().runCycle(before: Date().addingTimeInterval(3600))
            #expect(report?.failed == 0, "\(label)")
            #expect(report?.errorCode == nil, "\(label)")
            #expect(expectNoHalfInstall("\(label), then") == 3)
            #expect(statePublishedAt == BackgroundCycleTests.v2At, "\(label)")
        }
    }

    /// Waits until the stopped cycle's work has ended (it can land nothing, but may still be running).
    static func waitForStoppedWork(_ service: OTALocalizationService) async throws {
        while await service.stoppedCyclesEnded < 1 { try await Task.sleep(nanoseconds: 5_000_000) }
    }

    @Test(HangLimit.tenMinutes)
    func aCycleRunBeforeALaterDeadlineCompletesAndReturnsItsReport() async throws {
        let published = try await Published()
        let deadlines = ManualDeadlines()

        let report = await published.fixture.makeService(deadlines: deadlines).runCycle(before: Date().addingTimeInterval(1000))

        #expect(report?.manifest == .updated)
        #expect(report?.updated == 3)
        #expect(report == published.fixture.reports.all.last, "the report the handler got")
        #expect(published.expectNoHalfInstall("uncut") == 3)
        #expect(deadlines.pass(where: { $0 > 900 }) == 0, "the budget's deadline is cancelled once the cycle ended")
    }

    @Test(HangLimit.tenMinutes)
    func aDeadlineAlreadyPastStopsTheCycleAtOnce() async throws {
        let published = try await Published()
        let service = published.fixture.makeService()

        let report = await service.runCycle(before: Date().addingTimeInterval(-1))

        #expect(report?.errorCode == .cancelled)
        #expect(report?.error == Self.cancelledAtTheDeadline)
        try await Self.waitForStoppedWork(service)
        #expect(published.expectNoHalfInstall("a past deadline") == 0)
        await published.expectTheNextCycleCompletes("a past deadline")
    }

    /// A background call that joins the cycle a foreground `start()` runs cuts it short for both: the process's
    /// background time is up.
    @Test(HangLimit.tenMinutes)
    func aJoinedCycleIsCutShortForEveryCaller() async throws {
        let published = try await Published()
        let gate = Gate()
        published.fixture.transport.gate(SyncFixture.url("1.0", published.v2[1].path), gate)
        let service = published.fixture.makeService(parallel: 1)
        let foreground = Task { await service.start() }
        await gate.waitForArrivals(1)
        let background = Task { await service.runCycle(before: Date().addingTimeInterval(3600)) }
        while await service.joinedCallers < 1 { try await Task.sleep(nanoseconds: 5_000_000) }

        background.cancel()

        let report = await background.value
        await foreground.value
        #expect(report?.error == Self.cancelledByTheTask)
        #expect(published.fixture.reports.all.count == 2, "the v1 cycle's report and this one: one cycle for both callers")
        #expect(published.fixture.reports.all.last == report)
        gate.open()
        try await Self.waitForStoppedWork(service)
        #expect(published.expectNoHalfInstall("a joined cycle cut short") == 1, "Checkout was installed before the cut")
        await published.expectTheNextCycleCompletes("a joined cycle cut short")
    }

    /// The task running the cycle is cancelled (as a `BGTask` expiration handler does) while the cycle's `n`th request
    /// is in flight, for every `n` a complete cycle makes.
    @Test(HangLimit.tenMinutes)
    func aCycleCancelledAtEveryRequestLeavesNoHalfInstall() async throws {
        var cuts = 0
        for n in 1...200 {
            let published = try await Published()
            let runner = TaskHolder()
            let transport = CuttingTransport(published.fixture.transport, atRequest: n) { runner.cancel() }
            let service = published.fixture.makeService(transport: transport)
            let task = Task { await service.runCycle(before: Date().addingTimeInterval(3600)) }
            runner.hold(task)
            let report = await task.value
            guard transport.didCut else {
                // A complete cycle makes fewer than n requests: every request was cut once.
                #expect(report?.updated == 3)
                break
            }
            cuts += 1
            #expect(report?.errorCode == .cancelled, "request \(n)")
            #expect(report?.error == Self.cancelledByTheTask, "request \(n)")
            published.expectNoHalfInstall("cut at request \(n)")
            try await Self.waitForStoppedWork(service)
            published.expectNoHalfInstall("cut at request \(n), its work ended")
            await published.expectTheNextCycleCompletes("cut at request \(n)")
        }
        // The root, the base part and the three ZIPs at least.
        #expect(cuts >= 5)
    }

    /// The budget's deadline passes between two commit steps (a folder renamed into place, a pointer swapped, a record
    /// written, `state.json` saved, a removal), before step `n`, for every `n` a complete cycle makes.
    @Test(HangLimit.tenMinutes)
    func aCycleWhoseDeadlinePassesBetweenAnyTwoCommitStepsLeavesNoHalfInstall() async throws {
        var cuts = 0
        var installedWhenCut: [Int] = []
        for n in 1...200 {
            let published = try await Published()
            let deadlines = ManualDeadlines()
            let steps = StepCounter(cutAt: n) { deadlines.pass(where: { $0 > 900 }) }
            // One download at a time, so the steps come in the same order in every run.
            let service = published.fixture.makeService(parallel: 1, deadlines: deadlines, beforeCommitStep: { steps.step() })
            let report = await service.runCycle(before: Date().addingTimeInterval(1000))
            guard steps.didCut else {
                #expect(report?.updated == 3)
                break
            }
            cuts += 1
            #expect(report?.errorCode == .cancelled, "step \(n)")
            #expect(report?.error == Self.cancelledAtTheDeadline, "step \(n)")
            let atV2 = published.expectNoHalfInstall("cut before step \(n)")
            installedWhenCut.append(atV2)
            try await Self.waitForStoppedWork(service)
            published.expectNoHalfInstall("cut before step \(n), its work ended")
            await published.expectTheNextCycleCompletes("cut before step \(n)")
        }
        // Three folders renamed and three pointers swapped at least, and state.json.
        #expect(cuts >= 7)
        // What the cut cycles had committed: none of v2, some of it (one module, two), all of it.
        #expect(Set(installedWhenCut) == [0, 1, 2, 3])
    }
}

/// The task that runs a cycle, for a transport to cancel.
final class TaskHolder: @unchecked Sendable {
    private let lock = NSLock()
    private var task: Task<OTALocalizationCycleReport?, Never>?
    private var cancelled = false

    func hold(_ task: Task<OTALocalizationCycleReport?, Never>) {
        let cancelNow: Bool = lock.withLock {
            self.task = task
            return cancelled
        }
        if cancelNow { task.cancel() }
    }

    func cancel() {
        let task: Task<OTALocalizationCycleReport?, Never>? = lock.withLock {
            cancelled = true
            return self.task
        }
        task?.cancel()
    }
}

/// A transport that runs `cut` when its `n`th request arrives, then answers it as `inner` does.
final class CuttingTransport: HTTPTransport, @unchecked Sendable {
    private let inner: any HTTPTransport
    private let n: Int
    private let cut: @Sendable () -> Void
    private let lock = NSLock()
    private var requests = 0

    init(_ inner: any HTTPTransport, atRequest n: Int, cut: @escaping @Sendable () -> Void) {
        self.inner = inner
        self.n = n
        self.cut = cut
    }

    var didCut: Bool { lock.withLock { requests >= n } }

    func get(_ url: URL, headers: [String: String], timeout: TimeInterval, maximumBytes: Int64?) async throws -> HTTPResponse {
        let count: Int = lock.withLock {
            requests += 1
            return requests
        }
        if count == n { cut() }
        return try await inner.get(url, headers: headers, timeout: timeout, maximumBytes: maximumBytes)
    }
}

/// Counts commit steps and runs `cut` before the `n`th.
final class StepCounter: @unchecked Sendable {
    private let n: Int
    private let cut: @Sendable () -> Void
    private let lock = NSLock()
    private var steps = 0

    init(cutAt n: Int, cut: @escaping @Sendable () -> Void) {
        self.n = n
        self.cut = cut
    }

    var didCut: Bool { lock.withLock { steps >= n } }

    func step() {
        let count: Int = lock.withLock {
            steps += 1
            return steps
        }
        if count == n { cut() }
    }
}
