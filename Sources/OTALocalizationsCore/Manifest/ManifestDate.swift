import Foundation

/// RFC 3339 date-times (section 5.6) as the manifest carries them, read and written exactly.
///
/// Read: `YYYY-MM-DDTHH:MM:SS`, an optional fraction of 1 to 9 digits, then `Z` or `±HH:MM`; `T` and `Z` may be
/// lower case (RFC 3339 section 5.6, note). The year is 0001-9999 (four digits), the day must exist in its month
/// (Gregorian leap years), and the offset is applied; the instant must also fall in 0001-9999 in UTC. A leap second (`:60`, RFC 3339 section 5.7) is accepted
/// only in the last minute of a UTC hour and means the instant one second after `:59` of that minute, which is
/// also the next minute's `:00` (POSIX time counts no leap seconds), so it compares deterministically. Anything
/// else (a space for `T`, a missing offset, a week date, ten or more fractional digits) is refused.
///
/// Written: UTC with a `Z`, the fraction in groups of three digits (none, milliseconds, microseconds or
/// nanoseconds: the shortest that is exact), so a parsed value is written back as the same instant.
public enum ManifestDate {
    /// `2026-07-24T10:00:00Z`, or with the fraction the instant has, e.g. `2026-07-24T10:00:00.900Z`.
    public static func format(_ timestamp: ManifestTimestamp) -> String {
        let (days, secondOfDay) = timestamp.secondsSince1970.floorDivided(by: 86_400)
        let (year, month, day) = civil(fromDays: days)
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
        text += pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        var nanos = Int64(timestamp.nanoseconds)
        if nanos != 0 {
            var digits = 9
            while digits > 3, nanos % 1000 == 0 {
                nanos /= 1000
                digits -= 3
            }
            text += "." + pad(nanos, digits)
        }
        return text + "Z"
    }

    /// The same for a `Date`, rounded to the microsecond (see ``ManifestTimestamp/init(_:)``).
    public static func format(_ date: Date) -> String {
        format(ManifestTimestamp(date))
    }

    /// Parses an RFC 3339 date-time under the rules above; nil when it is not one.
    public static func parseTimestamp(_ text: String) -> ManifestTimestamp? {
        var reader = DigitReader(Array(text.utf8))
        guard let year = reader.number(4), reader.skip("-"), let month = reader.number(2), reader.skip("-"),
              let day = reader.number(2), reader.skip("T", lowercase: "t"),
              let hour = reader.number(2), reader.skip(":"), let minute = reader.number(2), reader.skip(":"),
              let second = reader.number(2)
        else { return nil }
        var nanoseconds: Int64 = 0
        if reader.skip(".") {
            var count = 0
            while let digit = reader.digit() {
                count += 1
                guard count <= 9 else { return nil }
                nanoseconds = nanoseconds * 10 + digit
            }
            guard count > 0 else { return nil }
            for _ in count..<9 { nanoseconds *= 10 }
        }
        var offsetMinutes: Int64 = 0
        if !reader.skip("Z", lowercase: "z") {
            let sign: Int64
            if reader.skip("+") {
                sign = 1
            } else if reader.skip("-") {
                sign = -1
            } else {
                return nil
            }
            guard let offsetHour = reader.number(2), reader.skip(":"), let offsetMinute = reader.number(2),
                  offsetHour <= 23, offsetMinute <= 59
            else { return nil }
            offsetMinutes = sign * (offsetHour * 60 + offsetMinute)
        }
        guard reader.atEnd, (1...9999).contains(year), (1...12).contains(month),
              (1...daysIn(month: month, year: year)).contains(day), hour <= 23, minute <= 59, second <= 60
        else { return nil }
        let local = days(fromCivil: year, month, day) * 86_400 + hour * 3600 + minute * 60
        let utcMinutes = local / 60 - offsetMinutes
        if second == 60, utcMinutes.floorDivided(by: 60).remainder != 59 { return nil }
        let utcSeconds = utcMinutes * 60 + second
        // The years hold in UTC too, so that every accepted instant is written back in a form that reads.
        guard (firstSecond...lastSecond).contains(utcSeconds) else { return nil }
        return ManifestTimestamp(secondsSince1970: utcSeconds, nanoseconds: Int32(nanoseconds))
    }

    /// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z in seconds since 1970.
    private static let firstSecond = days(fromCivil: 1, 1, 1) * 86_400
    private static let lastSecond = days(fromCivil: 9999, 12, 31) * 86_400 + 86_399

    /// ``parseTimestamp(_:)`` as a `Date`.
    public static func parse(_ text: String) -> Date? {
        parseTimestamp(text)?.date
    }

    // MARK: Civil calendar (proleptic Gregorian; H. Hinnant, "chrono-Compatible Low-Level Date Algorithms")

    static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

/// A cursor over ASCII bytes for ``ManifestDate``.
private struct DigitReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func digit() -> Int64? {
        guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else { return nil }
        index += 1
        return Int64(bytes[index - 1] - 0x30)
    }

    /// Exactly `count` digits as a number.
    mutating func number(_ count: Int) -> Int64? {
        var value: Int64 = 0
        for _ in 0..<count {
            guard let digit = digit() else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    mutating func skip(_ character: Unicode.Scalar, lowercase: Unicode.Scalar? = nil) -> Bool {
        guard index < bytes.count else { return false }
        let byte = bytes[index]
        guard byte == UInt8(character.value) || lowercase.map({ byte == UInt8($0.value) }) == true else { return false }
        index += 1
        return true
    }
}

extension Int64 {
    /// Floor division: the remainder is never negative.
    fileprivate func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
