// TEMPORARY: stand-ins for OTALocalizationsCore types on the `archive` and `tables` branches. Deleted at merge.
import Foundation

public struct ZipLimits: Sendable, Equatable {
    public var maximumEntryCount: Int
    public var maximumUncompressedBytes: Int64
    public var maximumArchiveBytes: Int64
    public init(
        maximumEntryCount: Int = 10_000,
        maximumUncompressedBytes: Int64 = 128 * 1024 * 1024,
        maximumArchiveBytes: Int64 = 32 * 1024 * 1024
    ) {
        self.maximumEntryCount = maximumEntryCount
        self.maximumUncompressedBytes = maximumUncompressedBytes
        self.maximumArchiveBytes = maximumArchiveBytes
    }
    public static let `default` = ZipLimits()
}

enum SHA256Digest {
    static func hexString(_ data: Data) -> String { fatalError("pending archive branch") }
}

struct ArchiveError: Error { var code: String; var reason: String }

struct ZipArchive {
    init(bytes: Data, limits: ZipLimits) throws { fatalError("pending archive branch") }
    func extractAll() throws -> [(path: String, data: Data)] { [] }
}

enum LocalizationTable {
    static func parse(_ data: Data, path: String) throws -> Int { fatalError("pending tables branch") }
}
