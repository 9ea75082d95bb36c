import Foundation
import OTALocalizationsCore
import OTALocalizationsNames

/// A writer of reproducible ZIP archives (APPNOTE.TXT 6.3.10): the same entries give the same bytes, on any machine,
/// in any input order.
///
/// Every archive it writes follows these rules:
/// - Entries sorted by path, comparing the UTF-8 bytes.
/// - Files only, no folder entries: `unzip`, Python's `zipfile`, `ditto` and Archive Utility create folders from the
///   paths, and fewer entries mean fewer records to check on the client.
/// - Time and date fields fixed at 1980-01-01 00:00, the MS-DOS epoch (4.4.6).
/// - Version made by: Unix (3), spec 2.0, or 4.5 for ZIP64 (4.4.2); external attributes `0o100644 << 16`, a regular
///   file with mode 0644 (4.4.15); internal attributes 0.
/// - General purpose flag bit 11 (UTF-8 names, 4.4.4, appendix D); bits 1-2 clear (normal compression, 4.4.4).
/// - One compression rule: every entry is deflated at level 6 (zlib's and `zip`'s default: level 9 costs about
///   nine times the CPU on localization text for about 2% smaller ZIPs) (4.4.5, method 8), and is stored (method 0) instead
///   exactly when the deflated bytes are not fewer than the original ones (so empty files are stored).
/// - No extra fields, no comments, no data descriptors (bit 3 clear); sizes and CRC-32 in the local header.
/// - ZIP64 (4.5.3, 4.3.14, 4.3.15) only when a size, offset or count does not fit the classic fields.
///
/// Reproducibility also depends on zlib's deflate output, which is stable across zlib 1.2.x releases in practice.
public struct ZipWriter {
    /// One file to store: its path inside the archive and its contents.
    public struct Entry: Sendable {
        /// A relative, `/`-separated path such as `fr.lproj/Localizable.strings`.
        public var path: String
        /// The file's bytes.
        public var data: Data

        /// Creates an entry for the file at `path` with contents `data`.
        public init(path: String, data: Data) {
            self.path = path
            self.data = data
        }
    }

    /// Returns a complete ZIP archive holding `entries`, following the rules listed on ``ZipWriter``.
    ///
    /// Same bytes as ``compress(_:)`` on each entry followed by ``archive(compressed:)``.
    /// - Throws: ``ArchiveError`` when a path breaks the reader's rules (codes `pathEscapesRoot`, `absolutePath`,
    ///   `backslashInPath`, `driveLetter`, `emptyPathComponent`, `nulInName`, `nameTooLong` over ``ZipArchive/maximumNameBytes``; `notRegularFile` for a path ending in
    ///   `/`), when two paths collide (`duplicateName`, `pathConflict`), or `writeFailed` when zlib fails.
    public static func archive(_ entries: [Entry]) throws(ArchiveError) -> Data {
        try archive(compressed: entries.map(compress))
    }

    /// Returns a complete ZIP archive holding entries already compressed by ``compress(_:)``, so callers can
    /// compress on several threads and assemble in one step.
    ///
    /// - Throws: ``ArchiveError`` for the path rules listed on ``archive(_:)``.
    public static func archive(compressed entries: [CompressedEntry]) throws(ArchiveError) -> Data {
        try archive(compressed: entries, zip64Threshold: 0xFFFF_FFFF, entryCountThreshold: 0xFFFF)
    }

    /// The writer with adjustable ZIP64 thresholds, so tests can exercise ZIP64 without gigabytes of data.
    static func archive(_ entries: [Entry], zip64Threshold: UInt64, entryCountThreshold: Int) throws(ArchiveError) -> Data {
        try archive(compressed: entries.map(compress), zip64Threshold: zip64Threshold, entryCountThreshold: entryCountThreshold)
    }

