import Foundation
import OTALocalizationsCore

/// The installer's only contact points with the shared formats: digest, ZIP extraction and table parsing.
enum CoreFormats {
    /// SHA-256 of `data` as 64 lowercase hex digits.
    static func sha256Hex(_ data: Data) -> String {
        SHA256Digest.hexString(data)
    }

    /// Opens a ZIP: its directory parsed and checked under `limits`, nothing inflated yet; hostile archives throw.
    static func open(_ data: Data, limits: ZipLimits) throws(InstallFailure) -> ZipArchive {
        do {
            return try ZipArchive(bytes: data, limits: limits)
        } catch {
            throw failure(error)
        }
    }

    /// One entry's bytes, inflated within the limits and checked against its size and CRC-32.
    static func contents(of entry: ZipEntry, in archive: ZipArchive) throws(InstallFailure) -> Data {
        do {
            return try archive.contents(of: entry)
        } catch {
            throw failure(error)
        }
    }

    /// Parses a `.strings` or `.stringsdict` table with the project's own parser.
    static func validateTable(_ data: Data, path: String) throws(InstallFailure) {
        do {
            _ = try LocalizationTable.parse(data, path: path)
        } catch {
            throw InstallFailure(.content, "table does not parse: \(error)")
        }
    }

    /// An archive error as an install failure: code `limit` for the ZIP limits, `archive` for the rest.
    private static func failure(_ error: any Error) -> InstallFailure {
        guard let error = error as? ArchiveError else { return InstallFailure(.archive, "archive rejected: \(error)") }
        let limits: [ArchiveError.Code] = [.tooLarge, .entryTooLarge, .tooManyEntries, .archiveTooLarge]
        let place = error.entryPath.map { "\($0): " } ?? ""
        return InstallFailure(limits.contains(error.code) ? .limit : .archive, "archive rejected (\(error.code)): \(place)\(error.reason)")
    }
}

/// Why one module could not be installed: a stable code and one sentence for the cycle report.
package struct InstallFailure: Error, Sendable, CustomStringConvertible {
    package var code: OTALocalizationCycleReport.Module.FailureCode
    package var reason: String
    init(_ code: OTALocalizationCycleReport.Module.FailureCode, _ reason: String) {
        self.code = code
        self.reason = reason
    }
    package var description: String { reason }
}
