import Foundation
import OTALocalizationsCore

/// A downloaded ZIP as the installer reads it: its directory checked, each entry inflated within the limits, each
/// table parsed; every Core error turned into the cycle's failure (`limit` for the ZIP limits, `archive`, `content`).
enum ModuleArchive {
    /// Opens a ZIP: its directory parsed and checked under `limits`, nothing inflated yet; hostile archives throw.
    static func open(_ data: Data, limits: ZipLimits) throws(CycleFailure) -> ZipArchive {
        do {
            return try ZipArchive(bytes: data, limits: limits)
        } catch {
            throw failure(error)
        }
    }

    /// One entry's bytes, inflated within the limits and checked against its size and CRC-32.
    static func contents(of entry: ZipEntry, in archive: ZipArchive) throws(CycleFailure) -> Data {
        do {
            return try archive.contents(of: entry)
        } catch {
            throw failure(error)
        }
    }

    /// Parses a `.strings` or `.stringsdict` table with the project's own parser.
    static func validateTable(_ data: Data, path: String) throws(CycleFailure) {
        do {
            _ = try LocalizationTable.parse(data, path: path)
        } catch {
            throw CycleFailure(.content, "table does not parse: \(error)")
        }
    }

    /// An archive error as an install failure: code `limit` for the ZIP limits, `archive` for the rest.
    private static func failure(_ error: any Error) -> CycleFailure {
        guard let error = error as? ArchiveError else { return CycleFailure(.archive, "archive rejected: \(error)") }
        let limits: [ArchiveError.Code] = [.tooLarge, .entryTooLarge, .tooManyEntries, .archiveTooLarge]
        let place = error.entryPath.map { "\($0): " } ?? ""
        return CycleFailure(limits.contains(error.code) ? .limit : .archive, "archive rejected (\(error.code)): \(place)\(error.reason)")
    }
}
