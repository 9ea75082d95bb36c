import Foundation

/// Standard output and error, and the exit statuses every command shares.
enum Output {
    /// 0 success, 1 bad input or findings, 2 usage error.
    enum Status: Int32 {
        case success = 0
        case failure = 1
        case usage = 2
    }

    /// Writes a line to stdout. A failed write (full disk, closed pipe) is ignored: the exit status still tells.
    static func out(_ text: String) {
        write(text + "\n", to: STDOUT_FILENO)
    }

    /// Writes a line to stderr, ignoring failures like ``out(_:)``.
    static func err(_ text: String) {
        write(text + "\n", to: STDERR_FILENO)
    }

    /// Makes a closed pipe a failed write instead of a signal that kills the process mid-publish.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// `1,234` style grouping for byte counts in summaries (locale-independent).
    static func grouped(_ value: Int64) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return value < 0 ? "-" + out : out
    }

    /// `1 table` / `2 tables`: a count with its noun, plural by adding `s`.
    static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }

    /// Left-aligns `text` in `width` columns.
    static func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
