/// The end of central directory record (APPNOTE.TXT 4.3.16): 22 bytes, then a comment of `commentLength` bytes.
///
/// A count, size or offset that does not fit is written all ones and found in the ZIP64 end record (4.3.14).
package struct ZipEndRecord: Equatable {
    package static let signature: UInt32 = 0x0605_4B50
    /// The record's size without the comment.
    package static let size = 22

    package var disk: UInt16 = 0
    package var directoryDisk: UInt16 = 0
    package var entriesOnDisk: UInt16
    package var entries: UInt16
    package var directorySize: UInt32
    package var directoryOffset: UInt32
    package var commentLength: UInt16 = 0

    /// Creates the record from its fields, in the order it writes them.
    package init(
        disk: UInt16 = 0, directoryDisk: UInt16 = 0, entriesOnDisk: UInt16, entries: UInt16, directorySize: UInt32,
        directoryOffset: UInt32, commentLength: UInt16 = 0
    ) {
        self.disk = disk
        self.directoryDisk = directoryDisk
        self.entriesOnDisk = entriesOnDisk
        self.entries = entries
        self.directorySize = directorySize
        self.directoryOffset = directoryOffset
        self.commentLength = commentLength
    }

    /// Reads the record at `cursor`: nil, with the signature read, when the signature is another; throws
    /// `truncated` when the bytes run out.
    static func read(_ cursor: inout ByteCursor) throws(ArchiveError) -> ZipEndRecord? {
        guard try cursor.u32() == signature else { return nil }
        return ZipEndRecord(
            disk: try cursor.u16(), directoryDisk: try cursor.u16(), entriesOnDisk: try cursor.u16(),
            entries: try cursor.u16(), directorySize: try cursor.u32(), directoryOffset: try cursor.u32(),
            commentLength: try cursor.u16())
    }
}
