import Foundation

/// One measured figure: the samples of repeated runs, summarized as min and median, with an optional baseline.
struct Figure: Sendable {
    /// A stable key in the JSON object, e.g. `oneThreadNsPerCall`.
    var key: String
    /// What was measured, for the human report.
    var label: String
    /// `ns/call`, `ms`, `s`, `MB/s`, `MB`, `requests`, `bytes`.
    var unit: String
    /// Every run's value, in run order.
    var samples: [Double]
    /// What a user would otherwise use, measured in the same invocation.
    var baseline: Baseline?
    /// How `ratio` reads: true when a smaller value is better (times), false when larger is better (throughput).
    var smallerIsBetter: Bool = true
    /// The goal the issue sets, in words, and whether the median meets it.
    var goal: Goal?
    var note: String?

    struct Baseline: Sendable {
        var label: String
        var samples: [Double]
        var min: Double { samples.min() ?? .nan }
        var max: Double { samples.max() ?? .nan }
        var median: Double { Figure.median(samples) }
    }

    struct Goal: Sendable {
        var text: String
        var met: Bool
    }

    var min: Double { samples.min() ?? .nan }
    var max: Double { samples.max() ?? .nan }
    var median: Double { Figure.median(samples) }
    /// The best run: the min for times and sizes, the max for throughputs.
    var best: Double { smallerIsBetter ? min : max }
    /// The reported value: the median.
    var value: Double { median }
    /// value / baseline value (medians).
    var ratio: Double? { baseline.map { value / $0.median } }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// One benchmark's result: its figures, or why it was skipped.
struct Section: Sendable {
    /// The JSON top-level key.
    var key: String
    var title: String
    var figures: [Figure] = []
    /// Facts about the input (sizes, counts, paths), printed and put in the JSON `context` object.
    var context: [(String, String)] = []
    var skipped: String?
}

/// Measures durations on the monotonic clock `DispatchTime` reads, which every supported macOS has
/// (`ContinuousClock` needs macOS 13).
enum Stopwatch {
    /// A moment to measure from.
    struct Start {
        fileprivate let nanoseconds = DispatchTime.now().uptimeNanoseconds

        /// Seconds since this moment.
        var elapsedSeconds: Double { Double(DispatchTime.now().uptimeNanoseconds - nanoseconds) / 1e9 }
    }

    static func start() -> Start { Start() }

    static func seconds(_ work: () throws -> Void) rethrows -> Double {
        let start = Start()
        try work()
        return start.elapsedSeconds
    }

    static func seconds(_ work: () async throws -> Void) async rethrows -> Double {
        let start = Start()
        try await work()
        return start.elapsedSeconds
    }
}

/// A failure of the bench's own setup (a tool missing, a subprocess failing), with a human reason.
struct BenchError: Error, CustomStringConvertible {
    var reason: String
    init(_ reason: String) { self.reason = reason }
    var description: String { reason }
}
