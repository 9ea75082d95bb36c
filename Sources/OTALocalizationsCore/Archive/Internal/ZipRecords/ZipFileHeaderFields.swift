/// The fields a local file header (APPNOTE.TXT 4.3.7) and a central directory header (4.3.12) share, in the order
/// both write them: version needed to extract through the uncompressed size, then the name and extra field lengths.
struct ZipFileHeaderFields: Equatable {
    /// Version needed to extract (4.4.3).
    var versionNeeded: UInt16
    /// General purpose bit flag (4.4.4).
    var flags: UInt16
    /// Compression method (4.4.5).
    var method: UInt16
    /// MS-DOS time and date (4.4.6).
    var time: UInt16
    var date: UInt16
    var crc32: UInt32
    /// All ones when the size is in the ZIP64 extra field (4.5.3).
    var compressedSize: UInt32
    var uncompressedSize: UInt32

    /// Reads the fields and the two lengths after them; throws `truncated` when the bytes run out.
    static func read(_ cursor: inout ByteCursor) throws(ArchiveError) -> (ZipFileHeaderFields, nameLength: Int, extraLength: Int) {
        let fields = ZipFileHeaderFields(
            versionNeeded: try cursor.u16(), flags: try cursor.u16(), method: try cursor.u16(), time: try cursor.u16(),
            date: try cursor.u16(), crc32: try cursor.u32(), compressedSize: try cursor.u32(),
            uncompressedSize: try cursor.u32())
        return (fields, Int(try cursor.u16()), Int(try cursor.u16()))
    }

    /// Appends the fields and the lengths of `name` and `extra`, which must fit 16 bits.
    func write(to bytes: inout [UInt8], name: ArraySlice<UInt8>, extra: ArraySlice<UInt8>) {
        bytes.appendLE(versionNeeded)
        bytes.appendLE(flags)
        bytes.appendLE(method)
        bytes.appendLE(time)
        bytes.appendLE(date)
        bytes.appendLE(crc32)
        bytes.appendLE(compressedSize)
        bytes.appendLE(uncompressedSize)
        bytes.appendLE(UInt16(name.count))
        bytes.appendLE(UInt16(extra.count))
    }
}
