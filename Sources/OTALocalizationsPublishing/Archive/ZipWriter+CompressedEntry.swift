import Foundation
import OTALocalizationsCore

extension ZipWriter {
    /// One file compressed by ``ZipWriter/compress(_:)``, ready for ``ZipWriter/archive(compressed:)``.
    ///
    /// Holds what the local and central headers need (APPNOTE.TXT 4.3.7, 4.3.12): the CRC-32 and size of the
    /// original bytes, the method (8 deflate, 0 stored) and the bytes as stored.
    public struct CompressedEntry: Sendable {
        /// A relative, `/`-separated path such as `fr.lproj/Localizable.strings`.
        public let path: String
        /// CRC-32 (ISO 3309, as zlib computes it) of the original bytes.
        public let crc32: UInt32
        /// 8 (deflate) or 0 (stored).
        public let method: UInt16
        /// Size of the original bytes.
        public let uncompressedSize: UInt64
        /// The bytes as stored in the archive.
        public let payload: Data
    }

    /// Compresses one entry by the writer's compression rule: deflate at level 6, or stored when deflating does
    /// not make it smaller. Pure; callable from any thread.
    ///
    /// - Throws: ``ArchiveError`` `writeFailed` when zlib fails.
    public static func compress(_ entry: Entry) throws(ArchiveError) -> CompressedEntry {
        let deflated: Data
        do {
            deflated = try RawDeflate.compress(entry.data, level: 6)
        } catch {
            throw ArchiveError(code: .writeFailed, reason: "deflate failed: \(error)", entryPath: entry.path)
        }
        let useDeflate = deflated.count < entry.data.count
        return CompressedEntry(
            path: entry.path, crc32: CRC32.checksum(entry.data), method: useDeflate ? 8 : 0,
            uncompressedSize: UInt64(entry.data.count), payload: useDeflate ? deflated : entry.data)
    }
}
