/// A central directory file header (APPNOTE.TXT 4.3.12): 46 bytes, then the name, the extra field and the comment.
///
/// A size or offset that does not fit is written all ones and found in the ZIP64 extra field (4.5.3).
package struct ZipCentralHeader: Equatable {
    package static let signature: UInt32 = 0x0201_4B50
    /// The header's size without the name, extra field and comment.
    package static let size = 46

    /// Version made by (4.4.2): the host in the high byte, the spec version in the low one.
    package var versionMadeBy: UInt16
    /// Version needed through the uncompressed size, as in the local header.
    package var fields: ZipFileHeaderFields
    package var diskStart: UInt16 = 0
    package var internalAttributes: UInt16 = 0
    /// External attributes (4.4.15); for a Unix host, the mode in the high 16 bits.
    package var externalAttributes: UInt32
    package var localHeaderOffset: UInt32
    package var name: ArraySlice<UInt8>
    package var extra: ArraySlice<UInt8>
    package var comment: ArraySlice<UInt8> = []

    /// Creates the record from its fields, in the order it writes them.
    package init(
        versionMadeBy: UInt16, fields: ZipFileHeaderFields, diskStart: UInt16 = 0, internalAttributes: UInt16 = 0,
        externalAttributes: UInt32, localHeaderOffset: UInt32, name: ArraySlice<UInt8>, extra: ArraySlice<UInt8>,
        comment: ArraySlice<UInt8> = []
    ) {
        self.versionMadeBy = versionMadeBy
        self.fields = fields
        self.diskStart = diskStart
        self.internalAttributes = internalAttributes
        self.externalAttributes = externalAttributes
        self.localHeaderOffset = localHeaderOffset
        self.name = name
        self.extra = extra
        self.comment = comment
    }

    /// Reads the header at `cursor`: nil, with the signature read, when the signature is another; throws
    /// `truncated` when the bytes run out.
    static func read(_ cursor: inout ByteCursor) throws(ArchiveError) -> ZipCentralHeader? {
        guard try cursor.u32() == signature else { return nil }
        let versionMadeBy = try cursor.u16()
        let (fields, nameLength, extraLength) = try ZipFileHeaderFields.read(&cursor)
        let commentLength = Int(try cursor.u16())
        return ZipCentralHeader(
            versionMadeBy: versionMadeBy, fields: fields, diskStart: try cursor.u16(),
            internalAttributes: try cursor.u16(), externalAttributes: try cursor.u32(),
            localHeaderOffset: try cursor.u32(), name: try cursor.take(nameLength), extra: try cursor.take(extraLength),
            comment: try cursor.take(commentLength))
    }
}
