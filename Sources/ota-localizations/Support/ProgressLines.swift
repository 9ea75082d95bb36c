import Foundation

/// Progress lines on standard error for a count that grows to a known total (`Uploading 120 of 1,271 files…`), at a
/// rate a CI log can hold: a line when the count passes another tenth of the total (and at least
/// ``minimumFilesPerLine`` more), or when ``intervalSeconds`` have passed since the last line and the count moved;
/// never more than one line per call. The first and the last line are the caller's own (what starts, what ended).
///
/// Used on one thread: the command's, which the library calls back on.
final class ProgressLines {
    /// The fewest files between two lines that the count alone prints.
    static let minimumFilesPerLine = 50
    /// The longest time without a line while the count moves, in seconds.
    static let intervalSeconds: TimeInterval = 5

    private let total: Int
    private let quiet: Bool
    private let line: (Int) -> String
    private let step: Int
    private var next: Int
    private var printedAt = Date()
    private var printed = 0

    /// - Parameters:
    ///   - quiet: print nothing (`--quiet`).
    ///   - line: the line for a count between 0 and `total` (both excluded).
    init(total: Int, quiet: Bool, line: @escaping (Int) -> String) {
        self.total = total
        self.quiet = quiet
        self.line = line
        step = max(Self.minimumFilesPerLine, (total + 9) / 10)
        next = step
    }

    /// Takes the count done so far; prints a line when one is due (none for 0 or the total: the caller's own lines).
    func update(_ done: Int) {
        guard !quiet, done > 0, done < total else { return }
        let now = Date()
        guard done >= next || (done > printed && now.timeIntervalSince(printedAt) >= Self.intervalSeconds) else { return }
        Output.err(line(done))
        printed = done
        printedAt = now
        next = (done / step + 1) * step
    }
}
