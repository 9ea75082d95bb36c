import Foundation
import OTALocalizationsNames

extension OTAStorageLayout {
    /// The file name of the install ID at the storage root: 32 lowercase hex digits (128 random bits) and a line
    /// feed, created once by the service and never sent anywhere; it places the device in staged rollouts
    /// (docs/rollouts.md). Deleting every bundle keeps it, so that a device keeps its place in every rollout.
    public static let installIDFileName = ".ota-install-id"
    /// The file name, beside a module's `current`, of the rollout record: which rollout the active content was
    /// installed for. Absent when the active content is the stable one.
    package static let rolloutRecordFileName = "rollout"

    /// `<storageRoot>/.ota-install-id` (see ``installIDFileName``).
    package var installIDFile: URL { storageRoot.appendingPathComponent(Self.installIDFileName, isDirectory: false) }

    /// `modules/<storage name>/rollout` (see ``rolloutRecordFileName``).
    package func rolloutRecordFile(module: String) -> URL {
        moduleFolder(module).appendingPathComponent(Self.rolloutRecordFileName, isDirectory: false)
    }

    /// The exact bytes of an install ID file holding `installID`: the ID and a line feed.
    package static func installIDContents(_ installID: String) -> Data {
        Data((installID + "\n").utf8)
    }

    /// The install ID a file holds, or nil unless `data` is exactly 32 lowercase hex digits and one "\n".
    package static func parseInstallID(_ data: Data) -> String? {
        guard data.count == 33, data.last == 0x0A, data.dropLast().allSatisfy(LowercaseHex.isDigit) else { return nil }
        return String(decoding: data.dropLast(), as: UTF8.self)
    }

    /// The exact bytes of a rollout record: `<sha256> <rollout id>` and a line feed, the SHA-256 being the ZIP's
    /// (the active folder's name without its `.<n>` suffix).
    package static func rolloutRecordContents(sha256: String, rolloutID: String) -> Data {
        Data("\(sha256) \(rolloutID)\n".utf8)
    }

    /// The SHA-256 and rollout id a rollout record holds, or nil unless `data` is exactly what
    /// ``rolloutRecordContents(sha256:rolloutID:)`` writes for 64 lowercase hex digits and a rollout id
    /// (`RolloutIdentifier`: 1 to 64 ASCII letters, digits, `-` or `_`).
    package static func parseRolloutRecord(_ data: Data) -> (sha256: String, rolloutID: String)? {
        let bytes = Array(data)
        guard bytes.count >= 67, bytes.count <= 130, bytes.last == 0x0A, bytes[64] == UInt8(ascii: " "),
              bytes[..<64].allSatisfy(LowercaseHex.isDigit)
        else { return nil }
        let id = String(decoding: bytes[65..<(bytes.count - 1)], as: UTF8.self)
        guard RolloutIdentifier.isValid(id) else { return nil }
        return (String(decoding: bytes[..<64], as: UTF8.self), id)
    }
}
