import Foundation
import OTALocalizationsCore

/// The `Date` header's value (RFC 9110 section 5.6.7): IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), and the two
/// obsolete forms a recipient must accept, RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime
/// (`Sun Nov  6 08:49:37 1994`). The weekday is not checked; a two-digit year is 19xx or 20xx, whichever is
/// nearer (RFC 9110 section 5.6.7: "more than 50 years in the future" is the past century).
enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func parse(_ text: String) -> ManifestTimestamp? {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var year: Int?, month: Int?, day: Int?, time: String?
        if words.count == 6, words[0].hasSuffix(","), words[5] == "GMT" {            // IMF-fixdate
            (day, month, year, time) = (Int(words[1]), monthNumber(words[2]), Int(words[3]), words[4])
            guard words[1].count == 2, words[3].count == 4 else { return nil }
        } else if words.count == 4, words[0].hasSuffix(","), words[3] == "GMT" {    // RFC 850
            let parts = words[1].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, parts[0].count == 2, parts[2].count == 2, let short = Int(parts[2]) else { return nil }
            (day, month, time) = (Int(parts[0]), monthNumber(parts[1]), words[2])
            year = short + 2000 > currentYear() + 50 ? short + 1900 : short + 2000
        } else if words.count == 5 {                                                // asctime
            (month, day, time, year) = (monthNumber(words[1]), Int(words[2]), words[3], Int(words[4]))
            guard words[4].count == 4 else { return nil }
        }
        guard let year, let month, let day, let time, time.count == 8, (1...9999).contains(year), (1...31).contains(day)
        else { return nil }
        return ManifestDate.parseTimestamp("\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(time)Z")
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func monthNumber(_ name: String) -> Int? {
        months.firstIndex(of: name).map { $0 + 1 }
    }

    private static func currentYear() -> Int {
        Int(ManifestDate.format(Date()).prefix(4)) ?? 2000
    }
}
