import Foundation

/// A ZIP archive (APPNOTE.TXT 6.3.10) held in memory, parsed and validated as a whole before any entry is read.
///
/// The reader owns the format: it finds the end of central directory record from the end of the bytes (4.3.16,
/// within the last 64 KiB + 22 bytes, and only where its comment length reaches the last byte exactly), follows
/// ZIP64 records where present (4.3.14, 4.3.15, 4.5.3), parses every central directory header (4.3.12), and checks
/// each against its local header (4.3.7). Stored (0) and deflated (8) entries are read; data descriptors (bit 3,
/// 4.3.9) and empty entries are accepted. Entries under `__MACOSX/` and `._*` files (Apple metadata) are skipped.
///
/// Refused, each with its own ``ArchiveError/Code``: names escaping the root, absolute, with backslashes, drive
/// letters, empty or `.` components, NUL, longer than ``maximumNameBytes``, or invalid UTF-8 (names without bit 11 are read as UTF-8 too, as macOS
/// writes them; other legacy code pages are refused); names equal ignoring case and Unicode normalization (Apple
/// file systems are case-insensitive by default, so such entries would overwrite each other); a file used as a
/// folder; symlinks and other non-regular Unix modes (4.4.15, when made on Unix or OS X); encryption (flag bits 0,
/// 6, 13, method 99); other methods; multi-disk archives; local headers that disagree with the central directory;
/// offsets out of range or overlapping entries; counts and sizes over the ``ZipLimits``.
///
/// `ZipArchive` is an immutable value, safe to share between tasks.
public struct ZipArchive: Sendable {
    /// The longest entry name accepted, in UTF-8 bytes: 1,024, `PATH_MAX` on Apple platforms (`<sys/syslimits.h>`),
    /// so no longer name could be extracted there anyway. The writer refuses longer names too.
    public static let maximumNameBytes = 1024

    /// The limits this archive was opened with.
    public let limits: ZipLimits
    /// The file and folder entries in central directory order, Apple metadata (`__MACOSX/`, `._*`) excluded.
    public let entries: [ZipEntry]
    let bytes: [UInt8]

    /// Parses and validates `bytes` as a ZIP archive, without inflating any entry.
    ///
    /// - Parameter limits: count and size limits; declared sizes are checked here and actual sizes while inflating.
    /// - Throws: ``ArchiveError``; see the type's documentation for the codes.
    public init(bytes: Data, limits: ZipLimits = .default) throws(ArchiveError) {
        guard Int64(bytes.count) <= limits.maximumArchiveBytes else {
            throw ArchiveError(
                code: .archiveTooLarge,
                reason: "the archive has \(bytes.count) bytes, more than the limit of \(limits.maximumArchiveBytes)")
        }
        self.limits = limits
        self.bytes = [UInt8](bytes)
        self.entries = try ZipDirectoryParser(bytes: self.bytes, limits: limits).parse()
    }

    /// Returns the contents of `entry`, inflated within the limits and checked against its size and CRC-32.
    ///
    /// Folders return empty data. Output never grows past the entry's declared size (itself within
    /// ``ZipLimits/maximumUncompressedBytes``), so a stream that lies about its size cannot exhaust memory.
    /// - Throws: ``ArchiveError`` with code `unknownEntry` (not from this archive), `sizeMismatch`, `crcMismatch`,
    ///   `corruptDeflate` or `tooLarge`.
    public func contents(of entry: ZipEntry) throws(ArchiveError) -> Data {
        guard entries.indices.contains(entry.index), entries[entry.index] == entry else {
            throw ArchiveError(code: .unknownEntry, reason: "the entry is not one of this archive's", entryPath: entry.path)
        }
        return try read(entry, budget: limits.maximumUncompressedBytes)
    }

    /// Returns every file entry's path and contents, in central directory order (folders omitted).
    ///
    /// The total uncompressed limit is enforced while inflating, on the bytes actually produced.
    /// - Throws: ``ArchiveError`` as ``contents(of:)`` does, and `tooLarge` when the total passes the limit.
    public func extractAll() throws(ArchiveError) -> [(path: String, data: Data)] {
        var remaining = limits.maximumUncompressedBytes
        var result: [(path: String, data: Data)] = []
        for entry in entries where !entry.isDirectory {
            let data = try read(entry, budget: remaining)
            remaining -= Int64(data.count)
            result.append((entry.path, data))
        }
        return result
    }

    /// Reads one entry, producing at most `budget` bytes.
    private func read(_ entry: ZipEntry, budget: Int64) throws(ArchiveError) -> Data {
        if entry.isDirectory { return Data() }
        let start = entry.dataOffset
        let count = Int(entry.compressedSize)
        let declared = Int64(entry.uncompressedSize)
        func fail(_ code: ArchiveError.Code, _ reason: String) -> ArchiveError {
            ArchiveError(code: code, reason: reason, entryPath: entry.path)
        }
        guard declared <= budget else {
            throw fail(.tooLarge, "the archive's contents exceed the limit of \(limits.maximumUncompressedBytes) bytes")
        }
        let data: Data
        if entry.method == 0 {
            data = Data(bytes[start..<(start + count)])
        } else {
            let result: (output: Data, consumed: Int)
            do {
                result = try bytes.withUnsafeBytes { raw in
                    try RawInflate.decompress(
                        UnsafeRawBufferPointer(rebasing: raw[start..<(start + count)]), maximumBytes: Int(declared))
                }
            } catch let error as CompressionError {
                switch error.code {
                case .outputTooLarge:
                    throw fail(.sizeMismatch, "the data inflates to more than the declared \(declared) bytes")
                case .truncated:
                    throw fail(.corruptDeflate, "the deflate stream ends before its final block")
                default:
                    throw fail(.corruptDeflate, "the deflate data is invalid: \(error.reason)")
                }
            } catch {
                // `withUnsafeBytes` rethrows untyped; inflating throws only CompressionError.
                throw fail(.corruptDeflate, "the deflate data is invalid: \(error)")
            }
            guard result.consumed == count else {
                throw fail(
                    .sizeMismatch,
                    "the deflate stream ends after \(result.consumed) of the declared \(count) compressed bytes")
            }
            data = result.output
        }
        guard Int64(data.count) == declared else {
            throw fail(.sizeMismatch, "the data has \(data.count) bytes, not the declared \(declared)")
        }
        let crc = CRC32.checksum(data)
        guard crc == entry.crc32 else {
            throw fail(.crcMismatch, "the CRC-32 is \(hex(crc)), not the declared \(hex(entry.crc32))")
        }
        return data
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }
}
