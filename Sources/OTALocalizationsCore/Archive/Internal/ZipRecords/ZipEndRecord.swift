/// The end of central directory record (APPNOTE.TXT 4.3.16): 22 bytes, then a comment of `commentLength` bytes.
///
/// A count, size or offset that does not fit is written all ones and found in the ZIP64 end record (4.3.14).
struct ZipEndRecord: Equatable {
    static let signature: UInt32 = 0x0605_4B50
    /// The record's size without the comment.
    static let size = 22

    var disk: UInt16 = 0
    var directoryDisk: UInt16 = 0
    var entriesOnDisk: UInt16
    var entries: UInt16
    var directorySize: UInt32
    var directoryOffset: UInt32
    var commentLength: UInt16 = 0

    /// Reads the record at `cursor`: nil, with the signature read, when the signature is another; throws
    /// `truncated` when the bytes run out.
    static func read(_ cursor: inout ByteCursor) throws(ArchiveError) -> ZipEndRecord? {
        guard try cursor.u32() == signature else { return nil }
        return ZipEndRecord(
            disk: try cursor.u16(), directoryDisk: try cursor.u16(), entriesOnDisk: try cursor.u16(),
            entries: try cursor.u16(), directorySize: try cursor.u32(), directoryOffset: try cursor.u32(),
            commentLength: try cursor.u16())
    }

    /// Appends the record (with no comment bytes) to `bytes`.
    func write(to bytes: inout [UInt8]) {
        bytes.appendLE(Self.signature)
        bytes.appendLE(disk)
        bytes.appendLE(directoryDisk)
        bytes.appendLE(entriesOnDisk)
        bytes.appendLE(entries)
        bytes.appendLE(directorySize)
        bytes.appendLE(directoryOffset)
        bytes.appendLE(commentLength)
    }
}
