/// One file or folder of a ``ZipArchive``, as its central directory header (APPNOTE.TXT 4.3.12) describes it.
///
/// Values are those of the central directory after ZIP64 resolution (4.5.3); the reader has already checked them
/// against the local header. Obtain entries from ``ZipArchive/entries``.
public struct ZipEntry: Sendable, Hashable {
    /// The entry's name: UTF-8, `/`-separated, relative; folders keep their trailing `/`.
    public var path: String
    /// The compression method: 0 stored or 8 deflate (APPNOTE.TXT 4.4.5).
    public var method: UInt16
    /// Bytes of stored or deflated data in the archive.
    public var compressedSize: UInt64
    /// Bytes of the entry's contents once inflated.
    public var uncompressedSize: UInt64
    /// The declared CRC-32 of the contents.
    public var crc32: UInt32
    /// Whether the entry is a folder (name ends with `/`); folders carry no data.
    public var isDirectory: Bool
    /// The general purpose bit flag (APPNOTE.TXT 4.4.4).
    public var flags: UInt16
    /// Offset of the entry's data (after its local header) in the archive.
    var dataOffset: Int
    /// Position in the archive's central directory, used to recognise the entry.
    var index: Int
}
