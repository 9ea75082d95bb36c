/// A central directory file header (APPNOTE.TXT 4.3.12): 46 bytes, then the name, the extra field and the comment.
///
/// A size or offset that does not fit is written all ones and found in the ZIP64 extra field (4.5.3).
struct ZipCentralHeader: Equatable {
    static let signature: UInt32 = 0x0201_4B50
    /// The header's size without the name, extra field and comment.
    static let size = 46

    /// Version made by (4.4.2): the host in the high byte, the spec version in the low one.
    var versionMadeBy: UInt16
    /// Version needed through the uncompressed size, as in the local header.
    var fields: ZipFileHeaderFields
    var diskStart: UInt16 = 0
    var internalAttributes: UInt16 = 0
    /// External attributes (4.4.15); for a Unix host, the mode in the high 16 bits.
    var externalAttributes: UInt32
    var localHeaderOffset: UInt32
    var name: ArraySlice<UInt8>
    var extra: ArraySlice<UInt8>
    var comment: ArraySlice<UInt8> = []

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

    /// Appends the header, name, extra field and comment to `bytes`; the comment's length must fit 16 bits.
    func write(to bytes: inout [UInt8]) {
        bytes.appendLE(Self.signature)
        bytes.appendLE(versionMadeBy)
        fields.write(to: &bytes, name: name, extra: extra)
        bytes.appendLE(UInt16(comment.count))
        bytes.appendLE(diskStart)
        bytes.appendLE(internalAttributes)
        bytes.appendLE(externalAttributes)
        bytes.appendLE(localHeaderOffset)
        bytes.append(contentsOf: name)
        bytes.append(contentsOf: extra)
        bytes.append(contentsOf: comment)
    }
}
