import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizationsCore

/// RFC 3339 date-times read and written exactly; expected instants come from Python's `datetime`.
@Suite struct ManifestDateTests {
    static let valid = [
        "1970-01-01T00:00:00Z",
        "0001-01-01T00:00:00Z",
        "9999-12-31T23:59:59.999999999Z",
        "2000-02-29T12:34:56Z",
        "2026-07-24T10:00:00.9Z",
        "2026-07-24T10:00:00.900Z",
        "2026-07-24T10:00:00.123456Z",
        "2026-07-24t10:00:00.000000001z",
        "2026-07-24T12:00:00+02:00",
        "2026-07-24T04:30:00-05:30",
        "1969-12-31T23:59:59.5Z",
        "0001-01-01T14:00:00+14:00",
        "9999-12-31T22:59:59.999999999-01:00",
    ]

    @Test func parsedInstantsEqualPythonsToTheNanosecond() throws {
        let printed = try ExternalTool.pythonBlocking("""
            import sys, datetime, re
            for text in sys.argv[1:]:
                m = re.match(r'(.{19})(?:\\.(\\d+))?(.*)$', text.upper())
                base, fraction, offset = m.group(1), m.group(2) or "", m.group(3)
                offset = "+00:00" if offset == "Z" else offset
                dt = datetime.datetime.fromisoformat(base + offset)
                delta = dt - datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
                seconds = delta.days * 86400 + delta.seconds
                print(seconds, int((fraction + "000000000")[:9]))
            """, Self.valid)
        let expected = printed.split(separator: "\n").map { line -> ManifestTimestamp in
            let parts = line.split(separator: " ")
            return ManifestTimestamp(secondsSince1970: Int64(parts[0])!, nanoseconds: Int32(parts[1])!)
        }
        #expect(Self.valid.map(ManifestDate.parseTimestamp) == expected)
    }

    @Test func fractionsSurviveAWriteAndAReadExactly() throws {
        for text in Self.valid {
            let timestamp = try #require(ManifestDate.parseTimestamp(text))
            #expect(ManifestDate.parseTimestamp(ManifestDate.format(timestamp)) == timestamp, "\(text)")
        }
        #expect(ManifestDate.format(ManifestDate.parseTimestamp("2026-07-24T10:00:00.900Z")!) == "2026-07-24T10:00:00.900Z")
        #expect(ManifestDate.format(ManifestDate.parseTimestamp("2026-07-24T10:00:00.9Z")!) == "2026-07-24T10:00:00.900Z")
        #expect(ManifestDate.format(ManifestDate.parseTimestamp("2026-07-24T10:00:00.000120Z")!) == "2026-07-24T10:00:00.000120Z")
        #expect(ManifestDate.format(ManifestDate.parseTimestamp("2026-07-24T12:00:00+02:00")!) == "2026-07-24T10:00:00Z")
        #expect(ManifestDate.format(ManifestDate.parseTimestamp("0001-01-01T00:00:00Z")!) == "0001-01-01T00:00:00Z")
    }

    @Test func comparisonsAreExactWithinOneSecond() throws {
        let earlier = try #require(ManifestDate.parseTimestamp("2026-07-24T10:00:00.100Z"))
        let later = try #require(ManifestDate.parseTimestamp("2026-07-24T10:00:00.900Z"))
        let whole = try #require(ManifestDate.parseTimestamp("2026-07-24T10:00:00Z"))
        #expect(whole < earlier && earlier < later)
        let far = try #require(ManifestDate.parseTimestamp("9999-12-31T23:59:59.999999998Z"))
        let farther = try #require(ManifestDate.parseTimestamp("9999-12-31T23:59:59.999999999Z"))
        #expect(far < farther)
        #expect(far.date == farther.date, "a Date cannot tell these apart; the timestamp can")
    }

    @Test(arguments: [
        "10000-01-01T00:00:00Z", "+10000-01-01T00:00:00Z", "0000-12-31T00:00:00Z", "2026-02-29T00:00:00Z",
        "2026-04-31T00:00:00Z", "2026-13-01T00:00:00Z", "2026-07-24 10:00:00Z", "2026-07-24T10:00:00",
        "2026-07-24T24:00:00Z", "2026-07-24T10:60:00Z", "2026-07-24T10:00:00.Z", "2026-07-24T10:00:00.1234567890Z",
        "2026-07-24T10:00:00+24:00", "2026-07-24T10:00:00+0200", "2026-07-24", "2026-W30-5T10:00:00Z",
        "2016-12-31T23:58:60Z", "2017-01-01T05:30:60+05:30", " 2026-07-24T10:00:00Z", "2026-07-24T10:00:00Z ",
    ])
    func malformedOrOutOfRangeTextIsRefused(_ text: String) {
        #expect(ManifestDate.parseTimestamp(text) == nil)
    }

    /// An offset or a leap second that takes the instant out of 0001-9999 in UTC: it could not be written back
    /// (`state.json` would hold a date no reader accepts).
    @Test(arguments: [
        "0001-01-01T00:00:00+14:00", "0001-01-01T00:00:59.999+00:01", "9999-12-31T23:00:00-01:00", "9999-12-31T23:59:60Z",
    ])
    func anInstantOutsideTheYearsInUTCIsRefused(_ text: String) {
        #expect(ManifestDate.parseTimestamp(text) == nil)
    }

    @Test func aLeapSecondIsTheInstantOneSecondAfterFiftyNine() throws {
        let leap = try #require(ManifestDate.parseTimestamp("2016-12-31T23:59:60Z"))
        #expect(leap == ManifestDate.parseTimestamp("2017-01-01T00:00:00Z"))
        #expect(try #require(ManifestDate.parseTimestamp("2016-12-31T23:59:59.999Z")) < leap)
        #expect(ManifestDate.parseTimestamp("2016-12-31T23:59:60.5Z") == ManifestDate.parseTimestamp("2017-01-01T00:00:00.5Z"))
        #expect(ManifestDate.parseTimestamp("2017-01-01T05:29:60+05:30") == leap)
    }

    @Test func dateConversionsRoundToTheMicrosecond() {
        let timestamp = ManifestTimestamp(Date(timeIntervalSince1970: 1_753_351_200.25))
        #expect(timestamp == ManifestTimestamp(secondsSince1970: 1_753_351_200, nanoseconds: 250_000_000))
        #expect(ManifestTimestamp(Date(timeIntervalSince1970: -0.5)) == ManifestTimestamp(secondsSince1970: -1, nanoseconds: 500_000_000))
        #expect(ManifestTimestamp(secondsSince1970: 10, nanoseconds: 900_000_000).adding(seconds: 0.2)
                == ManifestTimestamp(secondsSince1970: 11, nanoseconds: 100_000_000))
    }
}