    private static func archive(
        compressed entries: [CompressedEntry], zip64Threshold: UInt64, entryCountThreshold: Int
    ) throws(ArchiveError) -> Data {
        let sorted = entries.sorted { UTF8ByteOrder.precedes($0.path, $1.path) }
        try checkPaths(sorted.map(\.path))

        var out = [UInt8]()
        out.reserveCapacity(
            sorted.reduce(ZipEndRecord.size) { $0 + ZipLocalHeader.size + $1.path.utf8.count + $1.payload.count })
        var central = [UInt8]()
        for entry in sorted {
            let name = Array(entry.path.utf8)
            let crc = entry.crc32
            let payload = entry.payload
            let useDeflate = entry.method == 8
            let method = entry.method
            let flags: UInt16 = 0x0800
            let uncompressedSize = entry.uncompressedSize
            let compressedSize = UInt64(payload.count)
            let offset = UInt64(out.count)

            let sizesNeedZip64 = uncompressedSize >= zip64Threshold || compressedSize >= zip64Threshold
            let offsetNeedsZip64 = offset >= zip64Threshold
            let versionNeeded: UInt16 = (sizesNeedZip64 || offsetNeedsZip64) ? 45 : (useDeflate ? 20 : 10)
            let versionMadeBy: UInt16 = 0x0300 | ((sizesNeedZip64 || offsetNeedsZip64) ? 45 : 20)

            let fields = ZipFileHeaderFields(
                versionNeeded: versionNeeded, flags: flags, method: method,
                time: 0,  // 00:00:00
                date: 0x0021,  // 1980-01-01
                crc32: crc, compressedSize: sizesNeedZip64 ? UInt32.max : UInt32(compressedSize),
                uncompressedSize: sizesNeedZip64 ? UInt32.max : UInt32(uncompressedSize))

            // A ZIP64 local extra holds both sizes (4.5.3).
            let localExtra = sizesNeedZip64
                ? Zip64ExtraField(uncompressedSize: uncompressedSize, compressedSize: compressedSize).bytes : []
            ZipLocalHeader(fields: fields, name: name[...], extra: localExtra[...]).write(to: &out)
            out.append(contentsOf: payload)

            // The central ZIP64 extra lists only the overflowing fields, in order.
            let centralExtra = Zip64ExtraField(
                uncompressedSize: sizesNeedZip64 ? uncompressedSize : nil,
                compressedSize: sizesNeedZip64 ? compressedSize : nil,
                localHeaderOffset: offsetNeedsZip64 ? offset : nil
            ).bytes
            ZipCentralHeader(
                versionMadeBy: versionMadeBy, fields: fields,
                externalAttributes: UInt32(0o100644) << 16,  // regular file, 0644
                localHeaderOffset: offsetNeedsZip64 ? UInt32.max : UInt32(offset), name: name[...],
                extra: centralExtra[...]
            ).write(to: &central)
        }

        let centralOffset = UInt64(out.count)
        let centralSize = UInt64(central.count)
        out.append(contentsOf: central)
        let count = sorted.count
        let countNeedsZip64 = count >= entryCountThreshold
        let offsetNeedsZip64 = centralOffset >= zip64Threshold
        let sizeNeedsZip64 = centralSize >= zip64Threshold
        if countNeedsZip64 || offsetNeedsZip64 || sizeNeedsZip64 {
            let recordOffset = UInt64(out.count)
            Zip64EndRecord(
                entriesOnDisk: UInt64(count), entries: UInt64(count), directorySize: centralSize,
                directoryOffset: centralOffset
            ).write(to: &out)
            Zip64EndLocator(recordOffset: recordOffset).write(to: &out)
        }
        let classicCount = countNeedsZip64 ? UInt16.max : UInt16(count)
        ZipEndRecord(
            entriesOnDisk: classicCount, entries: classicCount,
            directorySize: sizeNeedsZip64 ? UInt32.max : UInt32(centralSize),
            directoryOffset: offsetNeedsZip64 ? UInt32.max : UInt32(centralOffset)
        ).write(to: &out)
        return Data(out)
    }

    private static func checkPaths(_ paths: [String]) throws(ArchiveError) {
        var seen = [String: String]()
        for path in paths {
            try ZipPathRules.validate(path)
            if path.utf8.count > Int(UInt16.max) {
                throw ArchiveError(code: .invalidName, reason: "the path is longer than 65,535 bytes", entryPath: path)
            }
            if path.hasSuffix("/") {
                throw ArchiveError(
                    code: .notRegularFile, reason: "the writer stores files only; folders come from the paths",
                    entryPath: path)
            }
            let key = ZipPathRules.collisionKey(path)
            if let other = seen[key] {
                throw ArchiveError(
                    code: .duplicateName, reason: "the path collides with \(other) on a case-insensitive file system",
                    entryPath: path)
            }
            seen[key] = path
        }
        for path in paths {
            var parent = Substring(ZipPathRules.collisionKey(path))
            while let slash = parent.lastIndex(of: "/") {
                parent = parent[..<slash]
                if let file = seen[String(parent)] {
                    throw ArchiveError(
                        code: .pathConflict, reason: "the path is inside \(file), which is a file", entryPath: path)
                }
            }
        }
    }
}
