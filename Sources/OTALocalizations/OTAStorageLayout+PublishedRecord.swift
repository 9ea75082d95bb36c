import Foundation
import OTALocalizationsNames

extension OTAStorageLayout {
    /// The file name, beside a module's `current`, of the published-content record: for an installed folder whose
    /// name is not the manifest entry's `sha256` (a folder assembled from slices is named by its slice record), the
    /// `sha256` of the entry it was installed from. Absent when the active folder came from the full ZIP.
    package static let publishedRecordFileName = "published"

    /// `modules/<storage name>/published` (see ``publishedRecordFileName``).
    package func publishedRecordFile(module: String) -> URL {
        moduleFolder(module).appendingPathComponent(Self.publishedRecordFileName, isDirectory: false)
    }

    /// The most lines a published-content record holds: the folder being installed, and the active one until the
    /// pointer has moved (so a process killed between the two writes still finds the active folder's line).
    package static let maximumPublishedRecordLines = 2

    /// The exact bytes of a published-content record: one line per folder, `<folder sha256> <entry sha256>` and a
    /// line feed, both 64 lowercase hex digits, at most ``maximumPublishedRecordLines`` lines.
    package static func publishedRecordContents(_ lines: [(folder: String, published: String)]) -> Data {
        Data(lines.map { "\($0.folder) \($0.published)\n" }.joined().utf8)
    }

    /// The entry `sha256` of each folder a published-content record names, by folder SHA-256; nil unless `data` is
    /// exactly what ``publishedRecordContents(_:)`` writes (1 or 2 lines, no folder twice).
    package static func parsePublishedRecord(_ data: Data) -> [String: String]? {
        let bytes = Array(data)
        let lineLength = 64 + 1 + 64 + 1
        guard !bytes.isEmpty, bytes.count % lineLength == 0, bytes.count / lineLength <= maximumPublishedRecordLines else { return nil }
        var result: [String: String] = [:]
        for start in stride(from: 0, to: bytes.count, by: lineLength) {
            let line = bytes[start..<(start + lineLength)]
            guard line[start + 64] == UInt8(ascii: " "), line[start + lineLength - 1] == 0x0A,
                  line[start..<(start + 64)].allSatisfy(LowercaseHex.isDigit),
                  line[(start + 65)..<(start + 129)].allSatisfy(LowercaseHex.isDigit)
            else { return nil }
            let folder = String(decoding: line[start..<(start + 64)], as: UTF8.self)
            guard result[folder] == nil else { return nil }
            result[folder] = String(decoding: line[(start + 65)..<(start + 129)], as: UTF8.self)
        }
        return result
    }
}
