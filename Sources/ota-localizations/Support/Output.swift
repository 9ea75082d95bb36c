import Foundation

/// Standard output and error, and the exit statuses every command shares.
enum Output {
    /// 0 success, 1 bad input or findings, 2 usage error.
    enum Status: Int32 {
        case success = 0
        case failure = 1
        case usage = 2
    }

    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func err(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
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
