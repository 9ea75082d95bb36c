import Foundation

/// ISO 8601 date-times as the manifest writes them: UTC, whole seconds, `Z` suffix (RFC 3339 section 5.6).
public enum ManifestDate {
    /// `2026-07-24T10:00:00Z` for the given instant, fractions of a second dropped.
    public static func format(_ date: Date) -> String {
        let seconds = Date(timeIntervalSince1970: (date.timeIntervalSince1970).rounded(.down))
        return seconds.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
    }

    /// Parses an RFC 3339 date-time with or without fractional seconds; nil when it is not one.
    public static func parse(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }
}
