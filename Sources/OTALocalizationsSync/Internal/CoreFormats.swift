import Foundation
import OTALocalizationsCore

/// The installer's only contact points with the shared formats: digest, ZIP extraction and table parsing.
enum CoreFormats {
    /// SHA-256 of `data` as 64 lowercase hex digits.
    static func sha256Hex(_ data: Data) -> String {
        SHA256Digest.hexString(data)
    }

    /// Every regular entry of the ZIP, limits enforced while inflating; hostile archives throw.
    static func extract(_ data: Data, limits: ZipLimits) throws(InstallFailure) -> [(path: String, data: Data)] {
        do {
            return try ZipArchive(bytes: data, limits: limits).extractAll()
        } catch let error as ArchiveError {
            throw InstallFailure("archive rejected (\(error.code)): \(error.reason)")
        } catch {
            throw InstallFailure("archive rejected: \(error)")
        }
    }

    /// Parses a `.strings` or `.stringsdict` table with the project's own parser.
    static func validateTable(_ data: Data, path: String) throws(InstallFailure) {
        do {
            _ = try LocalizationTable.parse(data, path: path)
        } catch {
            throw InstallFailure("table does not parse: \(error)")
        }
    }
}

/// Why one module could not be installed, in one sentence for the cycle report.
struct InstallFailure: Error, Sendable, CustomStringConvertible {
    var reason: String
    init(_ reason: String) { self.reason = reason }
    var description: String { reason }
}
