/// The fields a local file header (APPNOTE.TXT 4.3.7) and a central directory header (4.3.12) share, in the order
/// both write them: version needed to extract through the uncompressed size, then the name and extra field lengths.
package struct ZipFileHeaderFields: Equatable {
    /// Version needed to extract (4.4.3).
    package var versionNeeded: UInt16
    /// General purpose bit flag (4.4.4).
    package var flags: UInt16
    /// Compression method (4.4.5).
    package var method: UInt16
    /// MS-DOS time and date (4.4.6).
    package var time: UInt16
    package var date: UInt16
    package var crc32: UInt32
    /// All ones when the size is in the ZIP64 extra field (4.5.3).
    package var compressedSize: UInt32
    package var uncompressedSize: UInt32

    /// Creates the record from its fields, in the order it writes them.
    package init(
        versionNeeded: UInt16, flags: UInt16, method: UInt16, time: UInt16, date: UInt16, crc32: UInt32,
        compressedSize: UInt32, uncompressedSize: UInt32
    ) {
        self.versionNeeded = versionNeeded
        self.flags = flags
        self.method = method
        self.time = time
        self.date = date
        self.crc32 = crc32
        self.compressedSize = compressedSize
        self.uncompressedSize = uncompressedSize
    }

    /// Reads the fields and the two lengths after them; throws `truncated` when the bytes run out.
    static func read(_ cursor: inout ByteCursor) throws(ArchiveError) -> (ZipFileHeaderFields, nameLength: Int, extraLength: Int) {
        let fields = ZipFileHeaderFields(
            versionNeeded: try cursor.u16(), flags: try cursor.u16(), method: try cursor.u16(), time: try cursor.u16(),
            date: try cursor.u16(), crc32: try cursor.u32(), compressedSize: try cursor.u32(),
            uncompressedSize: try cursor.u32())
        return (fields, Int(try cursor.u16()), Int(try cursor.u16()))
    }
}
