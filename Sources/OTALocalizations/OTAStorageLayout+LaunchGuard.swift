import Foundation
import OTALocalizationsNames

extension OTAStorageLayout {
    /// The file name, in the app-version folder, of the launch attempts record: the content the last unconfirmed
    /// launches were handed and how many there were (docs/design.md, "The crash-loop guard").
    package static let launchAttemptsFileName = "launch-attempts"
    /// The file name, in the app-version folder, of the quarantine record: the content the crash-loop guard stopped
    /// serving (``OTALaunchQuarantine``).
    package static let quarantineFileName = "quarantine.json"

    /// `<storageRoot>/<appVersion>/launch-attempts` (see ``launchAttemptsFileName``).
    package var launchAttemptsFile: URL { versionFolder.appendingPathComponent(Self.launchAttemptsFileName, isDirectory: false) }
    /// `<storageRoot>/<appVersion>/quarantine.json` (see ``quarantineFileName``).
    package var quarantineFile: URL { versionFolder.appendingPathComponent(Self.quarantineFileName, isDirectory: false) }
    /// `<storageRoot>/<appVersion>/quarantine.json.tmp`: where the quarantine records are written before their rename.
    package var quarantineTemporaryFile: URL {
        versionFolder.appendingPathComponent(Self.quarantineFileName + ".tmp", isDirectory: false)
    }

    /// The size of a launch attempts record in bytes: a 64-digit fingerprint, a space, a 4-digit count, a line feed.
    static let launchAttemptsRecordBytes = 70

    /// The exact bytes of a launch attempts record: the content's fingerprint (``OTALaunchQuarantine/fingerprint(of:)``),
    /// one space, the count of unconfirmed launches as four decimal digits (at most 9,999) and a line feed.
    package static func launchAttemptsContents(fingerprint: String, count: Int) -> Data {
        let digits = String(min(max(count, 0), 9_999))
        return Data("\(fingerprint) \(String(repeating: "0", count: 4 - digits.count))\(digits)\n".utf8)
    }

    /// The fingerprint and count a launch attempts record holds, or nil unless `data` is exactly what
    /// ``launchAttemptsContents(fingerprint:count:)`` writes.
    package static func parseLaunchAttempts(_ data: Data) -> (fingerprint: String, count: Int)? {
        let bytes = Array(data)
        guard bytes.count == launchAttemptsRecordBytes, bytes[64] == UInt8(ascii: " "), bytes[69] == 0x0A,
              bytes[..<64].allSatisfy(LowercaseHex.isDigit), bytes[65..<69].allSatisfy({ (0x30...0x39).contains($0) })
        else { return nil }
        return (String(decoding: bytes[..<64], as: UTF8.self), Int(String(decoding: bytes[65..<69], as: UTF8.self))!)
    }
}
