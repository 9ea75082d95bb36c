import Foundation

/// An instant as a manifest writes it: whole seconds since 1970-01-01T00:00:00Z (UTC) and nanoseconds.
///
/// Comparisons are exact, to the nanosecond, unlike `Date` (a `Double`), whose resolution at year 9999 is about
/// 60 microseconds. Parsed from and written as RFC 3339 date-times by ``ManifestDate``; years 0001-9999 only.
public struct ManifestTimestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Whole seconds since 1970-01-01T00:00:00Z, leap seconds not counted (POSIX time).
    public let secondsSince1970: Int64
    /// The fraction of the second, 0 through 999,999,999.
    public let nanoseconds: Int32

    /// Creates a timestamp; `nanoseconds` outside 0..<1,000,000,000 carries into the seconds.
    public init(secondsSince1970: Int64, nanoseconds: Int32 = 0) {
        let carry = Int64(nanoseconds).quotientAndRemainder(dividingBy: 1_000_000_000)
        var seconds = secondsSince1970 + carry.quotient
        var nanos = carry.remainder
        if nanos < 0 {
            nanos += 1_000_000_000
            seconds -= 1
        }
        self.secondsSince1970 = seconds
        self.nanoseconds = Int32(nanos)
    }

    /// The instant of `date`, rounded to the nearest microsecond (a `Date` holds no more near the present).
    public init(_ date: Date) {
        let interval = date.timeIntervalSince1970
        let whole = interval.rounded(.down)
        let micros = ((interval - whole) * 1_000_000).rounded()
        self.init(secondsSince1970: Int64(whole), nanoseconds: Int32(micros) * 1000)
    }

    /// The same instant as a `Date` (as precise as a `Double` allows).
    public var date: Date {
        Date(timeIntervalSince1970: TimeInterval(secondsSince1970) + TimeInterval(nanoseconds) / 1_000_000_000)
    }

    /// This instant plus `seconds` (whole and fractional), for tolerances.
    public func adding(seconds: TimeInterval) -> ManifestTimestamp {
        let whole = seconds.rounded(.down)
        let nanos = ((seconds - whole) * 1_000_000_000).rounded()
        let clamped = max(-9.0e15, min(9.0e15, whole))
        return ManifestTimestamp(secondsSince1970: secondsSince1970 + Int64(clamped), nanoseconds: nanoseconds + Int32(nanos))
    }

    public static func < (lhs: ManifestTimestamp, rhs: ManifestTimestamp) -> Bool {
        (lhs.secondsSince1970, lhs.nanoseconds) < (rhs.secondsSince1970, rhs.nanoseconds)
    }

    /// The RFC 3339 text ``ManifestDate/format(_:)-(ManifestTimestamp)`` writes.
    public var description: String { ManifestDate.format(self) }
}
