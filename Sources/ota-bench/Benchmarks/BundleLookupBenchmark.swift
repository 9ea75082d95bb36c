import Foundation
import OTALocalizations

/// Benchmark 1: `OTALocalizedString.bundle(for:)` per call, on one thread and on two reader threads while the
/// main actor reloads, beside the floor: an unsynchronized `[String: Bundle]` lookup of the same keys.
enum BundleLookupBenchmark {
    static let modules = 30
    static let rounds = 200_000  // × 30 keys = 6 million calls per run
    static let runs = 7

    @MainActor
    static func run() throws -> Section {
        var section = Section(key: "bundleFor", title: "OTALocalizedString.bundle(for:)")
        let root = try Fixtures.temporaryFolder("bundlefor")
        defer {
            OTALocalizedString.clearBundleCache()
            try? FileManager.default.removeItem(at: root)
        }
        let names = try Fixtures.writeStorageRoot(at: root, appVersion: "1.0.0", modules: modules)
        OTALocalizedString.loadBundlesFromDisk(storageRoot: root, appVersion: "1.0.0")
        var floorTable: [String: Bundle] = [:]
        for name in names { floorTable[name] = OTALocalizedString.bundle(for: name) }
        guard floorTable.count == modules else { throw BenchError("only \(floorTable.count) of \(modules) bundles loaded") }
        // Fresh String values (not the literals the dictionary holds), as call sites pass them.
        let keys = names.map { String($0.utf8.map { Character(UnicodeScalar($0)) }) }
        let calls = Double(rounds * keys.count)

        _ = lookupLoop(keys, rounds: rounds / 10)
        _ = floorLoop(floorTable, keys, rounds: rounds / 10)
        var oneThread: [Double] = []
        var floor: [Double] = []
        for _ in 0..<runs {
            oneThread.append(Stopwatch.seconds { Sink.add(lookupLoop(keys, rounds: rounds)) } * 1e9 / calls)
            floor.append(Stopwatch.seconds { Sink.add(floorLoop(floorTable, keys, rounds: rounds)) } * 1e9 / calls)
        }

        var concurrent: [Double] = []
        var concurrentFloor: [Double] = []
        var reloads: [Int] = []
        for _ in 0..<runs {
            let (nanoseconds, count) = readersWhileReloading(keys, storageRoot: root, calls: calls)
            concurrent.append(nanoseconds)
            reloads.append(count)
            concurrentFloor.append(twoThreadFloor(floorTable, keys, calls: calls))
        }
        OTALocalizedString.loadBundlesFromDisk(storageRoot: root, appVersion: "1.0.0")

        let floorBaseline = Figure.Baseline(label: "unsynchronized [String: Bundle] lookup, one thread", samples: floor)
        var single = Figure(key: "oneThread", label: "one thread", unit: "ns/call", samples: oneThread, baseline: floorBaseline)
        single.goal = .init(text: "within 1.2× the floor", met: (single.ratio ?? .infinity) <= 1.2)
        var withReload = Figure(
            key: "twoReadersWhileMainActorReloads", label: "2 reader threads, main actor reloading",
            unit: "ns/call", samples: concurrent,
            baseline: .init(label: "unsynchronized lookup on 2 threads, no reload", samples: concurrentFloor))
        withReload.goal = .init(text: "within 1.2× the floor", met: (withReload.ratio ?? .infinity) <= 1.2)
        withReload.note = "per reader thread; the main actor ran loadBundlesFromDisk/clearBundleCache "
            + "\(reloads.min() ?? 0)–\(reloads.max() ?? 0) times per run meanwhile"
        section.figures = [single, withReload]
        section.context = [
            ("modules", "\(modules)"), ("calls per run", "\(Int(calls)) per thread"), ("runs", "\(runs)"),
        ]
        return section
    }

    /// Two reader threads call `bundle(for:)` `calls` times each while the main actor alternates
    /// `loadBundlesFromDisk` and `clearBundleCache`; returns the readers' mean ns/call and the reload count.
    @MainActor
    private static func readersWhileReloading(_ keys: [String], storageRoot: URL, calls: Double) -> (Double, Int) {
        let readers = ReaderGroup(count: 2) { Sink.add(lookupLoop(keys, rounds: rounds)) }
        var reloads = 0
        readers.start()
        while !readers.finished {
            OTALocalizedString.loadBundlesFromDisk(storageRoot: storageRoot, appVersion: "1.0.0")
            OTALocalizedString.clearBundleCache()
            reloads += 1
        }
        return (readers.meanSeconds * 1e9 / calls, reloads)
    }

    private static func twoThreadFloor(_ table: [String: Bundle], _ keys: [String], calls: Double) -> Double {
        let readers = ReaderGroup(count: 2) { Sink.add(floorLoop(table, keys, rounds: rounds)) }
        readers.start()
        while !readers.finished { usleep(1000) }
        return readers.meanSeconds * 1e9 / calls
    }

    @inline(never)
    static func lookupLoop(_ keys: [String], rounds: Int) -> Int {
        var accumulator = 0
        for _ in 0..<rounds {
            for key in keys {
                if let bundle = OTALocalizedString.bundle(for: key) { accumulator &+= ObjectIdentifier(bundle).hashValue }
            }
        }
        return accumulator
    }

    @inline(never)
    static func floorLoop(_ table: [String: Bundle], _ keys: [String], rounds: Int) -> Int {
        var accumulator = 0
        for _ in 0..<rounds {
            for key in keys {
                if let bundle = table[key] { accumulator &+= ObjectIdentifier(bundle).hashValue }
            }
        }
        return accumulator
    }
}

/// Threads that each run `work` once, started together; each times its own run.
final class ReaderGroup: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds: [Double] = []
    private let count: Int
    private let work: @Sendable () -> Void

    init(count: Int, work: @escaping @Sendable () -> Void) {
        self.count = count
        self.work = work
    }

    func start() {
        for _ in 0..<count {
            let thread = Thread { [self] in
                let elapsed = Stopwatch.seconds(work)
                lock.lock()
                seconds.append(elapsed)
                lock.unlock()
            }
            thread.start()
        }
    }

    var finished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return seconds.count == count
    }

    var meanSeconds: Double {
        lock.lock()
        defer { lock.unlock() }
        return seconds.reduce(0, +) / Double(max(1, seconds.count))
    }
}

/// Keeps loop results observable so the optimizer cannot drop the loops.
enum Sink {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var value = 0

    static func add(_ x: Int) {
        lock.lock()
        value &+= x
        lock.unlock()
    }

    static var current: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
